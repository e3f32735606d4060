"""Load the component data: read a folder of TOML files, apply overrides, validate.

>>> loaded = load_data(overrides={"scholars.Sofia.speed": 4})
>>> loaded.data.scholars["Sofia"].speed
4

See docs/DATA_FORMAT.md for the files, the provisional convention and overrides.
"""

from __future__ import annotations

import copy
import datetime
import hashlib
import json
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim.errors import ConfigError, DataError, format_key, format_value
from sim.schema import (
    PROVISIONAL_KEYS,
    GameData,
    model_at,
    strip_provisional,
    validate_data,
)

DATA_DIR = Path(__file__).parent / "data" / "base"
DATA_FILES = (
    "box.toml",
    "noteboard.toml",
    "auxiliary.toml",
    "tricks.toml",
    "scholars.toml",
    "clans.toml",
    "alert.toml",
    "jinx.toml",
    "randomizer.toml",
    "zones.toml",
    "interns.toml",
)
# Mappings whose keys are open (a colour, a passive, a Passage): overrides may add keys.
OPEN_MAPPINGS = ("modifiers", "knowledge", "passive", "doors")

Parts = tuple[str | int, ...]


@dataclass(frozen=True)
class ProvisionalValue:
    """A value not printed in the rulebook: where it is, what it is, and why it was chosen."""

    file: str
    key: str
    value: Any
    note: str


@dataclass(frozen=True)
class LoadedData:
    """Validated component data and where it came from."""

    data: GameData
    provisional: list[ProvisionalValue]
    overrides: dict[str, Any]
    source: str
    hash: str
    is_provisional: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_provisional", bool(self.provisional))


def load_data(
    path: str | Path | None = None, overrides: Mapping[str, Any] | None = None
) -> LoadedData:
    """Read every ``*.toml`` of ``path`` (default :data:`DATA_DIR`), apply ``overrides``
    (dotted key -> value; string values are read as TOML), and validate.

    Raises :class:`DataError` for any problem in the files or the overrides.
    """
    folder = Path(path) if path is not None else DATA_DIR
    raw, origins = _read_folder(folder)
    applied = _apply_overrides(raw, overrides or {})
    provisional = [
        p for p in _collect_provisional(raw, origins) if not _overridden(p.key, applied)
    ]
    files = {key: _display(file) for key, file in origins.items()}
    clean = strip_provisional(raw)
    try:
        data = validate_data(clean, files)
    except DataError as exc:
        raise _blame_override(exc, applied) from None
    canonical = json.dumps(
        clean, separators=(",", ":"), ensure_ascii=False, default=str
    )
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    return LoadedData(data, provisional, applied, str(folder), digest)


def parse_set_options(items: Iterable[str]) -> dict[str, Any]:
    """Turn CLI strings ``KEY=VALUE`` into an overrides mapping (values stay strings)."""
    out: dict[str, Any] = {}
    for item in items:
        at = _find_outside_quotes(item, "=")
        key = item[:at].strip() if at >= 0 else ""
        if at < 0 or not key:
            raise ConfigError(
                "expected KEY=VALUE (for example scholars.Sofia.speed=4)", value=item
            )
        out[key] = item[at + 1 :].strip()
    return out


def parse_value(text: str) -> Any:
    """A TOML value (``4``, ``[1, 2]``, ``"red"``, ``true``), else the bare string."""
    try:
        doc = tomllib.loads(f"v = {text}")
    except tomllib.TOMLDecodeError:
        return text
    value = doc.get("v")
    if set(doc) != {"v"} or isinstance(value, (datetime.date, datetime.time)):
        return text
    return value


def split_key(key: str) -> list[str]:
    """Split a dotted key; segments may be quoted (``zones."I-3".alert``)."""
    parts: list[str] = []
    i, n = 0, len(key)
    while True:
        while i < n and key[i] in " \t":
            i += 1
        if i < n and key[i] in "\"'":
            end = key.find(key[i], i + 1)
            if end < 0:
                raise _bad_key(key)
            parts.append(key[i + 1 : end])
            i = end + 1
        else:
            start = i
            while i < n and key[i] not in ".\"'":
                i += 1
            segment = key[start:i].strip()
            if not segment:
                raise _bad_key(key)
            parts.append(segment)
        while i < n and key[i] in " \t":
            i += 1
        if i == n:
            return parts
        if key[i] != ".":
            raise _bad_key(key)
        i += 1


