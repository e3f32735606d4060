"""Rocca Civetta's cards' tables: the Interns' tokens (the Fool's Token), the kinds of an added
Trick type, and "Add 1 or More Types of Trick Cards to the Deck" (the wild type that Scholar
skills' typed discards also accept)."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.schema import GameData
from sim.dungeonology.tables import TableContext


def compile_rc_cards(ctx: TableContext) -> None:
    """T_RC_INTERN_TOKEN, T_RC_KIND_ADDED, T_RC_WILD_TYPE and the wild type in the skills' programs."""
    t, data = ctx.t, ctx.data
    for i, name in enumerate(data.interns):
        for p, v in data.interns[name].token.items():
            t[L.T_RC_INTERN_TOKEN + i * L.NPASSIVE + L.PASSIVE_NAMES.index(p)] = v
    for k, name in enumerate(ctx.kinds):
        t[L.T_RC_KIND_ADDED + k] = 1 if data.cards[name].type in data.tricks.added_types else 0
    wild = wild_type(data)
    t[L.T_RC_WILD_TYPE] = wild + 1
    if wild < 0:
        return
    for row in range(len(ctx.scholars) * 2):
        for k in range(int(t[L.T_SCH_NSKILLS + row])):
            i = row * L.MAX_SKILLS + k
            for o in range(int(t[L.T_SCH_SK_NOPTS + i])):
                _also_accept(t, int(t[L.T_SCH_SK_PROG + i * L.MAX_OPTS + o]), wild)


def wild_type(data: GameData) -> int:
    """RC "Add 1 or More Types of Trick Cards to the Deck": the index of the type
    (Fate) that Scholar skills' typed discards also accept, when at least
    ``tricks.wild_min_added`` of the ``tricks.added_types`` have cards in the
    deck; -1 otherwise (the base game)."""
    tr = data.tricks
    if tr.wild_type is None:
        return -1
    in_deck = {card.type for card in data.cards.values() if card.copies > 0}
    added = [ty for ty in tr.added_types if ty in in_deck]
    return list(tr.types).index(tr.wild_type) if len(set(added)) >= tr.wild_min_added else -1


def _also_accept(t: np.ndarray, prog: int, wild: int) -> None:
    """A skill's discard_type of one type also accepts the wild type."""
    start = int(t[L.T_PROG_START + prog])
    for i in range(int(t[L.T_PROG_LEN + prog])):
        o = L.T_OPS + (start + i) * L.OP_W
        if t[o + L.OPF_CODE] == L.OP_DISCARD_TYPE and 0 < t[o + L.OPF_TYPE] < L.WILD_TYPE_UNIT:
            t[o + L.OPF_TYPE] += L.WILD_TYPE_UNIT * (wild + 1)
