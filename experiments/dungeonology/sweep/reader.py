"""Reading Dungeonology's sweep axes: every value checked against the data (Scholar, Clan, Alert and
Player Level names), the module registry (sim.dungeonology.modules: a module's requirements,
exclusions and whether it is implemented) and the agent registry; then each combination made a cell
with its GameConfig (docs/SWEEPS.md). The generic reading (settings, players, agents, overrides,
variants, the cells' loop) is :class:`experiments.runs.config.resolve.SweepReader`'s."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from experiments.dungeonology.sweep.cells import DEFAULTS, SCHOLAR_MODES, SEATINGS, Cell, SweepPlan
from experiments.dungeonology.sweep.models import AXES, EXPECTED, SweepFile
from experiments.runs.config.plan import ALL, RANDOM
from experiments.runs.config.resolve import SweepReader
from experiments.runs.config.values import key_text
from experiments.runs.config.variants import Variant, layers_of
from sim.dungeonology import modules as M
from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.loader import load_data, split_key
from sim.kit.errors import ConfigError, DataError


class Reader(SweepReader):
    """A Dungeonology sweep file: its axes checked against the data and the registries, its cells."""

    FILE = SweepFile
    AXES = AXES
    DEFAULTS = DEFAULTS
    EXPECTED = EXPECTED
    PLAN = SweepPlan

    def load(self, data: Any, overrides: Mapping[str, Any]) -> Any:
        """The data with ``overrides``, read with the boxes of the base game, else of each modules value the
        file gives (the data its cells load, the expansion's Scholars included): the first that accepts them.
        A cell whose own data lacks a key is an impossible cell (:meth:`cell`). When none accepts them, the
        error of the widest data, which names the most keys."""
        error: DataError | None = None
        for boxes in self.box_sets:
            try:
                return load_data(data, overrides, boxes)
            except DataError as exc:
                error = exc
        assert error is not None
        raise error

    @property
    def box_sets(self) -> list[tuple[str, ...]]:
        """The data of the base game, then of each modules value of [fixed] and [sweep] (its boxes and module
        layers, sim.dungeonology.modules.boxes_in_use), each once, the widest last; values that are not valid
        modules lists are left to the modules axis's own check."""
        given = [self._given("fixed", "modules")]
        swept = self._given("sweep", "modules")
        given += swept if isinstance(swept, list) and all(isinstance(v, list) for v in swept) else [swept]
        out = [M.boxes_in_use(())]
        for modules in given:
            try:
                boxes = M.boxes_in_use(M.validate(modules))
            except (ConfigError, TypeError):
                continue
            if boxes not in out:
                out.append(boxes)
        return sorted(out, key=len)

    def split_key(self, key: str) -> list[str]:
        return split_key(key)

    def own_settings(self) -> None:
        m = self.m
        if m.scholar_seating not in SEATINGS:
            raise self.err(f"unknown Scholar seating (allowed: {', '.join(SEATINGS)})", ["scholar_seating"],
                           m.scholar_seating)
        for section in ("fixed", "sweep"):
            part = getattr(m, section)
            if part.modules is not None and part.rules is not None:
                raise self.err("rules is the older name of modules (allowed: one of them, not both)",
                               [section, "rules"], part.rules)

    def settings(self) -> None:
        super().settings()
        d = self.loaded.data
        self.scholars_of = self._scholars_by_boxes(list(d.scholars))
        self.scholar_names = list(dict.fromkeys(n for names in self.scholars_of.values() for n in names))
        self.clan_names = list(d.clans)
        self.alerts = list(d.alert)
        self.levels = list(d.player_levels)
        self.panic_names = list(getattr(d, "panic", None) or {})

    def _scholars_by_boxes(self, loaded: list[str]) -> dict[tuple[str, ...], list[str]]:
        """The Scholars of the data of each box set the file's modules load (the expansion's with it)."""
        out = {}
        for boxes in self.box_sets:
            try:
                out[boxes] = list(load_data(self.data, {}, boxes).data.scholars)
            except DataError:  # the data does not load with these boxes: the cells say why
                continue
        return out or {M.boxes_in_use(()): loaded}

    def _scholars_for(self, modules: Any) -> list[str]:
        """The Scholars a cell playing ``modules`` can deal (its boxes' data)."""
        try:
            boxes = M.boxes_in_use(M.validate(list(modules)))
        except (ConfigError, TypeError):
            return self.scholar_names
        return self.scholars_of.get(boxes, self.scholar_names)

    def plan_settings(self) -> dict[str, Any]:
        return {"scholar_seating": self.m.scholar_seating}

    # ---------------------------------------------------------------- axes
    def _given(self, section: str, name: str) -> Any:
        """The value of an axis in [fixed] or [sweep] (modules: or its older name rules)."""
        part = getattr(self.m, section)
        value = getattr(part, name)
        return part.rules if name == "modules" and value is None else value

    def _written(self, section: str, name: str) -> str:
        """The key as the file writes it (rules for a modules axis given as rules)."""
        if name == "modules" and section in ("fixed", "sweep") and getattr(self.m, section).modules is None \
                and getattr(self.m, section).rules is not None:
            return "rules"
        return name

    def _expand(self, name: str, swept: Any) -> Any:
        if isinstance(swept, list):
            return swept
        if name == "scholars":
            if swept not in SCHOLAR_MODES:
                raise self.err(f"expected {EXPECTED[('sweep', 'scholars')]}", ["sweep", name], swept)
            return [swept]  # expanded per player count in combinations()
        if swept == ALL and name in ("alert", "player_level", "clan", "panic"):
            return {"alert": self.alerts, "player_level": self.levels, "clan": self.clan_names,
                    "panic": self.panic_names}[name]
        return [swept]

    def _check_modules(self, v: Any, key: list) -> list[str]:
        if not isinstance(v, list):
            raise self.err(f"expected {EXPECTED[(key[0] if key[0] != 'default' else 'fixed', 'modules')]}", key, v)
        try:
            return list(M.validate(v, key=key_text(key)))  # the registry's order
        except ConfigError as exc:
            raise self.err(exc.message, exc.key, exc.value) from None

    def _check_boss(self, v: Any, key: list) -> str:
        return self._check_card(v, key, "boss", (M.owner("boss"),))

    def _check_panic(self, v: Any, key: list) -> str:
        # with the Boss rule too: a Boss-Requirement card is a valid name; a cell
        # without the Boss rule that asks for it is an impossible cell
        return self._check_card(v, key, "panic", (M.owner("boss"), M.owner("panic")))

    def _check_card(self, v: Any, key: list, what: str, modules: tuple[str | None, ...]) -> str:
        """A boss / panic value: "random", or a name the data knows (checked
        by compiling a configuration with the modules on)."""
        if not isinstance(v, str):
            raise self.err(f"expected {EXPECTED[('sweep' if key[0] == 'sweep' else 'fixed', what)]}", key, v)
        if v == RANDOM:
            return v
        try:
            compile_config(GameConfig(data=self.data, overrides=dict(self.m.fixed.overrides), modules=modules,
                                      **{what: v}))
        except ConfigError as exc:
            raise self.err(exc.message, key, v) from None
        return v

    def _check_alert(self, v: Any, key: list) -> str:
        if v not in self.alerts:
            raise self.err(f"unknown Alert difficulty (allowed: {', '.join(self.alerts)}; in [sweep] also \"all\")",
                           key, v)
        return v

    def _check_player_level(self, v: Any, key: list) -> str:
        if v not in self.levels:
            raise self.err(f"unknown Player Level (allowed: {', '.join(self.levels)}; in [sweep] also \"all\")",
                           key, v)
        return v

    def _check_clan(self, v: Any, key: list) -> str:
        if v != RANDOM and v not in self.clan_names:
            raise self.err(f"unknown Clan Card (allowed: random, {', '.join(self.clan_names)}; in [sweep] also "
                           "\"all\")", key, v)
        return v

    def _check_scholars(self, v: Any, key: list) -> str | list[str]:
        if isinstance(v, str):
            modes = SCHOLAR_MODES if key[0] == "sweep" else (RANDOM,)
            if v not in modes:
                raise self.err(f"expected {EXPECTED[('sweep' if key[0] == 'sweep' else 'fixed', 'scholars')]}",
                               key, v)
            return v
        if not v:
            raise self.err("no seats (expected one Scholar name or \"random\" per seat)", key, v)
        for i, name in enumerate(v):
            if name != RANDOM and name not in self.scholar_names:
                raise self.err(f"unknown Scholar (allowed: {', '.join(self.scholar_names)} or random)", [*key, i],
                               name)
        named = [n for n in v if n != RANDOM]
        if len(set(named)) != len(named):
            raise self.err("each Scholar can be chosen once", key, v)
        return list(v)

    # --------------------------------------------------------------- cells
    def combinations(self, axes: dict[str, tuple[list[Any], bool]], players: int) -> Iterator[dict[str, Any]]:
        scholar_axis = axes["scholars"][0]
        loops = [axes[a][0] for a in ("agents", "modules", "boss", "panic", "alert", "player_level", "clan")]
        for agents, modules, boss, panic, alert, level, clan in itertools.product(*loops):
            names = self._scholars_for(modules)
            scholar_values = self._scholar_values(scholar_axis, players, names)
            if not scholar_values:
                self.skip({"players": players, "modules": modules, "scholars": scholar_axis},
                          f"{len(names)} Scholars in the data for {players} players")
            # boss / panic only matter with their module: other cells are played once
            boss = boss if M.owner("boss") in modules else RANDOM
            panic = panic if M.owner("panic") in modules else RANDOM
            for scholars in scholar_values:
                yield {"players": players, "agents": agents, "modules": modules, "boss": boss, "panic": panic,
                       "alert": alert, "player_level": level, "clan": clan, "scholars": scholars}

    def _scholar_values(self, axis: list[Any], players: int, names: list[str]) -> list[tuple[str, ...]]:
        """The seat lists of the Scholars axis for ``players`` seats (``names``: the Scholars of the data)."""
        out: list[tuple[str, ...]] = []
        for v in axis:
            if v == RANDOM:
                out.append((RANDOM,) * players)
            elif v == "all_combinations":
                out += list(itertools.combinations(names, players))
            elif v == "all_permutations":
                out += list(itertools.permutations(names, players))
            else:
                if len(v) > players:
                    out.append(tuple(v))  # refused in cell(): more Scholars than seats
                else:
                    out.append(tuple(v) + (RANDOM,) * (players - len(v)))
        return list(dict.fromkeys(out))

    def cell(self, index: int, v: dict[str, Any], swept: tuple[tuple[str, Any], ...],
             variant: Variant | None = None) -> Cell:
        players = v["players"]
        if len(v["scholars"]) > players:
            raise ConfigError(f"{len(v['scholars'])} Scholars for {players} seats", key="scholars",
                              value=list(v["scholars"]))
        texts, rotate = self.seats(v)
        scholars = [None if s == RANDOM else s for s in v["scholars"]]
        config = GameConfig(players=players, scholars=None if all(s is None for s in scholars) else scholars,
                            alert=v["alert"], player_level=v["player_level"], data=layers_of(self.data, variant),
                            overrides={**self.m.fixed.overrides, **dict(variant.overrides if variant else ()),
                                       **dict(swept)},
                            clan=None if v["clan"] == RANDOM else v["clan"], modules=tuple(v["modules"]),
                            boss=None if v["boss"] == RANDOM else v["boss"],
                            panic=None if v["panic"] == RANDOM else v["panic"])
        # each swept value was loaded on its own (SweepValues.overrides): a check compiles the cell without them
        compiled = compile_config(replace(config, overrides={**self.m.fixed.overrides, **dict(
            variant.overrides if variant else ())}) if self.check else config)
        return Cell(index=index, players=players, agents=texts, rotate=rotate, rules=tuple(v["modules"]),
                    boss=v["boss"], panic=v["panic"], alert=v["alert"], player_level=v["player_level"], clan=v["clan"],
                    scholars=tuple(v["scholars"]), overrides=swept, config=config,
                    data_hash="" if self.check else compiled.loaded.hash, provisional=compiled.loaded.is_provisional,
                    variant=variant.name if variant else "", variant_values=variant.values() if variant else None)

    def rotates(self, cell: Cell) -> bool:
        """Named Scholars rotated through the seats (``scholar_seating = "rotate"``)."""
        return self.m.scholar_seating == "rotate" and any(x != RANDOM for x in cell.scholars)

    def resolved_sweep(self, sweep: dict[str, Any], cells: list[Cell]) -> dict[str, Any]:
        """The swept axes, the Scholars as the seat lists the cells play (combinations expanded)."""
        if "scholars" in sweep:
            sweep["scholars"] = [list(c.scholars) for c in _unique_by(cells, lambda c: c.scholars)]
        return sweep


def _unique_by(items, key) -> list:
    seen: dict[Any, Any] = {}
    for it in items:
        seen.setdefault(key(it), it)
    return list(seen.values())
