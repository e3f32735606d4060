"""Leduc poker's kernels (sim.leduc.kernels): the contract's names, a fuzz with the invariants after
every action (compiled, over many rule variants), and the configuration's checks of its data."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import numpy as np
import pytest

from sim.kit.errors import ConfigError, DataError, IllegalActionError
from sim.kit.header import HEADER_SIZE
from sim.kit.jit import allocating
from sim.kit.rng import randint, seed_words
from sim.leduc import kernels as K
from sim.leduc import layout as L
from sim.leduc.config import DATA_FILE, LeducConfig, compile_config
from sim.leduc.game import new_game
from sim.leduc.kernels import MAX_LEGAL, MAXP, NGAME, NROW, STATE_SIZE

CONSTANTS = ("MAXP", "STATE_SIZE", "MAX_LEGAL", "NUM_ACTIONS", "NROW", "NGAME", "ROLLOUT_PARAMS")
FUNCTIONS = ("init", "step", "legal_actions", "determinize", "evaluate", "rollout_act", "check", "write_rows",
             "write_game", "standings")


def test_the_kernels_module_gives_the_contract() -> None:
    for name in CONSTANTS + FUNCTIONS:
        assert hasattr(K, name), name
    for name in FUNCTIONS:
        assert hasattr(getattr(K, name), "py_func"), f"{name} is not compiled"
    assert K.ROLLOUT_PARAMS.shape[1] == 16 and K.ROLLOUT_PARAMS[-1, 15] == 1.0
    assert (K.NROW, K.NGAME) == (len(K.ROW_FIELDS), len(K.GAME_FIELDS))
    assert L.S_PUBLIC == HEADER_SIZE and L.STATE_SIZE < 400


def test_kernels_allocate_nothing() -> None:
    """Every compiled function of the module is a kernel and creates no array or list (sim.kit.jit)."""
    tree = ast.parse(Path(inspect.getfile(K)).read_text())
    funcs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    assert funcs and all(ast.unparse(f.decorator_list[0]) == "kernel" for f in funcs)
    for f in funcs:
        src = ast.unparse(f)
        assert "np." not in src and ".copy()" not in src, f.name
        assert not any(isinstance(x, (ast.List, ast.ListComp, ast.Dict, ast.Set)) for x in ast.walk(f)), f.name


@allocating
def fuzz(t, nplayers, setup, seeds0, seeds1, rows, games, codes):
    """Random games with the invariants checked after every action and on a determinization at every
    decision (codes[c]: violations of code c; codes[0]: other failures); returns the decisions."""
    s = np.zeros(STATE_SIZE, np.int64)
    d = np.zeros(STATE_SIZE, np.int64)
    buf = np.zeros(MAX_LEGAL, np.int64)
    ev = np.zeros(MAXP)
    rng = np.zeros(2, np.int64)
    total = 0
    for g in range(seeds0.shape[0]):
        K.init(s, t, nplayers, setup, seeds0[g], seeds1[g])
        rng[0] = seeds1[g]
        rng[1] = seeds0[g] | 1
        n = K.step(s, t, -1, buf)
        decisions = 0
        while True:
            c = K.check(s, t)
            if c != 0:
                codes[c] += 1
            K.evaluate(s, t, ev)
            for p in range(nplayers):
                if not 0.0 <= ev[p] <= 1.0:
                    codes[0] += 1
            if n == 0:
                break
            me = s[L.H_ACTOR]
            d[:] = s
            K.determinize(d, t, me, rng)
            if K.check(d, t) != 0 or d[L.S_PRIVATE + me] != s[L.S_PRIVATE + me] or d[L.S_PUBLIC] != s[L.S_PUBLIC]:
                codes[0] += 1
            a = buf[randint(rng, n)] if g % 2 == 0 else K.rollout_act(s, t, buf, n, K.ROLLOUT_PARAMS[0], rng)
            n = K.step(s, t, a, buf)
            decisions += 1
        K.write_rows(s, t, rows, g)
        K.write_game(s, games, g, decisions, 0)
        total += decisions
    return total


VARIANTS = [
    {},
    {"betting.max_raises": 0},  # every decision forced: the game plays itself to the showdown
    {"betting.max_raises": 4, "betting.raise_amounts": [3, 7], "betting.ante": 2},
    {"deck.suits": 1},  # no ties
    {"deck.suits": 4, "deck.extra_ranks": 3, "betting.starting_player": 1},  # ties among up to 4 seats
    {"deck.suits": 3, "deck.extra_ranks": 1, "betting.max_raises": 1},
]


@pytest.mark.parametrize("overrides", VARIANTS, ids=[str(i) for i in range(len(VARIANTS))])
@pytest.mark.parametrize("players", [2, 3, 5, 10])
def test_fuzz_every_invariant_holds_after_every_action(players: int, overrides: dict) -> None:
    c = compile_config(LeducConfig(players=players, overrides=overrides))
    games = 2000
    words = np.array([seed_words(1000 * players + g) for g in range(games)], np.int64)
    rows = np.zeros((games, MAXP, NROW), np.int64)
    grows = np.zeros((games, NGAME), np.int64)
    codes = np.zeros(16, np.int64)
    decisions = fuzz(c.tables, players, c.setup, words[:, 0], words[:, 1], rows, grows, codes)
    assert codes.tolist() == [0] * 16
    field = {name: i for i, name in enumerate(K.ROW_FIELDS)}
    assert (rows[:, :, field["return_units"]].sum(axis=1) == 0).all()  # zero-sum
    assert (rows[:, :players, field["won"]].sum(axis=1) == grows[:, K.GAME_FIELDS.index("winners")]).all()
    if overrides.get("betting.max_raises") == 0:
        assert decisions == 0 and (grows[:, K.GAME_FIELDS.index("showdown")] == 1).all()
    else:
        assert decisions > 2 * games
        assert 0 < grows[:, K.GAME_FIELDS.index("showdown")].mean() < 1


def test_check_finds_a_broken_state() -> None:
    g = new_game(LeducConfig(players=3), seed=3)
    assert g.check_invariants() == 0
    for offset, delta, code in ((L.S_POT, 1, K.CHK_POT), (L.S_REMAINING, -1, K.CHK_FOLDS),
                                (L.S_RAISES, 5, K.CHK_ROUND), (L.H_TURN, 1, K.CHK_HISTORY)):
        broken = g.clone()
        broken.state[offset] += delta
        assert broken.check_invariants() == code
    broken = g.clone()
    broken.state[L.S_PRIVATE + 1] = broken.state[L.S_PRIVATE]  # one card twice
    assert broken.check_invariants() == K.CHK_CARDS


def test_determinize_deals_the_unseen_cards_uniformly() -> None:
    g = new_game(LeducConfig(players=2), seed=11)
    mine = int(g.state[L.S_PRIVATE])
    seen = [int(g.determinize(0, seed).state[L.S_PRIVATE + 1]) for seed in range(3000)]
    counts = np.bincount(seen, minlength=6)
    assert counts[mine] == 0 and (np.abs(counts[np.arange(6) != mine] - 600) < 4 * np.sqrt(600)).all()


def test_evaluate_at_the_end_is_the_return_scaled() -> None:
    g = new_game(LeducConfig(players=3), seed=2)
    while not g.is_terminal():
        g.apply(g.legal_actions()[-1])  # raise while one may, then call
    out = np.zeros(MAXP)
    K.evaluate(g.state, g.tables, out)
    most = 1 + 2 * 2 + 2 * 4
    np.testing.assert_allclose(out[:3], [(r + most) / (3 * most) for r in g.returns()])
    assert g.returns() == [r / L.CHIP_UNITS for r in _rows(g)[:, K.ROW_FIELDS.index("return_units")]]


def _rows(g) -> np.ndarray:
    rows = np.zeros((1, MAXP, NROW), np.int64)
    K.write_rows(g.state, g.tables, rows, 0)
    return rows[0, : g.config.players]


def test_a_split_pot_pays_halves() -> None:
    """Three seats, one folds after the ante: the two others tie and share an odd pot (OpenSpiel pays
    pot / winners, a half chip each here)."""
    for seed in range(2000):
        g = new_game(LeducConfig(players=3), seed=seed)
        ranks = g.state[L.S_PRIVATE:L.S_PRIVATE + 3] // 2
        if ranks[0] == ranks[1]:
            break
    g.apply(L.A_RAISE)
    g.apply(L.A_CALL)
    g.apply(L.A_FOLD)
    while not g.is_terminal():
        g.apply(L.A_CALL)
    assert g.returns() == [0.5, 0.5, -1.0]


def test_game_refuses_an_illegal_action() -> None:
    g = new_game()
    with pytest.raises(IllegalActionError, match="legal: 1 \\(Call\\), 2 \\(Raise\\)"):
        g.apply(L.A_FOLD)  # nothing to call yet: no fold (OpenSpiel's rule)


def test_config_round_trips_and_defaults_are_openspiels() -> None:
    config = LeducConfig(players=3, overrides={"betting.ante": 2})
    assert LeducConfig.from_dict(config.to_dict()) == config
    c = compile_config(LeducConfig())
    assert c.tables.tolist()[:L.TABLES_SIZE] == [1, 2, 4, 2, 2, 1, 0] and not c.tables.flags.writeable
    assert c.setup.size == 0 and c.names == ("Fold", "Call", "Raise")


def test_config_errors_name_file_key_value_and_what_is_allowed(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"players = 1: not allowed \(allowed: an integer 2 to 10\)"):
        compile_config(LeducConfig(players=1))
    with pytest.raises(DataError, match=r"^overrides: betting.bet = 2: unknown key \(allowed: betting.ante, "):
        compile_config(LeducConfig(overrides={"betting.bet": 2}))
    with pytest.raises(DataError, match=r"overrides: betting.raise_amounts\[1\] = 0: not allowed \(allowed: an "
                                        r"integer 1 to 1000\)"):
        compile_config(LeducConfig(overrides={"betting.raise_amounts": "[2, 0]"}))
    layer = tmp_path / "leduc.toml"
    layer.write_text("[deck]\nsuits = 5\n")
    with pytest.raises(DataError, match=rf"^{layer}: deck.suits = 5: not allowed \(allowed: an integer 1 to 4\)"):
        compile_config(LeducConfig(data=str(tmp_path)))
    layer.write_text("[betting]\nstarting_player = 2\n")
    with pytest.raises(DataError, match=r"betting.starting_player = 2: not a seat of this game \(allowed: 0 to 1"):
        compile_config(LeducConfig(data=str(layer)))
    assert compile_config(LeducConfig(players=3, data=str(layer))).tables[L.T_START] == 2
    assert str(DATA_FILE).endswith("sim/leduc/data/leduc.toml")
