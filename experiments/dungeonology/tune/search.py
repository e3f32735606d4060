"""``dungeonology tune FILE``: search the free data values of a tune file for the ones that
best meet its targets, with optuna, playing every game through the sweep runner.

* **Search**: one optuna study (TPE by default, :mod:`experiments.dungeonology.tune.config`), trials one
  after another. A trial plays the file's ``[game]`` with the candidate's values as fixed
  overrides: a sweep run (:func:`experiments.runs.sweep.run_sweep`, so every core, loky or dask)
  in ``<out>/trials/trial-NNNN/``. Its value is :func:`experiments.dungeonology.tune.objective.objective`.
* **Noise**: the first evaluation of every candidate plays the same seeds (master seed
  ``seed + 1``: common random numbers, so candidates are compared on the same deals); when
  the sampler proposes a candidate again, it is played again on fresh seeds (``seed + 1 +
  r`` for its r-th repetition) and the trial's value is the objective of all its games
  pooled. The best candidate is the one whose pooled objective is lowest.
* **Validation**: the data before tuning and the best candidate are played again on seeds
  no trial used (master seed ``seed``), the same seeds for both, in ``<out>/validation/``. The
  validated objective is the result: the best candidate's search objective was picked as the lowest
  of many noisy ones, so it is biased optimistic, and is shown as such.
* **Penalty**: changes are measured from the data's own values (the box's, with the designer's
  layers), not from the values the tune file sets as its start, so a planted start pulls nothing.
* **Outputs**: ``<out>/layer/`` (a data layer folder, :mod:`experiments.dungeonology.tune.layer`),
  ``<out>/report.md`` (before / after, :mod:`experiments.dungeonology.tune.report`), the HTML reports of
  both validation runs, and ``<out>/tune.json``.
* **Resume**: the study is stored in ``<out>/study.db`` (optuna's RDB storage, sqlite), each
  trial's games in its sweep run folder. Running the same file again continues: a trial cut
  short resumes its sweep, finished trials are not played again. Reproducible: the sampler
  of trial n is seeded with (seed, n) and the trials are sequential, so the same file gives
  the same trials, interrupted or not.

See docs/TUNE.md.
"""

from __future__ import annotations

import json
import math
import shutil
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from experiments.dungeonology.tune import objective as O
from experiments.dungeonology.tune.config import TunePlan, load_tune
from experiments.dungeonology.tune.result import Arm, Candidate, TrialRecord, TuneResult
from experiments.runs.folder import RunFolder, SweepError
from experiments.runs.stamps import code_version, timestamp
from sim.dungeonology.loader import load_data, split_key
from sim.kit.errors import ConfigError, format_value

STUDY = "study.db"
OWN = {STUDY, "trials", "validation", "layer", "report.md", "tune.json", ".lock", ".layer.tmp",
       f"{STUDY}-journal"}
__all__ = ["Candidate", "TrialRecord", "TuneResult", "best_candidate", "run_tune"]


def _quiet_optuna():
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    return optuna


def _sampler(plan: TunePlan, number: int):
    """The sampler of trial ``number``: seeded with (seed, number), so a resumed study proposes what an
    uninterrupted one would."""
    optuna = _quiet_optuna()
    seed = (plan.seed * 100_003 + number) % 2**32
    if plan.sampler == "random":
        return optuna.samplers.RandomSampler(seed=seed)
    return optuna.samplers.TPESampler(seed=seed, n_startup_trials=plan.startup_trials, multivariate=True)


def _key_of(params: dict[str, Any]) -> str:
    return json.dumps(params, sort_keys=True, default=str)


