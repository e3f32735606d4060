"""The Maximum Alert advanced rule ("Maximum Alert", Game Setup I).

Setup I (the Panic deck and the face-down Panic Card), the turn-start Panic
Card effects, "Exploration only", "unable to play" and the checks of "The Game
Ends if..." (the basic game's turn hooks, below), its invariants, determinization
and observation. The trigger is ``trigger``, the Forced Thesis ``forced``, the end
reasons of the basic game's End Game ``ends``; Omega Infinity lives in
``components/university.py`` (it moves Students), the blocked Zones / cubes in
``components/dungeon.py``. Everything reads ``S_MAX_ALERT``.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import cubes_in_dungeon, passable, zone_cube_count
from sim.dungeonology.core.components.noteboard import cubes
from sim.dungeonology.core.components.scholars import active, in_start, passive, pf, stat
from sim.dungeonology.core.effects.plays import timed_play_open
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.procedures.end_game import end_game_now
from sim.dungeonology.core.procedures.stealth import can_spy_on
from sim.kit.jit import inline_kernel, kernel
from sim.kit.rng import randint


@kernel
def panic_deck(s, t):
    """Bit mask of the Panic deck (Selecting the Panic Card): the cards the
    configuration allows, less those needing another Boss than the one drawn
    at Setup G (when the Boss rule has set S_BOSS and the Boss data is known)."""
    m = 0
    for c in range(t[L.T_PANIC_N]):
        if t[L.T_PANIC_ALLOWED + c] == 0:
            continue
        need = t[L.T_PANIC_BOSS + c]
        if need > 0 and s[L.S_BOSS] >= 0 and need - 1 != s[L.S_BOSS]:
            continue
        m |= 1 << c
    if m == 0:  # cannot happen with a validated configuration
        for c in range(t[L.T_PANIC_N]):
            if t[L.T_PANIC_ALLOWED + c] == 1:
                m |= 1 << c
    return m


@kernel
def draw_from_deck(deck, rng_state):
    """A card of the deck mask, uniformly at random (rng_state drives it)."""
    n = 0
    m = deck
    while m:
        n += m & 1
        m >>= 1
    k = randint(rng_state, n)
    for c in range(L.MAX_PANIC):
        if (deck >> c) & 1:
            if k == 0:
                return c
            k -= 1
    return -1


@kernel
def setup_panic(s, t):
    """Setup I: build the Panic deck, draw one card face down under the Alert
    Card (GameConfig.panic forces it)."""
    if (t[L.T_RULES] & L.RULE_MAXIMUM_ALERT) == 0 or t[L.T_PANIC_N] == 0:
        return
    deck = panic_deck(s, t)
    s[L.S_PANIC_DECK] = deck
    forced = t[L.T_PANIC_FORCED]
    if forced >= 0:
        s[L.S_PANIC_DECK] = deck | (1 << forced)  # the configured card is used as given
        s[L.S_PANIC] = forced
    else:
        s[L.S_PANIC] = draw_from_deck(deck, s)


@kernel
def turn_start_effects(s, t, seat):
    """Push the Panic Card's turn-start effects (E) of `seat`: each player's
    (also a player whose Scholar has left the game), then, for a Scholar still
    in the Dungeon, each Scholar's. Pushed last-first (LIFO stack)."""
    c = s[L.S_PANIC]
    if active(s, seat):
        prog = t[L.T_PANIC_PROG_SCHOLAR + c]
        if prog >= 0:
            kstack.push(s, L.K_PROG, prog, 0, seat)
    prog = t[L.T_PANIC_PROG_EACH + c]
    if prog >= 0:
        kstack.push(s, L.K_PROG, prog, 0, seat)


@kernel
def can_play_own(s, t, seat):
    """A Trick Card Auxiliary Effect or a skill the seat could use on her own
    turn (timing "own"), as effects.add_plays would list it."""
    return timed_play_open(s, t, seat, L.TM_OWN)


@kernel
def unable_to_play(s, t, seat):
    """"Unable to play" (The Game Ends if..., interpretation): the Scholar, at
    the start of her turn, could do nothing but end it. She cannot move (no
    Speed, or no Passage open to her; no Zone can be drawn under Maximum
    Alert), cannot Study (no cube in her Zone, or no Trick Card), cannot spy
    and has no effect to play on her own turn."""
    z = s[pf(seat, L.PF_ZONE)]
    if stat(s, t, seat, L.ST_SPEED) > 0:
        for p in range(8):
            if passable(s, t, seat, z, p):
                return False
    if in_start(s, seat):
        return True  # no play and no Stealth Test from the Starting Zone
    if can_play_own(s, t, seat):
        return False
    if s[pf(seat, L.PF_HAND_N)] == 0:
        return True
    if zone_cube_count(s, t, z) > 0:
        return False
    if s[pf(seat, L.PF_STUDENTS)] >= t[L.T_ESP_SACRIFICE] and passive(s, t, seat, L.PV_NO_ESPIONAGE) == 0:
        for p in range(s[L.S_NPLAYERS]):
            if can_spy_on(s, t, seat, p):
                for c in range(t[L.T_NCOL]):
                    if cubes(s, p, c) > 0:
                        return False
    return True


