"""Input mutation fuzz: thousands of random edits of game records, sweep files
and data files, each fed to the command line, which must answer with exit 0
or exit 2 and a one-line error, never a crash or a traceback.

(The game fuzz, random legal play with the invariants checked, is
experiments/checks/fuzz.py.) Each case runs the ``dungeonology`` main in this process
(:func:`run_cli`: argv in, exit status and output out); ``python -m
experiments.dungeonology.mutation_fuzz --cases N`` prints the counts.

* Records: a short game of ``play --save`` and a scenario record (with an
  ``initial_state``) edited as JSON (a value replaced by one of
  :data:`ODD_VALUES`, a key dropped or added, a number nudged, a list cut), then
  ``replay``.
* Sweep files: a small sweep edited as data (written back as TOML) or as text
  (a line dropped, doubled or cut, a number made huge), then ``sweep --check``.
* Data files: a data layer of one base file edited the same ways, then
  ``data --data LAYER``.
* Families (``experiments.dungeonology.fuzz_families``): one module per family of hostile
  inputs, each a set of targets that make command lines or Python-API cases.
"""

from __future__ import annotations

import copy
import io
import json
import random
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim.kit.errors import format_key

ODD_VALUES: tuple[Any, ...] = (0, -1, 1, 2**31, 2**63, 2**64, -(2**63) - 1, 10**12, 10**30, 1.5, float("nan"), "",
                               "x", "../../etc", "random", True, False, None, [], {}, [0] * 3, {"a": 1},
                               [[[[[[[[1]]]]]]]])
DATA_FILES = ("scholars.toml", "box.toml", "tricks.toml", "alert.toml", "zones.toml")
SWEEP = {"name": "fz", "games_per_cell": 2, "seed": 3, "chunk_size": 2,
         "fixed": {"players": 2, "agents": ["random"], "modules": []},
         "sweep": {"alert": ["easy", "hard"], "overrides": {"scholars.Sofia.speed": [3, 4]}}}


_COMMAND: list[Any] = []  # the click command of the app, built once


def run_cli(argv: Sequence[str]) -> tuple[int, str]:
    """Run the ``dungeonology`` main in this process: (exit status, stdout + stderr). An exception that
    escapes the command (a crash) is returned as status 1 with its traceback text."""
    import traceback

    import typer

    from experiments.cli import app

    if not _COMMAND:
        _COMMAND.append(typer.main.get_command(app))
    out = io.StringIO()
    code = 0
    with redirect_stdout(out), redirect_stderr(out):
        try:
            _COMMAND[0].main(args=list(argv), prog_name="dungeonology", standalone_mode=True)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException:  # noqa: BLE001 - a crash is what we count
            traceback.print_exc(file=out)
            code = 1
    return code, out.getvalue()


def _run_api(case: Callable[[], tuple[int, str]]) -> tuple[int, str]:
    """A family's Python-API case: its (exit status, output); an exception that escapes it is a crash
    (status 1 with its traceback)."""
    import traceback

    try:
        return case()
    except BaseException:  # noqa: BLE001 - a crash is what we count
        return 1, traceback.format_exc()


# ------------------------------------------------------------ mutations
def _paths(obj: Any, rng: random.Random, sample: int = 12) -> list[tuple[Any, ...]]:
    """Paths (keys / indices) into a nested dict/list, the root first; of a long list only ``sample``
    random indices (a record's initial_state has thousands)."""
    out: list[tuple[Any, ...]] = [()]
    todo: list[tuple[tuple[Any, ...], Any]] = [((), obj)]
    while todo:
        where, node = todo.pop()
        if isinstance(node, dict):
            items = list(node.items())
        elif isinstance(node, list):
            picks = range(len(node)) if len(node) <= sample else rng.sample(range(len(node)), sample)
            items = [(i, node[i]) for i in picks]
        else:
            continue
        for k, v in items:
            out.append((*where, k))
            todo.append(((*where, k), v))
    return out