# ----------------------------------------------------------------- folder
def _prepare(out: Path, plan: TunePlan, fresh: bool):
    """The study in ``out`` (created, or loaded after checking it is this file's) and its storage URL."""
    optuna = _quiet_optuna()
    if out.exists() and not out.is_dir():
        raise SweepError(f"{out}: not a folder")
    foreign = sorted(e.name for e in out.iterdir() if e.name not in OWN) if out.is_dir() else []
    linked = sorted(e.name for e in out.iterdir() if e.is_symlink()) if out.is_dir() else []
    if linked:  # the study, the runs and the layer are written in the folder, never through a link
        raise SweepError(f"{out / linked[0]}: a link is in the way (a tune folder's files are never written "
                         "through a link, so nothing outside the folder is touched); delete it and run again")
    if foreign:
        raise SweepError(f"{out}: not a tune folder and not empty ({', '.join(foreign[:3])}"
                         f"{', ...' if len(foreign) > 3 else ''}); choose another --out")
    if fresh:
        for name in OWN - {".lock"}:
            path = out / name
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()
    url = f"sqlite:///{(out / STUDY).resolve()}"
    if (out / STUDY).exists():
        study = optuna.load_study(study_name="tune", storage=url)
        if study.user_attrs.get("identity") != plan.identity_hash():
            old = study.user_attrs.get("plan") or {}
            diffs = [k for k, v in plan.identity().items() if json.dumps(old.get(k), sort_keys=True, default=str)
                     != json.dumps(v, sort_keys=True, default=str)]
            raise SweepError(f"{out}: this folder holds a tune of another file (differs in: "
                             f"{', '.join(diffs) or 'the file'}); rerun with --fresh to delete it and start again, "
                             "or choose another --out")
        return study, url
    study = optuna.create_study(study_name="tune", storage=url, direction="minimize")
    study.set_user_attr("identity", plan.identity_hash())
    study.set_user_attr("plan", json.loads(json.dumps(plan.identity(), default=str)))
    study.set_user_attr("code_version", code_version())
    study.set_user_attr("started", timestamp())
    start = {p.key: p.sampled(p.start) for p in plan.parameters}
    if all(v is not None for v in start.values()):  # the data as it is: the first trial, the reference
        study.enqueue_trial(start)
    return study, url


# ----------------------------------------------------------------- trials
def _values(plan: TunePlan, params: dict[str, Any]) -> dict[str, Any]:
    return {p.key: p.value(params[p.key]) for p in plan.parameters}


def _play(plan: TunePlan, name: str, seed: int, values: dict[str, Any], run_dir: Path, games: int | None,
          sweep: dict[str, Any]) -> tuple[dict[str, Any], list[str], int]:
    """Play one run of the tune (a trial or a validation arm) through the sweep runner: its counts, the
    runner's notes and the games it played now."""
    from experiments.analysis.dataset import load
    from experiments.runs.sweep import run_sweep

    sweep_plan = plan.sweep(name, seed, values, games, chunk_size=sweep["chunk_size"](games))
    result = run_sweep(sweep_plan, run_dir, jobs=sweep["jobs"], backend=sweep["backend"],
                       scheduler=sweep["scheduler"])
    return O.counts(load(run_dir)), result.notes, result.games_played


def _record(plan: TunePlan, t) -> TrialRecord:
    return TrialRecord(t.number, _values(plan, t.params), int(t.user_attrs["repetition"]), int(t.user_attrs["seed"]),
                       int(t.user_attrs["counts"]["games"]), float(t.user_attrs["own"]), float(t.value),
                       dict(t.user_attrs["parts"]), str(t.user_attrs["run_dir"]))


def best_candidate(plan: TunePlan, trials: list) -> Candidate:
    """The candidate (distinct values) whose pooled games give the lowest objective; ties: more games,
    then the earlier one."""
    groups: dict[str, list] = {}
    for t in trials:
        groups.setdefault(_key_of(t.params), []).append(t)
    best: Candidate | None = None
    for group in groups.values():
        values = _values(plan, group[0].params)
        pooled = O.pool(t.user_attrs["counts"] for t in group)
        value, parts = O.objective(plan.objective, plan.penalty, plan.parameters, values, pooled)
        cand = Candidate(values, tuple(t.number for t in group), pooled, value, parts)
        if best is None or (value, -pooled["games"]) < (best.objective, -best.counts["games"]):
            best = cand
    assert best is not None
    return best


def _describe(values: dict[str, Any]) -> str:
    return ", ".join(f"{k} = {format_value(v)}" for k, v in values.items())


def _is_storage(exc: BaseException) -> bool:
    import sqlite3

    module = type(exc).__module__.split(".")[0]
    return isinstance(exc, sqlite3.Error) or module == "sqlalchemy" or (
        module == "optuna" and type(exc).__name__ == "StorageInternalError")