@kernel
def game_end_reason(s, t):
    """The Maximum Alert end checked at a turn's start or end (END_NONE if it
    goes on): no cube left in the Dungeon, every Scholar removed, or every
    Scholar still in the Dungeon unable to play. (The fourth, an Omega Student
    with an empty bag, ends the game where it is drawn: components/university.py.)"""
    if cubes_in_dungeon(s, t) == 0:
        return L.END_MA_NO_CUBES
    anyone = False
    for p in range(s[L.S_NPLAYERS]):
        if active(s, p):
            anyone = True
            if not unable_to_play(s, t, p):
                return L.END_NONE
    return L.END_MA_UNABLE if anyone else L.END_MA_ALL_SUBMITTED


# ------------------------------------------------------------ the basic game's hooks
@inline_kernel
def start_end_reason(s, t):
    """At the start of a turn under Maximum Alert: its end of the game, END_NONE when it goes on."""
    if s[L.S_MAX_ALERT] == 1:
        return game_end_reason(s, t)
    return L.END_NONE


@inline_kernel
def inactive_turn_effects(s, t, cur):
    """Under Maximum Alert the Panic Card's "each player" effects reach a Scholar out of the game too:
    pushed before her turn ends. True when it did."""
    if s[L.S_MAX_ALERT] != 1:
        return False
    kstack.push(s, L.K_END_TURN, 0, 0, 0)
    turn_start_effects(s, t, cur)
    return True


@inline_kernel
def max_alert_turn(s, t, cur):
    """Under Maximum Alert a turn is Exploration only, even with Stun Tokens equal to Stamina; the
    Panic Card's turn-start effects first. True when it did."""
    if s[L.S_MAX_ALERT] != 1:
        return False
    kstack.push(s, L.K_MA_EXPLORE, 0, 0, 0)
    turn_start_effects(s, t, cur)
    return True


@inline_kernel
def end_of_turn_checks(s, t):
    """The turn ends under Maximum Alert: a Scholar ending it in the Starting Zone makes the Forced
    Thesis (K_MA_FORCED_THESIS, the turn ends again after it); "The Game Ends if...". True when the
    turn's end is the rule's."""
    if s[L.S_MAX_ALERT] != 1:
        return False
    cur = s[L.S_CUR]
    if active(s, cur) and in_start(s, cur):
        kstack.push(s, L.K_MA_FORCED_THESIS, 0, 0, 0)
        return True
    reason = game_end_reason(s, t)
    if reason != L.END_NONE:
        end_game_now(s, reason)
        return True
    return False


@kernel
def max_alert_check(s, t):
    """Invariants 35-37: a Panic Card only with the rule and from the Panic deck; no Omega Student
    on the Alert Card once it left the game; a Scholar removed by a Forced Thesis is out. (The Omega
    Students: Omega Infinity puts them back in the bag, so invariant 3 covers them.)"""
    if s[L.S_PANIC] >= 0:
        if (t[L.T_RULES] & L.RULE_MAXIMUM_ALERT) == 0 or ((s[L.S_PANIC_DECK] >> s[L.S_PANIC]) & 1) == 0:
            return 35
    elif s[L.S_MAX_ALERT] == 1 or ((t[L.T_RULES] & L.RULE_MAXIMUM_ALERT) != 0 and t[L.T_PANIC_N] > 0):
        return 35
    if s[L.S_MAX_ALERT] == 1 and s[L.S_ALERT_FILLED] != 0:
        return 36
    for p in range(s[L.S_NPLAYERS]):
        if (s[L.S_MA_REMOVED] >> p) & 1 and (active(s, p) or s[pf(p, L.PF_THESIS)] > 0):
            return 37
    return 0


@kernel
def resample_panic(s, t, seat, rng):
    """Determinization: the face-down Panic Card, seen by nobody until revealed, is any card of the
    (public) Panic deck unless the configuration forced it."""
    if s[L.S_PANIC] >= 0 and s[L.S_MAX_ALERT] == 0 and t[L.T_PANIC_FORCED] < 0:
        s[L.S_PANIC] = draw_from_deck(s[L.S_PANIC_DECK], rng)


@kernel
def hide_panic(s, t, viewer, out, h):
    """Observation: the Panic Card face down under the Alert Card is hidden (PANIC_HIDDEN)."""
    if s[L.S_PANIC] >= 0 and s[L.S_MAX_ALERT] == 0:
        out[L.S_PANIC] = L.PANIC_HIDDEN


@kernel
def panic_card(s):
    """Result column: the Panic Card (index in the data), -1 none."""
    return s[L.S_PANIC]


@kernel
def triggered(s):
    """Result column: 1 once Maximum Alert was triggered."""
    return s[L.S_MAX_ALERT]
