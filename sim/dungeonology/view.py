"""State snapshots as JSON-ready dicts: the whole truth (``state_dict``) or
what one seat can know (``observation_dict``). The basic game's keys are
written here; each module's come from its manifest (``Manifest.view``), placed
after the key they name.

Hidden from a seat: other hands, every face-down Jinx Card, the Clan Card
without its Knowledge Token (until revealed to all), the kinds of face-down
Trap Tokens (on Zones and in the supply), the Panic Card until Maximum Alert
reveals it, and the order of every deck, stack and bag (their sizes stay public).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology import modules as M
from sim.dungeonology.core.components.noteboard import board_points, study_bonus
from sim.dungeonology.core.components.scholars import pf, stat
from sim.dungeonology.core.components.university import alert_bonus
from sim.dungeonology.layout.manifests import MANIFESTS, resolve
from sim.dungeonology.schema import PASSAGES
from sim.dungeonology.tables import Names

HIDDEN = "hidden"
FLOORS = L.FLOOR_NAMES


def _i(x: Any) -> int:
    return int(x)


def _hand(s: np.ndarray, names: Names, seat: int) -> list[str]:
    out = []
    for k, name in enumerate(names.kinds):
        out += [name] * _i(s[pf(seat, L.PF_HAND) + k])
    return out


def _cubes(s: np.ndarray, names: Names, seat: int) -> dict[str, int]:
    return {c: _i(s[pf(seat, L.PF_CUBES) + i]) for i, c in enumerate(names.colors)}


def cube_name(names: Names, c: int) -> str:
    """A cube kind's name: a colour, or "false" / "universal" (Rocca Civetta)."""
    return names.colors[c] if c < len(names.colors) else L.CUBE_KINDS[c - L.CUBE_FALSE]


def _jinx(s: np.ndarray, names: Names, seat: int, viewer: int | None) -> list[dict[str, Any]]:
    """Face-up cards first, then face-down ones (whose names nobody sees)."""
    up, down = [], []
    for j, name in enumerate(names.jinx):
        if _i(s[L.S_JOWNER + j]) != seat:
            continue
        loc = _i(s[L.S_JLOC + j])
        if loc == L.JX_UP:
            up.append({"name": name, "face": "up"})
        elif loc == L.JX_DOWN:
            down.append({"name": name if viewer is None else HIDDEN, "face": "down"})
    return up + down


def _player(s: np.ndarray, t: np.ndarray, names: Names, seat: int, viewer: int | None) -> dict[str, Any]:
    sees_hand = viewer is None or viewer == seat
    hand = _hand(s, names, seat)
    thesis = _i(s[pf(seat, L.PF_THESIS)])
    return with_modules("player", t, (s, t, names, seat, viewer), {
        "seat": seat,
        "color": names.board_colors[seat],
        "scholar": names.scholars[_i(s[pf(seat, L.PF_SCHOLAR)])],
        "exalted": bool(s[pf(seat, L.PF_EXALTED)]),
        "zone": names.zones[_i(s[pf(seat, L.PF_ZONE)])],
        "in_game": bool(s[pf(seat, L.PF_IN_GAME)]),
        "students": _i(s[pf(seat, L.PF_STUDENTS)]),
        "stun": _i(s[pf(seat, L.PF_STUN)]),
        "stamina": _i(stat(s, t, seat, L.ST_STAMINA)),
        "speed": _i(stat(s, t, seat, L.ST_SPEED)),
        "intelligence": _i(stat(s, t, seat, L.ST_INTEL)),
        "hand_value": _i(stat(s, t, seat, L.ST_HAND)),
        "stars": _i(s[pf(seat, L.PF_STARS)]),
        "study_bonus": _i(study_bonus(s, t, seat)),
        "knowledge": bool(s[pf(seat, L.PF_KNOWLEDGE)]),
        "hand": hand if sees_hand else None,
        "hand_size": len(hand),
        "cubes": _cubes(s, names, seat),
        "jinx": _jinx(s, names, seat, viewer),
        "thesis": thesis if thesis > 0 else None,
    })


ZONE_EFFECT_NAMES = {k: name for name, k in L.ZONE_EFFECT_KINDS.items()}


def _effects(t: np.ndarray, names: Names, z: int) -> list[dict[str, Any]]:
    """Printed Zone Effects, left to right; `in_use`: counted under the rules
    of this game (Stairs always, Boss with the Boss rule, the others with the
    Dangerous Zones rule)."""
    rules = _i(t[L.T_RULES])
    out = []
    for i in range(_i(t[L.T_Z_NEFF + z])):
        o = L.T_Z_EFF + (z * L.MAX_ZEFF + i) * L.ZE_W
        kind = _i(t[o])
        if kind == L.ZK_STAIRS:
            in_use = True
        elif kind == L.ZK_BOSS:
            in_use = bool(rules & L.RULE_BOSS)
        else:
            in_use = bool(rules & L.RULE_DANGEROUS_ZONES)
        out.append({
            "effect": ZONE_EFFECT_NAMES[kind],
            "n": _i(t[o + 1]) or None,
            "color": names.colors[_i(t[o + 2]) - 1] if t[o + 2] else None,
            "letter": L.SECRET_LETTERS[_i(t[o + 3]) - 1] if t[o + 3] else None,
            "in_use": in_use,
        })
    return out