def storage_error(exc: BaseException) -> str | None:
    """What went wrong, in words, when ``exc`` is an error of the study's storage (sqlite through SQLAlchemy
    and optuna: a full disk, a read-only or locked file): the first line of the innermost storage error it
    was raised from; None for any other exception."""
    if not _is_storage(exc):
        return None
    found, chain, seen = exc, exc.__cause__ or exc.__context__, {id(exc)}
    while chain is not None and id(chain) not in seen:
        seen.add(id(chain))
        found = chain if _is_storage(chain) else found
        chain = chain.__cause__ or chain.__context__
    text = str(getattr(found, "orig", None) or found).strip()
    return text.splitlines()[0][:120] if text else type(found).__name__


def run_tune(source: str | Path | TunePlan, out: str | Path | None = None, *, jobs: int = 1, backend: str = "loky",
             scheduler: str | None = None, fresh: bool = False, html: bool = True,
             progress: Callable[[str], None] | None = None) -> TuneResult:
    """Run (or continue) the tune of ``source`` (a tune file or a loaded plan) into ``out`` (default
    ``results/<name>``); see the module docstring. ``progress`` gets one line per trial and stage.
    Raises ConfigError / DataError / SweepError for bad input; KeyboardInterrupt leaves a resumable folder."""
    plan = source if isinstance(source, TunePlan) else load_tune(source)
    out = Path(out) if out is not None else Path("results") / plan.name
    say = progress or (lambda line: None)
    lock = RunFolder(out)
    lock.lock()
    try:
        with _cluster(backend, scheduler, jobs) as address:
            return _run(plan, out, jobs, backend, address, fresh, html, say)
    finally:
        lock.release()


