"""State snapshots as JSON-ready dicts: the whole truth (``state_dict``) or
what one seat can know (``observation_dict``).

Hidden from a seat: other hands, every face-down Jinx Card, the Clan Card
without its Knowledge Token (until revealed to all), the Panic Card until
Maximum Alert reveals it, and the order of every deck, stack and bag (their
sizes stay public).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sim import layout as L
from sim.core.board import board_points, study_bonus
from sim.core.common import pf, stat
from sim.core.supply import alert_bonus
from sim.schema import PASSAGES
from sim.tables import Names

HIDDEN = "hidden"
FLOORS = ("I", "II", "III")


def _i(x: Any) -> int:
    return int(x)


def _hand(s: np.ndarray, names: Names, seat: int) -> list[str]:
    out = []
    for k, name in enumerate(names.kinds):
        out += [name] * _i(s[pf(seat, L.PF_HAND) + k])
    return out


def _cubes(s: np.ndarray, names: Names, seat: int) -> dict[str, int]:
    return {c: _i(s[pf(seat, L.PF_CUBES) + i]) for i, c in enumerate(names.colors)}


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
    return {
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
    }


def _zones(s: np.ndarray, t: np.ndarray, names: Names) -> list[dict[str, Any]]:
    out = []
    for z, name in enumerate(names.zones):
        if not s[L.S_ZPLACED + z]:
            continue
        spaces = []
        for i in range(_i(t[L.T_Z_NCUBES + z])):
            c = _i(s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i])
            spaces.append(names.colors[c - 1] if c else None)
        out.append({
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
        })
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


def _max_alert(s: np.ndarray, names: Names, viewer: int | None) -> dict[str, Any] | None:
    """Maximum Alert: the Panic deck (public), the Panic Card (hidden from
    everybody until revealed: the whole-truth view shows it), the state."""
    if _i(s[L.S_PANIC]) < 0:
        return None
    revealed = bool(s[L.S_MAX_ALERT])
    card = names.panic[_i(s[L.S_PANIC])]
    return {
        "triggered": revealed,
        "panic": card if revealed or viewer is None else HIDDEN,
        "panic_deck": [c for i, c in enumerate(names.panic) if (_i(s[L.S_PANIC_DECK]) >> i) & 1],
        "removed": [p for p in range(_i(s[L.S_NPLAYERS])) if (_i(s[L.S_MA_REMOVED]) >> p) & 1],
    }


def state_dict(s: np.ndarray, t: np.ndarray, names: Names, config: dict[str, Any],
               viewer: int | None = None) -> dict[str, Any]:
    """The whole state (viewer None) or seat `viewer`'s observation."""
    n = _i(s[L.S_NPLAYERS])
    over = bool(s[L.S_OVER])
    clan_known = viewer is None or bool(s[L.S_CLAN_PUBLIC]) or bool(s[pf(viewer, L.PF_KNOWLEDGE)])
    stacks: dict[str, Any] = {}
    for f in range(L.NFLOORS):
        k = _i(s[L.S_STACK_N + f])
        order = [names.zones[_i(s[L.S_STACK + f * L.MAX_ZONES + i])] for i in range(k)]
        stacks[FLOORS[f]] = order if viewer is None else k
    deck = [names.kinds[_i(s[L.S_DECK + i])] for i in range(_i(s[L.S_DECK_N]))]
    jdeck = [names.jinx[_i(s[L.S_JDECK + i])] for i in range(_i(s[L.S_JDECK_N]))]
    return {
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
        "players": [_player(s, t, names, p, viewer) for p in range(n)],
        "zones": _zones(s, t, names),
        "stacks": stacks,
        "reserve": {
            "cubes": {c: _i(s[L.S_RES_CUBES + i]) for i, c in enumerate(names.colors)},
            "students": _i(s[L.S_RES_GREY]),
            "omega": _i(s[L.S_RES_OMEGA]),
            "stun": _i(s[L.S_RES_STUN]),
            "knowledge": _i(s[L.S_RES_KNOW]),
            "stair_tokens": _i(t[L.T_STAIR_TOKENS] - s[L.S_STAIR_USED]),
            "wall_tokens": _i(t[L.T_WALL_TOKENS] - s[L.S_WALL_USED]),
        },
        "university": {"students": _i(s[L.S_UNIV_GREY]), "omega": _i(s[L.S_UNIV_OMEGA])},
        "bonfire": _i(s[L.S_BONFIRE]),
        "alert": {
            "difficulty": config.get("alert"),
            "omega_placed": _i(s[L.S_ALERT_FILLED]),
            "spaces": _i(t[L.T_AL_NSLOTS]),
            "bonus": _i(alert_bonus(s, t)),  # the Panic Card's Alert Modifier under Maximum Alert
            "in_play": not bool(s[L.S_MAX_ALERT]),  # Maximum Alert removes the Alert Card
        },
        "max_alert": _max_alert(s, names, viewer),
        "clan": names.clans[_i(s[L.S_CLAN])] if clan_known else HIDDEN,
        "clan_public": bool(s[L.S_CLAN_PUBLIC]),
        "deck": deck if viewer is None else len(deck),
        "discard": {k: _i(s[L.S_DISCARD + i]) for i, k in enumerate(names.kinds) if s[L.S_DISCARD + i]},
        "on_table": {k: _i(s[L.S_PLAYED + i]) for i, k in enumerate(names.kinds) if s[L.S_PLAYED + i]},
        "jinx_deck": jdeck if viewer is None else len(jdeck),
        "test": _test(s, names),
        "thesis_count": _i(s[L.S_THESIS_COUNT]),
        # Note Board points with the Clan modifiers: known only with the Clan
        "board_points": [_i(board_points(s, t, p)) if clan_known else None for p in range(n)],
    }
