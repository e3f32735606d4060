"""The layout package: the limits hold Rocca Civetta, the action space keeps
its verb order, the documentation is up to date, and records of another
layout version are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim import GameConfig, RecordError, new_game, replay
from sim.dungeonology import layout as L
from sim.dungeonology.layout import describe

DOC = Path(__file__).resolve().parents[1] / "docs" / "ACTIONS.md"


def test_limits_hold_the_expansion():
    # dungeonology-rocca-civetta.txt "New Components" on top of the base box
    assert L.NFLOORS >= 4 and L.MAX_ZONES >= 40 and L.MAX_COL >= 7 and L.MAX_INTERNS >= 20
    assert L.MAX_BOSS >= 13 and L.MAX_PROFILES == 2 and L.MAX_BOSSES_IN_PLAY == 2
    assert L.MAX_SCH >= 11 and L.MAX_CLANS >= 15 and L.MAX_JINX >= 23 and L.MAX_DECK >= 151
    assert L.STUDENT_KINDS == ("grey", "omega", "iota", "zeta", "phi", "lambda")
    assert L.MAX_SEATS == L.MAXP + 1 and L.OMEGA_SEAT == L.MAXP
    assert L.MAX_ZONES <= 63  # Zone sets are int64 bit masks


def test_every_old_name_is_still_there():
    # names the engine, agents and tests read through `from sim.dungeonology import layout as L`
    for name in ("S_BOSS", "PF_CUBES", "T_OPS", "A_OPTION", "PH_PROTECT", "K_PRIORITY", "OP_GAIN_RESERVE",
                 "OPCODES", "RULE_BOSS", "ZONE_EFFECT_KINDS", "END_REASONS", "PHASE_NAMES", "STATE_SIZE",
                 "TABLE_SIZE", "NUM_ACTIONS", "MAX_LEGAL", "TIMING_MASKS", "ME_WHEN", "JX_UP", "PRM_DROP"):
        assert hasattr(L, name), name
    assert L.PHASE_NAMES[L.PH_PROTECT] == "protect_cube" and L.PHASE_NAMES[L.PH_BOSS_MOVE] == "boss_move"


# state ints and actions of each layout version (1: the base-box layout before issue 11)
LAYOUTS = {1: (2474, 415), 2: (3830, 451), 3: (4183, 451), 4: (4306, 468)}


def test_a_new_layout_has_a_new_version():
    assert (L.STATE_SIZE, L.NUM_ACTIONS) == LAYOUTS[L.LAYOUT_VERSION], (
        "the state or the action space changed size: add 1 to LAYOUT_VERSION (sim/dungeonology/layout/limits.py) and "
        "record the new sizes in LAYOUTS")


def test_verbs_tile_the_action_space_in_the_old_order():
    order = ("rest", "thesis", "explore", "move", "draw_zone", "place_zone", "stairs_pile", "end_movement",
             "study", "study_size", "espionage", "commit", "declare", "play", "skill", "pass", "end_turn",
             "stun_accept", "stun_sacrifice", "discard", "target", "jinx_discard", "choose_color", "zone",
             "zone_effect", "main", "option", "research", "congregation", "bonfire_order")
    assert tuple(v[0] for v in L.VERBS) == order
    end = 0
    for _, first, count in L.VERBS:
        assert first == end and count > 0
        end = first + count
    assert end == L.NUM_ACTIONS


def test_sections_do_not_overlap_and_all_are_documented():
    for rows, total in ((describe.state_sections(), L.P_BASE), (describe.player_sections(), L.PSZ),
                        (describe.table_sections(), L.TABLE_SIZE)):
        end = 0
        for r in rows:
            assert r.offset == end and r.size >= 1, r
            assert r.meaning, f"{r.name} has no comment saying what it holds"
            end += r.size
        assert end == total
    assert L.STATE_SIZE == L.P_BASE + L.MAX_SEATS * L.PSZ


def test_docs_hold_the_current_layout():
    text = DOC.read_text()
    assert describe.markdown() in text, "docs/ACTIONS.md is stale: python -m sim.dungeonology.layout.describe"
    for verb, first, count in L.VERBS:
        assert f"| `{verb}` | {first} | {count} |" in text, verb
    assert f"a fixed space of {L.NUM_ACTIONS} actions" in text


def test_records_name_their_layout_and_old_ones_are_refused():
    g = new_game(GameConfig(players=2), seed=3)
    for _ in range(5):
        g.apply(g.legal_actions()[0])
    rec = g.record()
    assert rec["layout"] == L.LAYOUT_VERSION
    assert replay(rec).history == g.history
    old = {k: v for k, v in rec.items() if k != "layout"}  # made before layout versions: version 1
    with pytest.raises(RecordError, match=rf"layout version 1; this engine uses layout version {L.LAYOUT_VERSION}"):
        replay(old)
    with pytest.raises(RecordError, match="layout version 1"):
        replay({**rec, "layout": 1, "initial_state": [0] * LAYOUTS[1][0]})  # a base-layout state


def test_a_changed_limit_drops_the_numba_cache(tmp_path: Path):
    """numba freezes the layout's constants into the machine code: a change to
    any module of sim/dungeonology/layout must drop the cache (sim.kit.cache)."""
    from sim.kit.cache import refresh_numba_cache

    layout = tmp_path / "sim" / "dungeonology" / "layout"
    (tmp_path / "sim" / "__pycache__").mkdir(parents=True)
    layout.mkdir(parents=True)
    (layout / "limits.py").write_text("MAX_ZONES = 48\n")
    refresh_numba_cache(tmp_path)
    stale = tmp_path / "sim" / "__pycache__" / "rules.f-1.py311.nbi"
    stale.write_bytes(b"")
    assert refresh_numba_cache(tmp_path) is False
    (layout / "limits.py").write_text("MAX_ZONES = 63\n")
    assert refresh_numba_cache(tmp_path) is True and not stale.exists()