# --------------------------------------------------------------------------- reading


def _read_folder(folder: Path) -> tuple[dict[str, Any], dict[str, Path]]:
    if not folder.is_dir():
        raise DataError(
            f"data folder not found (allowed: a folder holding {', '.join(DATA_FILES)})",
            file=_display(folder),
        )
    for name in DATA_FILES:
        if not (folder / name).is_file():
            raise DataError(
                f"missing data file (a data folder needs: {', '.join(DATA_FILES)})",
                file=_display(folder / name),
            )
    extra = sorted(p.name for p in folder.glob("*.toml") if p.name not in DATA_FILES)
    raw: dict[str, Any] = {}
    origins: dict[str, Path] = {}
    for name in (*DATA_FILES, *extra):
        path = folder / name
        try:
            with path.open("rb") as fh:
                doc = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            raise DataError(f"TOML syntax error: {exc}", file=_display(path)) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(
                f"cannot read the file: {exc}", file=_display(path)
            ) from None
        for key, value in doc.items():
            if key in origins:
                raise DataError(
                    f"already defined in {_display(origins[key])} "
                    "(allowed: each top-level key in one file only)",
                    file=_display(path),
                    key=format_key([key]),
                )
            raw[key] = value
            origins[key] = path
    return raw, origins


def _display(path: Path) -> str:
    """The path relative to the working directory when inside it, else absolute."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (OSError, ValueError):
        return str(path)


# --------------------------------------------------------------------------- overrides


def _apply_overrides(
    raw: dict[str, Any], overrides: Mapping[str, Any]
) -> dict[str, Any]:
    applied: dict[str, Any] = {}
    for key, value in overrides.items():
        if isinstance(value, str):
            value = parse_value(value)
        parts = _set(raw, split_key(str(key)), copy.deepcopy(value), value)
        applied[format_key(parts)] = value
    return applied


def _set(raw: dict[str, Any], segments: list[str], value: Any, shown: Any) -> Parts:
    """Set ``value`` at ``segments``; returns the resolved parts (list indices as ints)."""
    node: Any = raw
    parts: list[str | int] = []
    for i, seg in enumerate(segments):
        last = i == len(segments) - 1
        if isinstance(node, list):
            if not (seg.isdigit() and int(seg) < len(node)):
                allowed = f"0 to {len(node) - 1}" if node else "none, the list is empty"
                raise _no_key(segments, parts, seg, f"an index {allowed}", shown)
            index = int(seg)
            parts.append(index)
            if last:
                node[index] = value
            node = node[index]
            continue
        if not isinstance(node, dict):
            raise DataError(
                f"{format_key(parts)} is a single value, not a table "
                f"(allowed: stop at {format_key(parts)})",
                key=format_key(segments),
                value=shown,
            )
        keys = [k for k in node if k not in PROVISIONAL_KEYS]
        if seg not in keys and not _may_add(parts, seg, segments[i + 1 :]):
            listed = ", ".join(format_key([k]) for k in keys) or "none"
            raise _no_key(segments, parts, seg, listed, shown)
        parts.append(seg)
        if last:
            node[seg] = value
        else:
            node = node.setdefault(seg, {})
    return tuple(parts)


def _may_add(parts: list[str | int], seg: str, rest: list[str]) -> bool:
    """A missing key may be created: a new entry of an open mapping, or an optional field."""
    if not rest and parts and parts[-1] in OPEN_MAPPINGS:
        return True
    model = model_at(tuple(parts))
    if model is None or seg not in model.model_fields:
        return False
    optional = not model.model_fields[seg].is_required()
    return optional and (not rest or (seg in OPEN_MAPPINGS and len(rest) == 1))


def _no_key(
    segments: list[str], parts: list[str | int], seg: str, allowed: str, shown: Any
) -> DataError:
    where = format_key(parts) if parts else "the top level"
    return DataError(
        f"no key {seg!r} under {where} (allowed: {allowed})",
        key=format_key(segments),
        value=shown,
    )


def _blame_override(exc: DataError, applied: Mapping[str, Any]) -> DataError:
    """Say so when the bad value (or a part of it) came from an override."""
    key = exc.key or ""
    for o in applied:
        if key == o or key.startswith(o + ".") or o.startswith(key + "."):
            message = f"{exc.message} [value set by override {o}]"
            return DataError(message, file=exc.file, key=exc.key, value=exc.value)
    return exc


def _overridden(key: str, applied: Mapping[str, Any]) -> bool:
    return any(key == o or key.startswith(o + ".") for o in applied)


def _bad_key(key: str) -> DataError:
    return DataError(
        "not a dotted key (allowed: names separated by dots, quoted when they hold "
        'spaces or dashes, e.g. zones."I-3".alert or randomizer.cards.3.color)',
        value=key,
    )


def _find_outside_quotes(text: str, char: str) -> int:
    quote = None
    for i, c in enumerate(text):
        if quote:
            quote = None if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c == char:
            return i
    return -1


# --------------------------------------------------------------------------- provisional


def _collect_provisional(
    raw: dict[str, Any], origins: Mapping[str, Path]
) -> list[ProvisionalValue]:
    out: list[ProvisionalValue] = []
    for top, value in raw.items():
        if top in PROVISIONAL_KEYS:
            raise DataError(
                "provisional markers belong inside a table (allowed: in any [table])",
                file=_display(origins[top]),
                key=top,
                value=value,
            )
        for parts, table in _tables(value, (top,)):
            out.extend(_entries(table, parts, origins[top]))
    return out


def _tables(node: Any, parts: Parts) -> Iterator[tuple[Parts, dict[str, Any]]]:
    if isinstance(node, dict):
        if any(k in node for k in PROVISIONAL_KEYS):
            yield parts, node
        for key, value in node.items():
            if key not in PROVISIONAL_KEYS:
                yield from _tables(value, (*parts, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _tables(value, (*parts, i))


def _has_markers(node: Any) -> bool:
    return any(True for _ in _tables(node, ()))


def _entries(table: dict[str, Any], parts: Parts, file: Path) -> list[ProvisionalValue]:
    marker = table.get("provisional", [])
    note = table.get("provisional_note", "")
    keys = [k for k in table if k not in PROVISIONAL_KEYS]
    allowed = ", ".join(format_key([k]) for k in keys)
    if not isinstance(note, str):
        raise DataError(
            "wrong type (allowed: a text in quotes)",
            file=_display(file),
            key=format_key((*parts, "provisional_note")),
            value=note,
        )
    if not (isinstance(marker, list) and all(isinstance(k, str) for k in marker)):
        raise DataError(
            f'wrong type (allowed: a list of key names of this table, or ["*"]: {allowed})',
            file=_display(file),
            key=format_key((*parts, "provisional")),
            value=marker,
        )
    for name in marker:
        if name != "*" and name not in keys:
            raise DataError(
                f'{name!r} is not a key of this table (allowed: {allowed}, or "*")',
                file=_display(file),
                key=format_key((*parts, "provisional")),
                value=marker,
            )
    if "*" in marker:
        marker = [k for k in keys if not _has_markers(table[k])]
    return [
        ProvisionalValue(
            file.name, format_key((*parts, k)), strip_provisional(table[k]), note
        )
        for k in keys
        if k in marker
    ]


# --------------------------------------------------------------------------- summary


def describe(loaded: LoadedData) -> str:
    """A readable summary of the loaded data (what ``dungeonology data`` prints)."""
    d = loaded.data
    lines = [f"Component data: {loaded.source}", f"Hash: {loaded.hash}", ""]
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
    lines.append(f"Randomizer cards: {len(d.randomizer.cards)}")
    lines.append("")
    if loaded.overrides:
        lines.append(f"Overrides ({len(loaded.overrides)}):")
        lines += [f"  {k} = {format_value(v)}" for k, v in loaded.overrides.items()]
    else:
        lines.append("Overrides: none")
    lines.append(f"Provisional values ({len(loaded.provisional)}):")
    for p in loaded.provisional:
        lines.append(f"  {p.file} {p.key} = {format_value(p.value, 80)}  # {p.note}")
    return "\n".join(lines)


def _side(side: Any) -> str:
    knowledge = " ".join(f"{c} {n}" for c, n in side.knowledge.items())
    skills = ", ".join(s.name for s in side.skills) or "-"
    return (
        f"students {side.students}, hand {side.hand}, speed {side.speed}, "
        f"intelligence {side.intelligence}, stamina {side.stamina}; "
        f"knowledge {knowledge}; skills {skills}"
    )
