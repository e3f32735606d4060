"""The observation and information-state tensors: fixed size, ascending legal
actions, and no leak of what a seat cannot see (sim/dungeonology/observation.py)."""

import random

import numpy as np
import pytest

from sim import GameConfig, new_game
from sim.dungeonology import layout as L
from sim.dungeonology.core.checks.determinize import determinize
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.modules import base_rules
from sim.dungeonology.observation import (
    H_CLAN_KNOWN,
    H_JINX_DOWN,
    INFO_SIZE,
    OBS_SIZE,
    OBS_STATE,
    PANIC_HIDDEN,
    information_state,
    observation,
)
from sim.kit.rng import seed_words


def _midgames(modules, seeds, lo=10, hi=200):
    for seed in seeds:
        g = new_game(GameConfig(players=4, modules=modules), seed)
        r = random.Random(seed)
        for _ in range(r.randrange(lo, hi)):
            if g.is_terminal():
                break
            g.apply(r.choice(g.legal_actions()))
        if not g.is_terminal():
            yield g


def _determinized(g, seat, seed):
    """The state with everything `seat` cannot see resampled (not advanced: Game.determinize
    also lets the game run on through decisions the resampled hands leave without a choice)."""
    d = g.state.copy()
    rng = np.zeros(L.STATE_SIZE, dtype=np.int64)
    rng[L.S_RNG0], rng[L.S_RNG1] = seed_words(seed)
    determinize(d, g.tables, seat, rng)
    return d


@pytest.mark.parametrize("modules", [(), base_rules()], ids=["basic", "all"])
def test_a_seats_tensors_are_the_same_in_every_determinization_from_its_view(modules):
    """The leak test: everything the seat cannot see is resampled, its tensors stay."""
    changed = checked = 0
    for g in _midgames(modules, range(12)):
        for seat in range(4):
            obs, info = g.observation_tensor(seat), g.information_state_tensor(seat)
            assert obs.shape == (OBS_SIZE,) and info.shape == (INFO_SIZE,) and obs.dtype == np.float32
            for k in range(4):
                d = _determinized(g, seat, 1000 * k + seat)
                changed += int((d != g.state).sum() > 2)  # more than the chance stream
                assert np.array_equal(observation(d, g.tables, seat), obs)
                assert np.array_equal(information_state(d, g.tables, seat, g.history, g.actors), info)
                checked += 1
    assert checked >= 100 and changed > checked // 2


def test_the_tensor_sees_the_own_hand_not_the_others():
    g = next(_midgames((), [3]))
    for seat in range(4):
        obs = g.observation_tensor(seat)
        for p in range(4):
            hand = obs[pf(p, L.PF_HAND): pf(p, L.PF_HAND) + L.MAX_KINDS]
            truth = g.state[pf(p, L.PF_HAND): pf(p, L.PF_HAND) + L.MAX_KINDS]
            assert np.array_equal(hand, truth) if p == seat else not hand.any()
            assert obs[pf(p, L.PF_HAND_N)] == g.state[pf(p, L.PF_HAND_N)]
        assert obs[L.S_RNG0] == obs[L.S_RNG1] == 0 and not obs[L.S_DECK: L.S_DECK + L.MAX_DECK].any()
        assert obs[L.S_DECK_N] == g.state[L.S_DECK_N]


def test_hidden_cards_are_masked_and_counted():
    """Face-down Jinx Cards: counted per holder; Clan and Panic Cards hidden until known."""
    seen_jinx = seen_clan = seen_panic = 0
    for g in _midgames(base_rules(), range(30), 50, 400):
        s = g.state
        for seat in range(4):
            obs = g.observation_tensor(seat)
            down = [int(((s[L.S_JLOC: L.S_JLOC + L.MAX_JINX] == L.JX_DOWN)
                         & (s[L.S_JOWNER: L.S_JOWNER + L.MAX_JINX] == p)).sum()) for p in range(4)]
            assert list(obs[OBS_STATE + H_JINX_DOWN: OBS_STATE + H_JINX_DOWN + 4]) == down
            seen_jinx += sum(down)
            known = bool(s[L.S_CLAN_PUBLIC] or s[pf(seat, L.PF_KNOWLEDGE)])
            assert obs[OBS_STATE + H_CLAN_KNOWN] == known
            assert obs[L.S_CLAN] == (s[L.S_CLAN] if known else -1)
            seen_clan += not known
            if s[L.S_PANIC] >= 0 and not s[L.S_MAX_ALERT]:
                assert obs[L.S_PANIC] == PANIC_HIDDEN
                seen_panic += 1
    assert seen_jinx and seen_clan and seen_panic


def test_the_information_state_holds_the_own_decisions():
    g = next(_midgames((), [5]))
    for seat in range(4):
        info = g.information_state_tensor(seat)
        own = [a for a, p in zip(g.history, g.actors, strict=True) if p == seat][::-1][:32]
        assert list(info[OBS_SIZE: OBS_SIZE + len(own)]) == [a + 1 for a in own]
        assert list(info[-4:]) == [g.actors.count(p) for p in range(4)]


def test_legal_actions_are_ascending_and_the_mask_agrees():
    unsorted = 0
    for g in _midgames(base_rules(), range(10), 0, 300):
        while not g.is_terminal():
            legal = g.legal_actions()
            assert legal == sorted(set(legal))
            assert list(np.flatnonzero(g.legal_action_mask())) == legal
            unsorted += list(g._buf[: g._n]) != legal  # the engine's own order (numba agents index it)
            g.apply(legal[len(legal) // 2])
    assert unsorted > 0
