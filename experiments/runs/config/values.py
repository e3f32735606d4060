"""The values of a sweep file, each checked on its own against the game's data and the agent registry:
its settings, every axis's values and the swept overrides, with errors that name the key of the file
(``sweep.alert[2]``) or the command-line option that gave the value.

:class:`SweepValues` checks what every game's file has (the settings, ``players``, ``agents``, the
overrides); a game's sweep reader derives from it (through :class:`experiments.runs.config.resolve.SweepReader`)
and gives its data (:meth:`SweepValues.load`), its axes (``AXES``, ``DEFAULTS``, one ``_check_<axis>``
method each) and what its keys expect (``EXPECTED``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from experiments.runs.config.models import EXPECTED, SweepFile
from experiments.runs.config.plan import MAX_CHUNK, MAX_GAMES, MAX_SEED
from sim.kit.bundle import GameBundle
from sim.kit.documents import path_problem
from sim.kit.errors import ConfigError, DataError, format_key

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def counts_text(lo: int, hi: int) -> str:
    """The player counts lo..hi in words: '2, 3 or 4', '2 to 10'."""
    counts = [str(n) for n in range(lo, hi + 1)]
    if len(counts) > 4:
        return f"{lo} to {hi}"
    return counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"


class SweepValues:
    """A validated sweep file's values, each checked against the data: :meth:`settings` (name, games,
    seed, chunk size, data), :meth:`axis` (the values of one axis) and :meth:`overrides` (the swept
    ones). :mod:`experiments.runs.config.resolve` expands them into cells."""

    FILE: ClassVar[type[SweepFile]] = SweepFile  # the game's file model
    AXES: ClassVar[tuple[str, ...]] = ("players", "agents")  # in the order of the cells' nested loops
    DEFAULTS: ClassVar[dict[str, Any]] = {}  # the value of an axis the file does not give
    EXPECTED: ClassVar[Mapping[tuple[str, ...], str]] = EXPECTED
    DATA: ClassVar[str] = "a folder of component data, relative to the sweep file; leave data out for the built-in box"
    DATA_FOLDER: ClassVar[bool] = True  # the data setting names a folder (False: a file or a folder)

    def __init__(self, game: GameBundle, model: SweepFile, raw: Mapping[str, Any], file: str | None,
                 base: Path | None, default_name: str, games: int | None, chunk_size: int | None) -> None:
        self.game = game
        self.m = model
        self.raw = raw
        self.file = file
        self.base = base
        self.default_name = default_name
        self.games = games
        self.chunk_size = chunk_size

    def err(self, message: str, key: Sequence[str | int] | str | None = None, value: Any = None) -> ConfigError:
        """A ConfigError naming the file and the key (a list of parts, as :func:`key_text` writes them), or the
        command-line option (a key starting with --) that gave the value."""
        if isinstance(key, (list, tuple)):
            key = key_text(key)
        if isinstance(key, str) and key.startswith("--"):  # a command-line option, not a key of the file
            return ConfigError(message, key=key, value=value)
        return ConfigError(message, file=self.file, key=key, value=value)

    # ------------------------------------------------------------ the game's data
    def load(self, data: Any, overrides: Mapping[str, Any]) -> Any:
        """The game's data of ``data`` with ``overrides`` (its ``hash`` is the run's data hash); a DataError
        names what is wrong."""
        raise NotImplementedError

    def split_key(self, key: str) -> list[str]:
        """The parts of a dotted data key as the game reads it (DataError when it cannot be read)."""
        return key.split(".")

    # ------------------------------------------------------------ settings
    def settings(self) -> None:
        m = self.m
        name = m.name if m.name is not None else self.default_name
        if not _NAME.match(name):
            raise self.err(f"expected {self.EXPECTED[('name',)]}", ["name"], name)
        self.name = name
        games = m.games_per_cell if self.games is None else self.games
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            key = ["games_per_cell"] if self.games is None else "--games"
            raise self.err(f"play at least 1 and at most {MAX_GAMES:_} games per cell", key, games)
        self.games_requested = games
        if not 0 <= m.seed <= MAX_SEED:
            raise self.err(f"expected {self.EXPECTED[('seed',)]}", ["seed"], m.seed)
        chunk = m.chunk_size if self.chunk_size is None else self.chunk_size
        if isinstance(chunk, bool) or not isinstance(chunk, int) or not 1 <= chunk <= MAX_CHUNK:
            key = ["chunk_size"] if self.chunk_size is None else "--chunk-size"
            raise self.err(f"at least 1 and at most {MAX_CHUNK:_} games per task", key, chunk)
        self.chunk = chunk
        self.own_settings()
        both = [a for a in (*self.AXES, "overrides") if self._given("fixed", a) not in (None, {})
                and self._given("sweep", a) not in (None, {})]
        for axis in both:
            if axis == "overrides":
                common = [k for k in m.fixed.overrides if k in m.sweep.overrides]
                if common:
                    raise self.err("an override is either fixed or swept (allowed: in [fixed.overrides] or in "
                                   "[sweep.overrides], not both)", ["sweep", "overrides", common[0]])
                continue
            raise self.err("an axis is either fixed or swept (allowed: in [fixed] or in [sweep], not both)",
                           ["sweep", self._written("sweep", axis)], self._given("sweep", axis))
        data = m.data
        if data is not None and self.base is not None and not Path(data).is_absolute():
            data = str(self.base / data)
        problem = None if data is None else path_problem(data)
        if problem is not None:
            raise self.err(f"not a data {'folder' if self.DATA_FOLDER else 'file'}: {problem}", ["data"], m.data)
        if data is not None and not (Path(data).is_dir() if self.DATA_FOLDER else Path(data).exists()):
            raise self.err(f"data {'folder' if self.DATA_FOLDER else 'file'} not found: {data} (allowed: "
                           f"{self.DATA})", ["data"], m.data)
        self.data = data
        try:
            self.loaded = self.load(data, dict(m.fixed.overrides))
        except DataError as exc:
            key = self.blamed_override(exc, m.fixed.overrides)
            if key is None:
                raise
            raise self.err(_strip_blame(exc.message), ["fixed", "overrides", key], m.fixed.overrides[key]) from None

    def own_settings(self) -> None:
        """Check the game's own settings (after the chunk size, before the axes)."""

    # ---------------------------------------------------------------- axes
    def _given(self, section: str, name: str) -> Any:
        """The value of an axis in [fixed] or [sweep] (None when not given)."""
        return getattr(getattr(self.m, section), name)

    def _written(self, section: str, name: str) -> str:
        """The key as the file writes it."""
        return name

    def axis(self, name: str) -> tuple[list[Any], bool]:
        """(values, swept) of an axis, each value checked on its own."""
        fixed, swept = self._given("fixed", name), self._given("sweep", name)
        written = self._written("sweep" if swept is not None else "fixed", name)
        if swept is not None:
            section = "sweep"
            values = self._expand(name, swept)
            if isinstance(values, list) and not values:
                raise self.err(f"an empty list (expected {self.EXPECTED[('sweep', name)]})", ["sweep", written],
                               swept)
        elif fixed is not None:
            section, values = "fixed", [fixed]
        else:
            section, values = "default", [self.DEFAULTS[name]]
        check = getattr(self, f"_check_{name}")
        out = []
        for i, v in enumerate(values):
            key: list[str | int] = [section, written] if section != "sweep" or not isinstance(swept, list) else \
                [section, written, i]
            out.append(check(v, key))
        texts = [json.dumps(v, sort_keys=True) for v in out]
        for i, t in enumerate(texts):
            if t in texts[:i] and isinstance(swept, list):
                raise self.err("listed twice (allowed: each value once)", ["sweep", written, i], values[i])
        return out, section == "sweep"

    def _expand(self, name: str, swept: Any) -> Any:
        """The values of a swept axis: its list, or its one value (a game expands "all" and the like)."""
        return swept if isinstance(swept, list) else [swept]

    def _check_players(self, v: Any, key: list) -> int:
        lo, hi = self.game.min_players, self.game.max_players
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.err(f"the game is for {counts_text(lo, hi)} players", key, v)
        return v

    def _check_agents(self, v: Any, key: list) -> list[str]:
        from agents.spec import parse_spec

        if not v:
            raise self.err(f"no agents (expected at least one agent spec, e.g. [\"{self.game.default_agent}\"])",
                           key, v)
        out = []
        for i, text in enumerate(v):
            try:
                out.append(parse_spec(text, self.game.name).text)
            except ConfigError as exc:
                raise self.err(exc.message + " (see `dungeonology agents`)", [*key, i], text) from None
        return out

    def overrides(self) -> list[tuple[str, list[Any]]]:
        out = []
        for k, values in self.m.sweep.overrides.items():
            key = ["sweep", "overrides", k]
            if not values:
                raise self.err(f"an empty list (expected {self.EXPECTED[('sweep', 'overrides')]})", key, values)
            texts = [json.dumps(v, sort_keys=True, default=str) for v in values]
            for i, v in enumerate(values):
                if texts[i] in texts[:i]:
                    raise self.err("listed twice (allowed: each value once)", [*key, i], v)
                try:
                    self.load(self.data, {**self.m.fixed.overrides, k: v})
                except DataError as exc:
                    if self.blamed_override(exc, {**self.m.fixed.overrides, k: v}) not in (k, None):
                        raise
                    raise self.err(_strip_blame(exc.message), [*key, i], v) from None
            out.append((k.strip(), list(values)))
        return out

    def blamed_override(self, exc: DataError, overrides: Mapping[str, Any]) -> str | None:
        """The override (as written) a DataError is about, if any."""
        where = exc.key or ""
        for k in overrides:
            try:
                norm = format_key(self.split_key(k))
            except DataError:
                return k
            if where in (k, norm) or where.startswith(norm + ".") or norm.startswith(where + ".") or \
                    f"[value set by override {norm}]" in exc.message:
                return k
        return None


def _strip_blame(message: str) -> str:
    return re.sub(r"\s*\[value set by override [^\]]*\]$", "", message)


def key_text(parts: Sequence[str | int]) -> str:
    """Dotted key with list indices as [i]: sweep.alert[2], sweep.overrides."scholars.Sofia.speed"[0]."""
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + format_key([p])
    return out
