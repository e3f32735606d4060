"""determinize(): resamples only what the seat cannot see."""

import random

from sim import GameConfig, new_game


def _midgame(seed: int):
    g = new_game(GameConfig(players=4), seed)
    r = random.Random(seed)
    for _ in range(r.randrange(20, 120)):
        if g.is_terminal():
            break
        g.apply(r.choice(g.legal_actions()))
    return g


def test_determinize_keeps_the_observation_and_changes_hidden_cards():
    changed = 0
    for seed in range(25):
        g = _midgame(seed)
        if g.is_terminal():
            continue
        me = g.current_player()
        d = g.determinize(me, seed + 1000)
        assert d.check_invariants() is None
        assert d.observation(me) == g.observation(me)
        assert d.legal_actions() == g.legal_actions()
        others = [p for p in range(4) if p != me]
        if any(d.to_dict()["players"][p]["hand"] != g.to_dict()["players"][p]["hand"] for p in others):
            changed += 1
    assert changed > 0


def test_determinize_does_not_touch_the_original():
    g = _midgame(3)
    before = g.state.copy()
    g.determinize(g.current_player(), 5)
    assert (g.state == before).all()


def test_determinize_depends_only_on_what_the_seat_sees():
    """Swap hidden cards between an opponent's hand and the deck: same result."""
    from sim.dungeonology import layout as L
    from sim.dungeonology.core.components.scholars import pf

    for seed in range(20):
        g = _midgame(seed)
        if g.is_terminal():
            continue
        me = g.current_player()
        other = next((p for p in range(4) if p != me and g.state[pf(p, L.PF_HAND_N)] > 0), None)
        if other is None or g.state[L.S_DECK_N] == 0:
            continue
        h = g.clone()
        s = h.state
        k_hand = next(k for k in range(L.MAX_KINDS) if s[pf(other, L.PF_HAND) + k] > 0)
        top = s[L.S_DECK_N] - 1
        k_deck = int(s[L.S_DECK + top])
        s[pf(other, L.PF_HAND) + k_hand] -= 1
        s[pf(other, L.PF_HAND) + k_deck] += 1
        s[L.S_DECK + top] = k_hand
        assert h.observation(me) == g.observation(me)
        a, b = g.determinize(me, 42), h.determinize(me, 42)
        assert (a.state == b.state).all()