def _zones(s: np.ndarray, t: np.ndarray, names: Names, viewer: int | None = None) -> list[dict[str, Any]]:
    out = []
    for z, name in enumerate(names.zones):
        if not s[L.S_ZPLACED + z]:
            continue
        spaces = []
        for i in range(_i(t[L.T_Z_NCUBES + z])):
            c = _i(s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i])
            spaces.append(cube_name(names, c - 1) if c else None)
        out.append(with_modules("zone", t, (s, t, names, z, viewer), {
            "name": name,
            "floor": FLOORS[_i(t[L.T_Z_FLOOR + z])],
            # tile units (north is -y); .5 when shifted half a tile
            "x": _i(s[L.S_ZX + z]) / 2,
            "y": _i(s[L.S_ZY + z]) / 2,
            "rotation": _i(s[L.S_ZROT + z]),
            "alert": _i(t[L.T_Z_ALERT + z]),
            "cubes": spaces,
            "entered": bool(s[L.S_ZENTERED + z]),
            "stairs": [PASSAGES[p] for p in range(8) if s[L.S_STAIRS + z * 8 + p]],
            "effects": _effects(t, names, z),
        }))
    return out


def _test(s: np.ndarray, names: Names) -> dict[str, Any] | None:
    kind = _i(s[L.S_T_KIND])
    if kind == 0:
        return None
    d: dict[str, Any] = {
        "kind": "study" if kind == 1 else "espionage",
        "active": _i(s[L.S_T_ACTIVE]),
        "alert_value": _i(s[L.S_T_ALERT]),
        "stealth_value": _i(s[L.S_T_STEALTH]),
        "declared": _i(s[L.S_T_STAGE]) == 2,
    }
    if kind == 1:
        d["cubes_indicated"] = _i(s[L.S_T_NCUBES])
    else:
        d["target"] = _i(s[L.S_T_TARGET])
        d["color"] = names.colors[_i(s[L.S_T_COLOR])]
    return d


def _last_test(s: np.ndarray) -> dict[str, Any] | None:
    """The Stealth Test that resolved last (None before the first): who made
    it, the declared and final Stealth Value, the Alert Value, the outcome."""
    kind = _i(s[L.S_LT_KIND])
    if kind == 0:
        return None
    return {
        "kind": "study" if kind == 1 else "espionage",
        "active": _i(s[L.S_LT_SEAT]),
        "target": None if kind == 1 else _i(s[L.S_LT_TARGET]),
        "declared_stealth": _i(s[L.S_LT_DECLARED]),
        "stealth_value": _i(s[L.S_LT_STEALTH]),
        "alert_value": _i(s[L.S_LT_ALERT]),
        "success": bool(s[L.S_LT_SUCCESS]),
        "turn": _i(s[L.S_LT_TURN]),
    }


END_OF_TURN_STEPS = ("student", "jinx", "draw")  # the K_EOT stages: the Student drawn, Jinx revealed, Hand Value


def _end_of_turn(s: np.ndarray) -> str | None:
    """The step of the End of Turn Phase in progress (the topmost K_EOT entry), None outside it."""
    for e in range(_i(s[L.S_KSP]) - 1, -1, -1):
        o = L.S_KSTACK + e * L.KSTACK_W
        if _i(s[o]) == L.K_EOT:
            return END_OF_TURN_STEPS[_i(s[o + 1])]
    return None


def _clan_pile(s: np.ndarray, names: Names, clan_known: bool) -> list[str] | int:
    """The Clan Cards not drawn at Setup J (face down; a seat that cannot know the Clan sees their count)."""
    pile = [c for i, c in enumerate(names.clans) if i != _i(s[L.S_CLAN])]
    return pile if clan_known else len(pile)


