"""Tune the heuristic's own parameters with optuna: "a stronger fast agent".

Two stages, both optuna studies (TPE sampler, seeded) over the heuristic's
parameters (:data:`agents.dungeonology.heuristic.DEFAULTS` less ``noise``, each in 0..1):

1. *Self-play*: a candidate at one seat against three default heuristics,
   ``games`` seat-rotated games per trial on the same seeds for every trial
   (common random numbers); the objective is the candidate's win rate.
2. *Against ISMCTS*: the best ``top`` candidates of stage 1 are enqueued, then
   TPE proposes up to ``ismcts_trials`` in all; the objective is the win rate
   of ISMCTS (``ismcts`` spec, default budget) at one seat against three
   copies of the candidate (``ismcts_games`` games per trial), minimised.

The best candidate of stage 2 is then measured on fresh seeds
(``validate`` games, a Wilson 95% interval): that figure, not the tuning
objective, is the one to report (the best of several noisy trials is biased
low). :func:`persona_toml` writes it as a persona for
agents/dungeonology/heuristic/personas.toml. Games go through
:func:`experiments.matches.tournament.play_tournament`, so ``jobs`` worker processes
give the same results as one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd

from experiments.analysis.stats import wilson
from experiments.matches.tournament import play_tournament
from sim.dungeonology.config import GameConfig

BASE = "heuristic"


def tuned_names() -> list[str]:
    """The parameters tuned: every heuristic parameter but the exploration noise."""
    from agents.dungeonology.heuristic import DEFAULTS

    return [k for k in DEFAULTS if k != "noise"]


def spec_of(params: dict[str, float], digits: int = 2) -> str:
    """The heuristic spec string of a parameter set (values rounded to ``digits``)."""
    return BASE + ":" + ",".join(f"{k}={round(float(v), digits):g}" for k, v in params.items())


def win_rate(config: GameConfig, specs: list[str], agent: str, games: int, seed: int, jobs: int) -> tuple[int, int]:
    """(wins, seat-games) of ``agent`` in a seat-rotated tournament of ``specs``."""
    rows = play_tournament(config, specs, games, seed=seed, jobs=jobs)
    mine = rows[rows["agent"] == agent]
    return int(mine["won"].sum()), len(mine)


@dataclass
class TuneResult:
    """The trials of both stages, the chosen parameters and their validation on fresh seeds."""

    self_play: pd.DataFrame
    against_ismcts: pd.DataFrame
    params: dict[str, float]
    spec: str
    wins: int  # ISMCTS wins in the validation games
    games: int
    ci: tuple[float, float]


def _trials(study) -> pd.DataFrame:
    frame = study.trials_dataframe(attrs=("number", "value", "params"))
    return frame.rename(columns=lambda c: c.removeprefix("params_"))


def tune_heuristic(config: GameConfig, trials: int = 40, games: int = 400, top: int = 4, ismcts_trials: int = 6,
                   ismcts_games: int = 40, validate: int = 200, ismcts: str = "ismcts", seed: int = 0, jobs: int = 1,
                   log: Callable[[str], None] = print) -> TuneResult:
    """Run both stages and the validation (see the module docstring); ``log`` gets one line per trial."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    names = tuned_names()

    def suggest(trial) -> dict[str, float]:
        return {k: trial.suggest_float(k, 0.0, 1.0) for k in names}

    def self_play(trial) -> float:
        cand = spec_of(suggest(trial))
        wins, n = win_rate(config, [cand, BASE, BASE, BASE][: config.players], cand, games, seed, jobs)
        log(f"self-play trial {trial.number + 1}/{trials}: {cand} wins {wins / n:.3f} of {n}")
        return wins / n

    first = optuna.create_study(direction="maximize", sampler=optuna.samplers.TPESampler(seed=seed))
    first.enqueue_trial({k: v for k, v in _defaults().items() if k in names})  # the default as a reference
    first.optimize(self_play, n_trials=trials)

    def against(trial) -> float:
        cand = spec_of(suggest(trial))
        wins, n = win_rate(config, [ismcts] + [cand] * (config.players - 1), ismcts, ismcts_games, seed + 1, jobs)
        log(f"ISMCTS trial {trial.number + 1}/{ismcts_trials}: {cand}: ISMCTS wins {wins / n:.3f} of {n}")
        return wins / n

    second = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed + 1))
    done = [t for t in first.trials if t.value is not None]
    for t in sorted(done, key=lambda t: -t.value)[:top]:
        second.enqueue_trial(t.params)
    second.optimize(against, n_trials=max(ismcts_trials, min(top, len(done))))
    best = {k: round(float(second.best_params[k]), 2) for k in names}
    spec = spec_of(best)
    wins, n = win_rate(config, [ismcts] + [spec] * (config.players - 1), ismcts, validate, seed + 2, jobs)
    lo, hi = wilson(wins, n)
    log(f"validation on fresh seeds: ISMCTS wins {wins}/{n} = {wins / n:.3f} ({float(lo):.3f}-{float(hi):.3f}) "
        f"against three {spec}")
    return TuneResult(_trials(first), _trials(second), best, spec, wins, n, (float(lo), float(hi)))


def _defaults() -> dict[str, float]:
    from agents.dungeonology.heuristic import DEFAULTS

    return dict(DEFAULTS)


def persona_toml(name: str, result: TuneResult, command: str) -> str:
    """A persona table for agents/dungeonology/heuristic/personas.toml: the tuned values that differ from
    the defaults."""
    defaults = _defaults()
    lo, hi = result.ci
    lines = [f"# {command}",
             f"# validation: ISMCTS won {result.wins}/{result.games} = {result.wins / result.games:.1%} "
             f"({lo:.1%}-{hi:.1%}, Wilson 95%) against three of this persona, on fresh seeds",
             f"[{name}]"]
    lines += [f"{k} = {v:g}" for k, v in result.params.items() if abs(v - defaults[k]) > 1e-9]
    return "\n".join(lines) + "\n"