@contextmanager
def _cluster(backend: str, scheduler: str | None, jobs: int) -> Iterator[str | None]:
    """The dask scheduler every run of the tune uses: the one given, or one local cluster of ``jobs`` workers
    for the whole tune (the sweep runner would start one per run, each worker loading the engine again)."""
    if backend != "dask" or scheduler:
        yield scheduler
        return
    try:
        from distributed import LocalCluster
    except ImportError:
        raise ConfigError("the dask backend needs dask.distributed: pip install 'dask[distributed]'",
                          key="--backend", value="dask") from None
    cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def _run(plan: TunePlan, out: Path, jobs: int, backend: str, scheduler: str | None, fresh: bool, html: bool,
         say: Callable[[str], None]) -> TuneResult:
    from optuna.trial import TrialState

    start_time = time.perf_counter()
    study, url = _prepare(out, plan, fresh)
    given_chunk = plan.game.get("chunk_size")
    sweep = {"jobs": jobs, "backend": backend, "scheduler": scheduler,
             "chunk_size": lambda games: given_chunk or max(1, math.ceil(
                 (games or plan.game["games_per_cell"]) / max(jobs, 1)))}
    dists = {p.key: p.distribution() for p in plan.parameters}
    notes: list[str] = []
    played = 0
    say(f"Tune {plan.name}: {plan.trials} trials of {plan.trial_games:,} games, then 2 x {plan.validation_total:,} "
        f"validation games ({plan.budget:,} games at most), in {out}")
    while True:
        trials = study.get_trials(deepcopy=False)
        done = [t for t in trials if t.state == TrialState.COMPLETE]
        running = [t for t in trials if t.state == TrialState.RUNNING]
        if running:  # cut short by an interruption: finish it (its sweep resumes)
            trial_number, params = running[0].number, running[0].params
            repetition, seed = int(running[0].user_attrs["repetition"]), int(running[0].user_attrs["seed"])
            trial_id = running[0]._trial_id
        elif len(done) >= plan.trials:
            break
        else:
            asker = _quiet_optuna().load_study(study_name="tune", storage=url,
                                               sampler=_sampler(plan, len(trials)))
            trial = asker.ask(fixed_distributions=dists)
            trial_number, params, trial_id = trial.number, trial.params, trial._trial_id
            repetition = sum(_key_of(t.params) == _key_of(params) for t in done)
            seed = plan.seed + 1 + repetition
            trial.set_user_attr("repetition", repetition)
            trial.set_user_attr("seed", seed)
        values = _values(plan, params)
        name = f"trial-{trial_number:04d}"
        run_dir = out / "trials" / name
        counts, run_notes, now = _play(plan, name, seed, values, run_dir, None, sweep)
        played += now
        notes += [f"{name}: {n}" for n in run_notes]
        own, _ = O.objective(plan.objective, plan.penalty, plan.parameters, values, counts)
        same = [t for t in done if _key_of(t.params) == _key_of(params)]
        pooled = O.pool([*(t.user_attrs["counts"] for t in same), counts])
        value, parts = O.objective(plan.objective, plan.penalty, plan.parameters, values, pooled)
        for key, v in (("counts", counts), ("own", own), ("parts", parts), ("run_dir", str(run_dir))):
            study._storage.set_trial_user_attr(trial_id, key, v)  # the trial may be one resumed from storage
        study.tell(trial_number, value)
        finished = [t for t in study.get_trials(deepcopy=False) if t.state == TrialState.COMPLETE]
        best = best_candidate(plan, finished)
        again = f" (again, repetition {repetition}: pooled {value:.2f})" if repetition else ""
        say(f"trial {trial_number} ({len(finished)}/{plan.trials}): {_describe(values)} -> {own:.2f}{again}; "
            f"best so far {best.objective:.2f} at {_describe(best.values)} (search objective: optimistic, "
            f"validated at the end); games "
            f"{len(finished) * plan.trial_games:,} of {plan.budget:,}")

    finished = [t for t in study.get_trials(deepcopy=False) if t.state == TrialState.COMPLETE]
    best = best_candidate(plan, finished)
    records = [_record(plan, t) for t in finished]
    arms = []
    for label, values in (("before", plan.start()), ("after", best.values)):
        run_dir = out / "validation" / label
        if label == "after" and _key_of(values) == _key_of(plan.start()):
            arms.append(Arm(label, values, arms[0].run_dir, arms[0].counts, arms[0].objective, arms[0].parts))
            notes.append("the best candidate is the data before tuning: the validation plays it once")
            continue
        say(f"validation, {label}: {_describe(values)} on fresh seeds ({plan.validation_total:,} games)")
        counts, run_notes, now = _play(plan, f"validation-{label}", plan.seed, values, run_dir,
                                       plan.validation_games, sweep)
        played += now
        notes += [f"validation {label}: {n}" for n in run_notes]
        value, parts = O.objective(plan.objective, plan.penalty, plan.parameters, values, counts)
        arms.append(Arm(label, values, run_dir, counts, value, parts))
    before, after = arms
    fixed = dict(plan.sweep("probe", plan.seed, {}).fixed["overrides"])
    changed = {p.key: best.values[p.key] for p in plan.parameters if p.moved(best.values[p.key])}
    layer = _layer(plan, out, {**fixed, **changed}, best)  # the game's data as tuned: no layer when unchanged
    loaded = load_data(plan.game.get("data"), {**fixed, **best.values}, plan.boxes)
    provisional = [{"file": v.file, "key": v.key, "value": v.value, "note": v.note, "layer": v.layer}
                   for v in load_data(plan.game.get("data"), fixed, plan.boxes).provisional]
    result = TuneResult(out, plan, records, best, before, after, layer, out / "report.md", played,
                        len(finished) * plan.trial_games + len({str(a.run_dir) for a in arms}) * plan.validation_total,
                        time.perf_counter() - start_time, notes, provisional,
                        _provisional_parameters(plan, load_data(plan.game.get("data"), boxes=plan.boxes).provisional))
    from experiments.dungeonology.tune.report import write_outputs

    write_outputs(result, loaded.hash, html=html, say=say)
    return result


def _layer(plan: TunePlan, out: Path, overrides: dict[str, Any], best: Candidate) -> Path | None:
    from experiments.dungeonology.tune.layer import write_layer

    if not overrides:
        shutil.rmtree(out / "layer", ignore_errors=True)
        return None
    text = _describe(best.values)
    return write_layer(out / "layer", overrides, plan.game.get("data"), name=f"{plan.name} (tuned)",
                       description=f"written by dungeonology tune {plan.file}: {text}", boxes=plan.boxes)


def _provisional_parameters(plan: TunePlan, provisional: list) -> list[str]:
    """The free values that are provisional in the data (the key itself, or inside a provisional key;
    ``provisional``: the data's :class:`sim.dungeonology.loader.ProvisionalValue` list, before the game's overrides)."""
    from sim.kit.errors import format_key

    marked = [tuple(split_key(v.key)) for v in provisional]
    out = []
    for p in plan.parameters:
        parts = tuple(split_key(p.key))
        if any(parts[:len(m)] == m for m in marked):
            out.append(format_key(parts))
    return out
