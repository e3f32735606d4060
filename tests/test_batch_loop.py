"""The game loop is bound once per game and set of agent kinds and cached by numba
(sim.kit.instantiate): a fresh process with a warm cache loads it without compiling,
and a change of the engine's sources gets a new module, never stale machine code."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from agents.registry import acts
from sim.kit import cache as _cache
from sim.kit.bundle import get_game
from sim.kit.instantiate import instantiate

ROOT = Path(__file__).resolve().parents[1]

# In a fresh process: play one game per set of kinds; how often the loop was compiled / loaded.
_SNIPPET = """
import json
from agents.batch import loop_for, play_batch
from agents.spec import parse_spec
from sim.dungeonology.config import GameConfig, compile_config
from sim.kit.bundle import get_game
compiled = compile_config(GameConfig(players=3))
play_batch(compiled, [1], [parse_spec("random"), parse_spec("heuristic")])
stats = loop_for(get_game(), ("random", "heuristic")).play_games.stats
print(json.dumps({"hits": sum(stats.cache_hits.values()), "misses": sum(stats.cache_misses.values())}))
"""


def _fresh_process() -> dict[str, int]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", _SNIPPET], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True, timeout=900).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_a_warm_process_loads_the_loop_from_the_cache():
    _fresh_process()  # fills the cache if it was cold
    assert _fresh_process() == {"hits": 1, "misses": 0}


def test_the_loop_module_is_one_file_per_binding_and_sources(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    game = get_game()

    def loop(kind: str) -> Path:
        return Path(instantiate("agents.loop", game.bindings(), {"a0": acts((kind,))[0]}, tag="test").__file__)

    first = loop("random")
    assert first.parent == tmp_path / "dungeonology-loops"
    assert loop("random") == first  # the same file, not rewritten
    other = loop("heuristic")
    assert other != first and other.is_file()
    monkeypatch.setattr(_cache, "CURRENT", "changed sources")
    changed = loop("random")
    assert changed != first and changed.is_file()
    assert not first.exists()  # the module of the older sources is gone
    assert other.is_file()  # another set of kinds is kept
