"""What ``dungeonology data`` prints: the components, the layers they come
from, and the provenance of every value (docs/DATA_FORMAT.md, "Provenance")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from sim.dungeonology.schema import STATUSES
from sim.kit.errors import format_value

if TYPE_CHECKING:
    from sim.dungeonology.loader import LoadedData


def describe(loaded: LoadedData, every_value: bool = False) -> str:
    """A readable summary of the loaded data (what ``dungeonology data`` prints):
    the layers, the components, the overrides, the values by status and every
    value that is not printed; ``every_value`` adds the list of all values with
    their provenance (:func:`describe_values`)."""
    d = loaded.data
    lines = [f"Component data: {loaded.source}", f"Hash: {loaded.hash}"]
    lines.append(f"Layers ({len(loaded.layers)}, merged in this order; then the overrides):")
    lines += [f"  {_layer(layer)}" for layer in loaded.layers]
    lines.append("")
    cubes = ", ".join(f"{c.name} {c.count} x {c.points} pts" for c in d.cubes)
    lines.append(f"Information Cubes ({sum(c.count for c in d.cubes)}): {cubes}")
    lines.append(f"Students: {d.students.grey} grey, {d.students.omega} Omega")
    t = d.tokens
    lines.append(
        f"Tokens: {t.stun} Stun, {t.knowledge} Knowledge, {t.stair} Stair, {t.wall} Wall"
    )
    traps = ", ".join(f"{k} {v.count}" + (f" (N {v.n})" if v.n else "") for k, v in t.trap.items())
    lines.append(
        f"Zone Effect Tokens: {t.secret_passage} Secret Passage X, {t.teleport} Teleport; Traps: {traps}"
    )
    lines.append(f"Campus Bonfire spaces: {d.campus.bonfire_spaces}")
    lines.append(f"Scholars ({len(d.scholars)}):")
    for name, scholar in d.scholars.items():
        lines.append(f"  {name:<10} front:   {_side(scholar)}")
        lines.append(f"  {'':<10} exalted: {_side(scholar.exalted)}")
    lines.append(f"Clans ({len(d.clans)}):")
    for name, clan in d.clans.items():
        mods = (
            ", ".join(f"{c} {n:+d}" for c, n in clan.modifiers.items())
            or "no modifiers"
        )
        lines.append(f"  {name}: target {clan.target}, {mods}")
    lines.append(f"Alert Cards ({len(d.alert)}):")
    for name, card in d.alert.items():
        bonuses = " ".join(f"+{s.bonus}" for s in card.slots)
        lines.append(
            f"  {name}: {len(card.slots)} slots (bonus {bonuses}), University "
            f"{card.university.students_per_player}/player + {card.university.omega} Omega"
        )
    per_floor = {f: sum(z.floor == f for z in d.zones.values()) for f in (1, 2, 3)}
    floors = ", ".join(f"floor {f}: {n}" for f, n in per_floor.items())
    lines.append(f"Zones ({len(d.zones)} + {d.start.name}): {floors}")
    lines.append(f"Trick Cards ({sum(c.copies for c in d.cards.values())}):")
    for name, card in d.cards.items():
        lines.append(
            f"  {card.copies:>2} x {name} ({card.type}, bonus {card.bonus}; "
            f"{' / '.join(card.auxiliary)})"
        )
    lines.append(f"Jinx Cards ({len(d.jinx)}): {', '.join(d.jinx)}")
    lines.append(f"Intern Cards ({len(d.interns)}, Main Effects rule):")
    linked = {c.intern: k for k, c in d.cards.items() if c.intern}
    for name, it in d.interns.items():
        effect = ", ".join([f"{p} {v:+d}" for p, v in it.passive.items()]
                           + [f"protects {c}" for c in it.protected]) or "no effect"
        lines.append(f"  {name}: {it.points} PT; {effect}; from {linked.get(name, '-')}")
    if d.research:
        lines.append(f"Research Cards ({len(d.research)}, research module):")
        for name, rc in d.research.items():
            quest = " and ".join(_quest_text(c) for c in rc.requires)
            lines.append(f"  {name}: {rc.points} points; {quest}")
    lines.append(f"Randomizer cards: {len(d.randomizer.cards)}")
    lines.append("")
    if loaded.overrides:
        lines.append(f"Overrides ({len(loaded.overrides)}):")
        lines += [f"  {k} = {format_value(v)}" for k, v in loaded.overrides.items()]
    else:
        lines.append("Overrides: none")
    for title, marked in (("Provisional", loaded.provisional), ("Transcribed (fan transcription)", loaded.transcribed)):
        lines.append(f"{title} values ({len(marked)}):")
        for p in marked:
            where = "" if p.layer == "base" else f"[{p.layer}] "
            lines.append(f"  {where}{p.file} {p.key} = {format_value(p.value, 80)}  # {p.note}")
    records = loaded.values()
    if records:
        counts = loaded.provenance.counts() if loaded.provenance else {}
        lines.append("Values by status: " + ", ".join(f"{n} {status}" for status, n in counts.items()))
        changed = [v for v in records if v.status == "designer"]
        lines.append(f"Values set by a data layer ({len(changed)}):")
        lines += [f"  {_value_line(v)}" for v in changed]
    if every_value:
        lines += ["", describe_values(loaded)]
    return "\n".join(lines)


def describe_values(loaded: LoadedData, statuses: Iterable[str] | None = None) -> str:
    """Every value (or those of ``statuses``), one line each: key = value,
    then its status, layer and file."""
    wanted = set(statuses) if statuses is not None else set(STATUSES) | {v.status for v in loaded.values()}
    rows = [v for v in loaded.values() if v.status in wanted]
    return "\n".join([f"Values ({len(rows)}): key = value  [status, layer, file]"]
                     + [f"  {_value_line(v)}" for v in rows])


def provenance_records(loaded: LoadedData, statuses: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """Every value (or those of ``statuses``) as a JSON-able dict: key, value,
    layer, kind, file, status, note (what reports and manifests store)."""
    wanted = None if statuses is None else set(statuses)
    return [v.to_dict() for v in loaded.values() if wanted is None or v.status in wanted]


def _value_line(v: Any) -> str:
    note = f"  # {v.note}" if v.note else ""
    return f"{v.key} = {format_value(v.value, 80)}  [{v.status}, {v.layer}, {v.file or 'override'}]{note}"


def _layer(layer: Any) -> str:
    title = f" ({layer.title})" if layer.title else ""
    cites = f", rulebook {layer.rulebook}" if layer.rulebook else ""
    return f"{layer.kind} {layer.name}{title}: {layer.folder}{cites}"


def _side(side: Any) -> str:
    knowledge = " ".join(f"{c} {n}" for c, n in side.knowledge.items())
    skills = ", ".join(s.name for s in side.skills) or "-"
    return (
        f"students {side.students}, hand {side.hand}, speed {side.speed}, "
        f"intelligence {side.intelligence}, stamina {side.stamina}; "
        f"knowledge {knowledge}; skills {skills}"
    )


def _quest_text(cond: Any) -> str:
    """One Quest condition in words: "at least 4 civilization cubes", "at most 0 stun"."""
    what = {"cubes": f"{cond.color} cubes" if cond.color else "cubes",
            "columns": f"columns with {cond.each}+ cubes"}.get(cond.what, cond.what.replace("_", " "))
    return f"{'at most' if cond.at_most else 'at least'} {cond.n} {what}"
