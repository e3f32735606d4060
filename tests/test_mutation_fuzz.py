"""The input mutation fuzz (experiments/dungeonology/mutation_fuzz.py) in the suite: random
edits of records, sweep files and data files through the command line's main,
in this process; every one ends with exit 0 or exit 2 and one error line,
never a crash or a traceback. A few tampered records also run in a subprocess
(a segfault would kill this process, not fail a test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from experiments.dungeonology.mutation_fuzz import base_records, fuzz_inputs, mutate

ROOT = Path(__file__).resolve().parents[1]
CASES = {"record": 1200, "sweep": 250, "data": 250}  # by cost: a replay is cheap, a data load is not


def test_mutations_never_crash(tmp_path):
    counts = fuzz_inputs(CASES, seed=12, work=tmp_path)
    print("\n" + counts.text())  # the counts, for the integrator (pytest -s)
    assert dict(counts.tried) == CASES
    assert not counts.crashes, counts.crashes[:3]
    for target in ("record", "sweep", "data"):  # both outcomes seen: the mutations reach past the parser
        assert counts.exit0[target] > 0 and counts.exit2[target] > 0, counts.text()


def test_tampered_records_in_a_subprocess_never_segfault(tmp_path):
    import random

    rng = random.Random(5)
    scenario = base_records()[1]
    paths = []
    for i in range(40):
        rec = json.loads(json.dumps(scenario))
        state = rec["initial_state"]
        for _ in range(3):
            state[rng.randrange(len(state))] = rng.choice((-(2**40), -1, 7, 10**6, 2**62))
        if i % 2:
            rec = mutate(rec, rng)
        path = tmp_path / f"r{i}.json"
        path.write_text(json.dumps(rec))
        paths.append(str(path))
    code = ("import sys\nfrom experiments.dungeonology.mutation_fuzz import run_cli\nbad = []\n"
            "for p in sys.argv[1:]:\n    c, out = run_cli(['replay', p, '-q'])\n"
            "    if c not in (0, 2) or 'Traceback' in out: bad.append((p, c, out[-300:]))\nprint(len(bad), bad[:2])\n")
    proc = subprocess.run([sys.executable, "-c", code, *paths], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-2000:])  # -11 would be a segfault
    assert proc.stdout.startswith("0 "), proc.stdout