def _get(obj: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        obj = obj[k]
    return obj


def mutate(obj: Any, rng: random.Random) -> Any:
    """A copy of ``obj`` with one to three random edits."""
    obj = copy.deepcopy(obj)
    for _ in range(rng.randint(1, 3)):
        paths = _paths(obj, rng)
        path = rng.choice(paths[1:] or paths)
        if not path:
            return rng.choice(ODD_VALUES)
        parent, key = _get(obj, path[:-1]), path[-1]
        value = parent[key]
        op = rng.randrange(6)
        if op == 0:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif op == 1 and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + rng.choice((-1, 1, -(10**6), 10**6, 2**62))
        elif op == 2:
            del parent[key]
        elif op == 3 and isinstance(parent, dict):
            parent[rng.choice(("extra", "data", "seed", "players", "sha256", "file"))] = rng.choice(ODD_VALUES)
        elif op == 4 and isinstance(value, list) and value:
            parent[key] = value[: rng.randrange(len(value))]
        else:
            parent[key] = {"a": value} if rng.random() < 0.5 else [value]
    return obj


def mutate_text(text: str, rng: random.Random) -> str:
    """The text with one random edit: a line dropped, doubled or cut, a number replaced, bytes flipped."""
    lines = text.splitlines()
    if not lines:
        return "x"
    i = rng.randrange(len(lines))
    op = rng.randrange(5)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    elif op == 2:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    elif op == 3:
        import re

        lines[i] = re.sub(r"\d+", lambda m: str(rng.choice((0, -5, 2**63, 10**40, 10**12))), lines[i], count=1)
    else:
        chars = list(lines[i] or " ")
        chars[rng.randrange(len(chars))] = rng.choice("=[]{}\"'#.,x0\\")
        lines[i] = "".join(chars)
    return "\n".join(lines) + "\n"


def to_toml(doc: Any) -> str:
    """A document as TOML of inline values (None values left out, as TOML has no null)."""
    from sim.kit.errors import format_value

    def clean(v: Any) -> Any:
        if isinstance(v, dict):
            return {str(k): clean(x) for k, x in v.items() if x is not None}
        if isinstance(v, list):
            return [clean(x) for x in v if x is not None]
        return v

    if not isinstance(doc, dict):  # a mutation replaced the whole document
        doc = {"value": doc}
    return "".join(f"{format_key([str(k)])} = {format_value(clean(v), limit=None)}\n"
                   for k, v in doc.items() if v is not None)


# --------------------------------------------------------------- targets
@dataclass
class Counts:
    """Cases tried and how they ended, per target; ``crashes``: (target, argv, output) of each crash."""

    tried: Counter = field(default_factory=Counter)
    exit0: Counter = field(default_factory=Counter)
    exit2: Counter = field(default_factory=Counter)
    crashes: list[tuple[str, list[str], str]] = field(default_factory=list)
    seconds: Counter = field(default_factory=Counter)

    def add(self, target: str, argv: list[str], code: int, output: str, seconds: float = 0.0) -> None:
        self.tried[target] += 1
        self.seconds[target] += seconds
        lines = [ln for ln in output.splitlines() if ln.strip()]
        if code == 0 and "Traceback" not in output:
            self.exit0[target] += 1
        elif code == 2 and "Traceback" not in output and len([ln for ln in lines if ln.startswith("error")]) <= 1:
            self.exit2[target] += 1
        else:
            self.crashes.append((target, argv, output[-2000:]))

    def text(self) -> str:
        rows = [f"{t}: {self.tried[t]} mutations, exit 0: {self.exit0[t]}, exit 2: {self.exit2[t]} "
                f"({self.seconds[t]:.1f} s)" for t in sorted(self.tried)]
        total = sum(self.tried.values())
        rows.append(f"all: {total} mutations, exit 0: {sum(self.exit0.values())}, exit 2: "
                    f"{sum(self.exit2.values())}, crashes: {len(self.crashes)}")
        return "\n".join(rows)


def base_records() -> list[dict[str, Any]]:
    """Two small records to mutate: a random game's first actions and a scenario (initial_state)."""
    from agents.random_agent import RandomAgent
    from sim import GameConfig
    from sim.dungeonology.game import new_game
    from sim.dungeonology.scenario import Scenario

    out = []
    for g in (new_game(GameConfig(players=2), 5),
              Scenario(GameConfig(players=2, scholars=["Sofia", "Valerio"]), seed=1).students("Sofia", 2).build()):
        agent = RandomAgent(1)
        for _ in range(6):
            if not g.is_terminal():
                g.apply(agent.choose(g.engine_legal_actions()))
        out.append(g.record())
    return out


def fuzz_inputs(cases: int | Mapping[str, int] = 3000, seed: int = 0, work: Path | None = None,
                targets: Sequence[str] | None = None) -> Counts:
    """Run ``cases`` mutations: a number shared out over ``targets`` (default: the three above and every
    family of ``experiments.dungeonology.fuzz_families``), or a number per target ({"record": 1500, ...});
    see the module docstring."""
    from sim.dungeonology.loader.layers import BOXES_DIR

    rng = random.Random(seed)
    counts = Counts()
    tmp = tempfile.TemporaryDirectory() if work is None else None
    root = Path(tmp.name) if tmp is not None else Path(work)  # type: ignore[arg-type]
    try:
        records = base_records()
        base = Path(BOXES_DIR) / "base"
        data_texts = {n: (base / n).read_text(encoding="utf-8") for n in DATA_FILES}
        makers: dict[str, Callable[[int], list[str]]] = {}

        def record_case(i: int) -> list[str]:
            path = root / f"rec{i % 7}.json"
            rec = mutate(rng.choice(records), rng)
            path.write_text(json.dumps(rec) if rng.random() < 0.9 else json.dumps(rec)[: rng.randrange(200)])
            return ["replay", str(path), "-q"]

        def sweep_case(i: int) -> list[str]:
            path = root / f"sweep{i % 7}.toml"
            text = to_toml(mutate(SWEEP, rng)) if rng.random() < 0.7 else mutate_text(to_toml(SWEEP), rng)
            path.write_text(text, encoding="utf-8")
            return ["sweep", str(path), "--check", "--out", str(root / "never")]

        def data_case(i: int) -> list[str]:
            layer = root / f"layer{i % 7}"
            layer.mkdir(exist_ok=True)
            for old in layer.glob("*.toml"):
                old.unlink()
            name = rng.choice(DATA_FILES)
            text = data_texts[name]
            if rng.random() < 0.5:
                text = mutate_text(text, rng)
            else:
                doc = tomllib.loads(text)
                text = to_toml(mutate(doc, rng) if isinstance(doc, dict) else doc)
            (layer / name).write_text(text, encoding="utf-8")
            return ["data", "--data", str(layer)]

        from experiments.dungeonology.fuzz_families import Context
        from experiments.dungeonology.fuzz_families import targets as family_targets
        from experiments.dungeonology.fuzz_families import weights as family_weights

        makers = {"record": record_case, "sweep": sweep_case, "data": data_case}
        ctx = Context(rng, root)
        for name, maker in family_targets().items():
            makers[name] = lambda i, maker=maker: maker(ctx, i)
        if isinstance(cases, Mapping):
            order = [t for t, n in cases.items() for _ in range(n)]
        else:
            chosen = [t for t in (targets or makers) if t in makers]
            order = shares(cases, {t: family_weights().get(t, 1.0) for t in chosen})
        rng.shuffle(order)
        for i, target in enumerate(order):
            started = time.perf_counter()
            case = makers[target](i)
            if callable(case):
                code, output = _run_api(case)
                argv = [target, getattr(case, "__name__", "case")]
            else:
                argv = case
                code, output = run_cli(argv)
            counts.add(target, argv, code, output, time.perf_counter() - started)
    finally:
        if tmp is not None:
            tmp.cleanup()
    return counts


def shares(cases: int, weights: Mapping[str, float]) -> list[str]:
    """``cases`` target names shared out in proportion to ``weights`` (largest remainders; every target
    with a weight gets at least one case when there are enough)."""
    total = sum(weights.values()) or 1.0
    exact = {t: cases * w / total for t, w in weights.items()}
    counts = {t: max(int(x), 1 if cases >= len(weights) else 0) for t, x in exact.items()}
    for t in sorted(exact, key=lambda t: int(exact[t]) - exact[t])[: max(cases - sum(counts.values()), 0)]:
        counts[t] += 1
    return [t for t, n in counts.items() for _ in range(n)][:cases]


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10000, help="inputs, shared out over the targets by weight")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--targets", default="", help="comma-separated targets (default: all)")
    args = parser.parse_args(argv)
    counts = fuzz_inputs(args.cases, args.seed, targets=[t for t in args.targets.split(",") if t] or None)
    print(counts.text())
    for target, case, output in counts.crashes[:5]:
        print(f"CRASH {target}: {' '.join(case)}\n{output}")
    return 1 if counts.crashes else 0


if __name__ == "__main__":
    raise SystemExit(main())
