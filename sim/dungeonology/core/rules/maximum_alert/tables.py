"""The Maximum Alert rule's tables ("Maximum Alert", "Selecting the Panic Card"): the Panic deck
the configuration allows and each Panic Card's University fill, Alert Modifier, passives and
turn-start programs."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.schema import GameData
from sim.dungeonology.tables import TableContext, limit


def boss_names(data: GameData) -> list[str]:
    """Names of the Boss Cards in the data (the Boss rule's data), or []."""
    bosses = getattr(data, "boss", None) or getattr(data, "bosses", None) or {}
    return [str(b) for b in bosses] if isinstance(bosses, dict) else []


def _same(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()


def _boss_index(data: GameData, name: str) -> int:
    """The Boss Card a Boss Requirement names, by key or printed name (any case), or -1."""
    bosses = getattr(data, "boss", None) or {}
    for b, key in enumerate(bosses):
        if _same(str(key), name) or _same(str(getattr(bosses[key], "name", key)), name):
            return b
    return -1


def panic_deck(data: GameData, rules: int, boss: str | None) -> list[bool]:
    """Which Panic Cards go in the Panic deck ("Selecting the Panic Card").

    A card without requirements always; a Dungeon Requirement when it is the
    Dungeon icon of the Zones; a Boss Requirement only with the Boss rule and
    that Boss (``boss``: the Boss in use, None = not known before the Boss is
    drawn at setup: then the engine rechecks the drawn Boss, T_PANIC_BOSS).
    If an allowed card with a requirement is `exclusive`, only the allowed
    exclusive cards stay ("some expansions require you to include only these
    cards").
    """
    allowed = []
    for card in data.panic.values():
        ok = True
        if card.dungeon is not None:
            ok = data.dungeon is not None and _same(card.dungeon, data.dungeon)
        if card.boss is not None:
            need = _boss_index(data, card.boss)  # by key or printed name; -1: not in the data, never in use
            ok = ok and bool(rules & L.RULE_BOSS) and need >= 0 and (boss is None or _boss_index(data, boss) == need)
        allowed.append(ok)
    cards = list(data.panic.values())
    if any(a and c.exclusive for a, c in zip(allowed, cards, strict=True)):
        allowed = [a and c.exclusive for a, c in zip(allowed, cards, strict=True)]
    return allowed


def compile_panic(ctx: TableContext) -> None:
    """T_PANIC_* (the first compiler after the Zones: the programs keep their numbers); the Panic names."""
    t, data, progs, rules = ctx.t, ctx.data, ctx.progs, ctx.rules
    names = list(data.panic)
    limit("Panic Cards", len(names), L.MAX_PANIC)
    t[L.T_PANIC_N] = len(names)
    t[L.T_PANIC_FORCED] = -1
    for i, ok in enumerate(panic_deck(data, rules, None)):
        t[L.T_PANIC_ALLOWED + i] = 1 if ok else 0
    for i, name in enumerate(names):
        card = data.panic[name]
        if card.boss is not None:
            t[L.T_PANIC_BOSS + i] = _boss_index(data, card.boss) + 1
        t[L.T_PANIC_GREY + i] = card.university.students_per_player
        t[L.T_PANIC_OMEGA + i] = card.university.omega
        t[L.T_PANIC_ALERT_MOD + i] = card.alert_modifier
        for p, v in card.passive.items():
            t[L.T_PANIC_PASSIVE + i * L.NPASSIVE + L.PASSIVE_NAMES.index(p)] = v
        t[L.T_PANIC_PROG_EACH + i] = progs.add(list(card.each_player)) if card.each_player else -1
        t[L.T_PANIC_PROG_SCHOLAR + i] = progs.add(list(card.each_scholar)) if card.each_scholar else -1
    ctx.names["panic"] = tuple(data.panic)