def state_dict(s: np.ndarray, t: np.ndarray, names: Names, config: dict[str, Any],
               viewer: int | None = None) -> dict[str, Any]:
    """The whole state (viewer None) or seat `viewer`'s observation."""
    n = _i(s[L.S_NPLAYERS])
    over = bool(s[L.S_OVER])
    clan_known = viewer is None or bool(s[L.S_CLAN_PUBLIC]) or bool(s[pf(viewer, L.PF_KNOWLEDGE)])
    stacks: dict[str, Any] = {}
    for f in range(_i(t[L.T_NFLOORS])):  # the Floors of the data (the base box: I-III)
        k = _i(s[L.S_STACK_N + f])
        order = [names.zones[_i(s[L.S_STACK + f * L.MAX_ZONES + i])] for i in range(k)]
        stacks[FLOORS[f]] = order if viewer is None else k
    deck = [names.kinds[_i(s[L.S_DECK + i])] for i in range(_i(s[L.S_DECK_N]))]
    jdeck = [names.jinx[_i(s[L.S_JDECK + i])] for i in range(_i(s[L.S_JDECK_N]))]
    out = {
        "viewer": viewer,
        "config": config,
        "turn": _i(s[L.S_TURN]),
        "round": _i(s[L.S_ROUND]),
        "current_player": -1 if over else _i(s[L.S_ACTOR]),
        "turn_of": _i(s[L.S_CUR]),
        "first_player": _i(s[L.S_FIRST]),
        "phase": L.PHASE_NAMES[_i(s[L.S_PHASE])],
        "over": over,
        "end_reason": L.END_REASONS[_i(s[L.S_END_REASON])] if over else None,
        "speed_left": _i(s[L.S_SPEED]),
        "end_of_turn": _end_of_turn(s),
        "players": [_player(s, t, names, p, viewer) for p in range(n)],
        "zones": _zones(s, t, names, viewer),
        "stacks": stacks,
        "reserve": with_modules("reserve", t, (s, t, names, viewer), {
            "cubes": {c: _i(s[L.S_RES_CUBES + i]) for i, c in enumerate(names.colors)}
            | {k: _i(s[L.S_RES_CUBES + L.CUBE_FALSE + j]) for j, k in enumerate(L.CUBE_KINDS)
               if t[L.T_COL_COUNT + L.CUBE_FALSE + j]},
            "students": _i(s[L.S_RES_GREY]),
            "omega": _i(s[L.S_RES_OMEGA]),
            "stun": _i(s[L.S_RES_STUN]),
            "knowledge": _i(s[L.S_RES_KNOW]),
            "stair_tokens": _i(t[L.T_STAIR_TOKENS] - s[L.S_STAIR_USED]),
            "wall_tokens": _i(t[L.T_WALL_TOKENS] - s[L.S_WALL_USED]),
        }),
        "university": {"students": _i(s[L.S_UNIV_GREY]), "omega": _i(s[L.S_UNIV_OMEGA])},
        "bonfire": _i(s[L.S_BONFIRE]),
        "alert": {
            "difficulty": config.get("alert"),
            "omega_placed": _i(s[L.S_ALERT_FILLED]),
            "spaces": _i(t[L.T_AL_NSLOTS]),
            "bonus": _i(alert_bonus(s, t)),  # the Panic Card's Alert Modifier under Maximum Alert
            "in_play": not bool(s[L.S_MAX_ALERT]),  # Maximum Alert removes the Alert Card
        },
        "clan": names.clans[_i(s[L.S_CLAN])] if clan_known else HIDDEN,
        "clan_public": bool(s[L.S_CLAN_PUBLIC]),
        "clan_pile": _clan_pile(s, names, clan_known),
        "card_types": {k: names.types[_i(t[L.T_KIND_TYPE + i])] for i, k in enumerate(names.kinds)},
        "deck": deck if viewer is None else len(deck),
        "discard": {k: _i(s[L.S_DISCARD + i]) for i, k in enumerate(names.kinds) if s[L.S_DISCARD + i]},
        "on_table": {k: _i(s[L.S_PLAYED + i]) for i, k in enumerate(names.kinds) if s[L.S_PLAYED + i]},
        "jinx_deck": jdeck if viewer is None else len(jdeck),
        "test": _test(s, names),
        "last_test": _last_test(s),
        "thesis_count": _i(s[L.S_THESIS_COUNT]),
        # Note Board points with the Clan modifiers: known only with the Clan
        "board_points": [_i(board_points(s, t, p)) if clan_known else None for p in range(n)],
    }
    return with_modules("state", t, (s, t, names, viewer), out)


@functools.cache
def _module_keys(part: str) -> tuple[tuple[str | None, str, Callable[..., Any], int], ...]:
    """(after, key, function, rule bit or 0) of each manifest's view key of a part, in manifest order."""
    out = []
    for package, m in MANIFESTS.items():
        bit = M.MODULES[m.module].bit if m.module in M.MODULES else 0
        out += [(v.after, v.key, resolve(package, v.call), 0 if v.always else bit) for v in m.view if v.part == part]
    return tuple(out)


def with_modules(part: str, t: np.ndarray, args: tuple, base: dict[str, Any]) -> dict[str, Any]:
    """``base`` with the modules' keys of this part (``Manifest.view``), each after its anchor key
    (a score breakdown leaves out the parts that are None)."""
    rules = _i(t[L.T_RULES])
    keys = list(base)
    for after, key, function, bit in _module_keys(part):
        if bit and not rules & bit:
            continue
        value = function(*args)
        if value is None and part == "breakdown":
            continue
        base[key] = value
        keys.insert(keys.index(after) + 1 if after is not None else len(keys), key)
    return {k: base[k] for k in keys}


