"""Checks of the component data that need more than one field (colours,
effect names, Passages of Doors, card copies, ...), run after pydantic."""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from sim.dungeonology.layout import (
    BOSS_OPS,
    MAX_BOSS_STEPS,
    MAX_SKILLS,
    OP_BY_NAME,
    OP_TABLE,
    TRAP_KINDS,
    TURN_ONLY_OPS,
    ZONE_EFFECTS_WITH_N,
    Context,
)
from sim.dungeonology.schema.models import GameData, ScholarSide, Step, Zone
from sim.dungeonology.schema.rc_checks import check_rc_cubes
from sim.dungeonology.schema.vocab import ANY_TYPE, OPS, PASSIVES, SINGLE_OPS
from sim.kit.errors import DataError, format_key

NOT_COSTS = tuple(op.name for op in OP_TABLE if not op.cost_ok)  # may not stand in a Main Effect's cost


def _op(step: Any) -> Any:
    """The op table's row of a step (its op name is checked by the models)."""
    return OP_BY_NAME[step.op]

class Checker:
    """Checks that need more than one field (raise at the first failure)."""

    def __init__(self, data: GameData, file_of: Callable[[tuple[str | int, ...]], str | None]) -> None:
        self.data = data
        self.file_of = file_of
        self.colors = data.colors

    def fail(
        self, parts: tuple[str | int, ...], value: Any, message: str
    ) -> typing.NoReturn:
        raise DataError(
            message,
            file=self.file_of(parts),
            key=format_key(parts),
            value=value,
        )

    def run(self) -> None:
        for check in (
            self.rules,
            self.noteboard,
            self.tricks,
            self.mains,
            self.steps,
            self.scholars,
            self.clans,
            self.jinx,
            self.boss,
            self.randomizer,
            self.zones,
            self.interns,
            self.tokens,
            self.panic,
            self.research,
            lambda: check_rc_cubes(self),
        ):
            check()

    # helpers
    def color(
        self,
        parts: tuple[str | int, ...],
        color: Any,
        what: str = "cube colour",
        value: Any = None,
    ) -> None:
        if color not in self.colors:
            shown = color if value is None else value
            self.fail(
                parts,
                shown,
                f"unknown {what} {color!r} (allowed: {', '.join(self.colors)})",
            )

    def passives(
        self, parts: tuple[str | int, ...], passive: Mapping[str, int]
    ) -> None:
        for name, amount in passive.items():
            if name not in PASSIVES:
                self.fail(
                    (*parts, name),
                    amount,
                    f"unknown passive {name!r} (allowed: {', '.join(PASSIVES)})",
                )

    def unique(
        self, parts: tuple[str | int, ...], values: list[Any], what: str
    ) -> None:
        if len(set(values)) != len(values):
            self.fail(
                parts, values, f"a {what} is listed twice (allowed: each at most once)"
            )

    # checks
    def rules(self) -> None:
        order = self.data.rules.thesis_fail_loss_order
        if sorted(order) != sorted(self.colors):
            self.fail(
                ("rules", "thesis_fail_loss_order"),
                order,
                f"must list every cube colour exactly once (allowed: an order of {', '.join(self.colors)})",
            )
        sides = [(f"scholars.{n}", s) for n, s in self.data.scholars.items()]
        sides += [
            (f"scholars.{n}.exalted", s.exalted) for n, s in self.data.scholars.items()
        ]
        where, side = max(sides, key=lambda item: item[1].intelligence)
        penalty = self.data.rules.study_size_penalty
        if len(penalty) < side.intelligence:
            self.fail(
                ("rules", "study_size_penalty"),
                penalty,
                f"needs an entry for each cube count up to the largest Intelligence "
                f"({side.intelligence}, {where}) (allowed: at least {side.intelligence} entries)",
            )

    def noteboard(self) -> None:
        board = self.data.noteboard
        self.unique(("noteboard", "colors"), board.colors, "Note Board colour")
        for name, column in board.columns.items():
            self.color(
                ("noteboard", "columns", name),
                name,
                "colour for a Note Board column",
                column.model_dump(),
            )
            for field in ("stars", "arrows"):
                positions = getattr(column, field)
                parts = ("noteboard", "columns", name, field)
                self.unique(parts, positions, "position")
                for pos in positions:
                    if not 1 <= pos <= column.slots:
                        self.fail(
                            parts,
                            positions,
                            f"position {pos} is outside the column (allowed: 1 to {column.slots})",
                        )
        missing = [c for c in self.colors if c not in board.columns]
        if missing:
            self.fail(
                ("noteboard", "columns"),
                sorted(board.columns),
                f"no column for {', '.join(missing)} (allowed: exactly one column per cube colour)",
            )

    def tricks(self) -> None:
        types = self.data.tricks.types
        self.unique(("tricks", "types"), types, "Trick type")
        total = 0
        for name, card in self.data.cards.items():
            if card.type not in types:
                self.fail(
                    ("cards", name, "type"),
                    card.type,
                    f"unknown Trick type (allowed: {', '.join(types)})",
                )
            for i, effect in enumerate(card.auxiliary):
                if effect not in self.data.auxiliary:
                    self.fail(
                        ("cards", name, "auxiliary", i),
                        effect,
                        f"unknown Auxiliary Effect (allowed: {', '.join(self.data.auxiliary)})",
                    )
            if not card.auxiliary and not card.declare_intern:
                self.fail(("cards", name, "auxiliary"), card.auxiliary,
                          "a card needs one or two Auxiliary Effects (allowed: none only on a card whose Bonus "
                          "Value is its one Main Effect, declare_intern = true: RC \"Spriggan Cards\")")
            if card.declare_intern and card.intern is None:
                self.fail(("cards", name, "declare_intern"), True,
                          "declare_intern gives the card's Intern (allowed: on a card with an `intern` key)")
            total += card.copies
        for key in ("added_types", "wild_type"):
            value = getattr(self.data.tricks, key)
            for i, ty in enumerate([] if value is None else [value] if isinstance(value, str) else value):
                if ty not in types:
                    self.fail(("tricks", key, i) if key == "added_types" else ("tricks", key), ty,
                              f"unknown Trick type (allowed: {', '.join(types)})")
        if total != self.data.tricks.total:
            self.fail(
                ("tricks", "total"),
                self.data.tricks.total,
                f"the copies of the cards add up to {total} "
                f"(allowed: cards.*.copies must add up to exactly tricks.total)",
            )

    def mains(self) -> None:
        """Main Effects: what each timing allows."""
        for name, card in self.data.cards.items():
            me = card.main
            if me is None:
                continue
            parts = ("cards", name, "main")
            if me.when == "test" and (me.timing != "instant"):
                self.fail((*parts, "when"), me.when,
                          f"test windows take Instant effects (allowed with timing {me.timing!r}: "
                          f"{'any, before_movement' if me.timing == 'standard' else 'any'})")
            if me.timing != "standard":
                if me.action:
                    self.fail((*parts, "action"), me.action,
                              "an ACTION is played in your own Action Phase "
                              f"(allowed: false with timing {me.timing!r})")
                if me.when not in ("any", "test"):
                    self.fail((*parts, "when"), me.when,
                              "a moment of your own turn needs a Standard timing "
                              f"(allowed: 'any' with timing {me.timing!r})")
            if me.action and me.when != "any":
                self.fail((*parts, "when"), me.when,
                          "an ACTION is played in the Action Phase (allowed: 'any' for an ACTION)")
            for field in ("effect", "after"):
                for j, step in enumerate(getattr(me, field)):
                    if me.timing != "standard" and step.op in TURN_ONLY_OPS:
                        self.fail((*parts, field, j, "op"), step.op,
                                  f"acts on your own turn (allowed with timing {me.timing!r}: any op but "
                                  f"{', '.join(TURN_ONLY_OPS)})")
                    if _op(step).context == Context.REACTION and (me.timing != "reaction" or field != "effect"):
                        self.fail((*parts, field, j, "op"), step.op,
                                  "only a Reaction's effect cancels "
                                  "(allowed: cancel in main.effect with timing 'reaction')")
            for i, option in enumerate(me.cost):
                for j, step in enumerate(option):
                    if not _op(step).cost_ok:
                        self.fail((*parts, "cost", i, j, "op"), step.op,
                                  f"not a cost (allowed: any op but {', '.join(NOT_COSTS)})")

    def steps(self) -> None:
        allowed = (*self.data.tricks.types, ANY_TYPE)
        for parts, step in self._all_steps():
            if _op(step).takes_type:
                if step.type not in allowed:
                    self.fail(
                        (*parts, "type"),
                        step.type,
                        f"discard_type needs the Trick type to discard (allowed: {', '.join(allowed)})",
                    )
            elif step.type is not None:
                self.fail(
                    (*parts, "type"),
                    step.type,
                    f"only discard_type takes a type (allowed: no type for op {step.op})",
                )
            if step.op in SINGLE_OPS and step.n != 1:
                self.fail((*parts, "n"), step.n, f"{step.op} takes no n (allowed: 1)")
            if step.op == "once_per_turn" and (step.n > MAX_SKILLS or not step.cost):
                self.fail((*parts, "n") if step.cost else (*parts, "cost"), step.n if step.cost else step.cost,
                          f"once_per_turn is a cost naming its slot (allowed: cost = true, n 1 to {MAX_SKILLS})")
            card_effect = parts[0] == "auxiliary" or (parts[0] == "cards" and parts[2] == "main")
            if _op(step).context == Context.TRICK_CARD and not card_effect:
                self.fail((*parts, "op"), step.op,
                          "gain_intern belongs to a Trick Card's effect (allowed: in the Main Effect or the "
                          "auxiliary.toml effects of cards with an intern)")
            if (step.op == "gain_intern" and parts[0] == "cards"
                    and self.data.cards[str(parts[1])].intern is None):
                self.fail((*parts, "op"), step.op,
                          "this Main Effect has gain_intern but the card has no intern (allowed: a card "
                          "with an `intern` key)")
            if step.op == "give_token" and parts[0] == "cards":
                intern = self.data.interns.get(self.data.cards[str(parts[1])].intern or "")
                if intern is None or not intern.token:
                    self.fail((*parts, "op"), step.op,
                              "give_token moves the token of the card's Intern (allowed: a card whose intern "
                              "has a `token`)")
        for name, card in self.data.cards.items():
            for i, effect in enumerate(card.auxiliary):
                gains = any(st.op == "gain_intern" for opt in self.data.auxiliary[effect].options for st in opt)
                if gains and card.intern is None:
                    self.fail(("cards", name, "auxiliary", i), effect,
                              "its effect has gain_intern but the card has no intern (allowed: a card "
                              "with an `intern` key)")

    def _all_steps(self) -> Iterator[tuple[tuple[str | int, ...], Step]]:
        def options(
            parts: tuple[str | int, ...], opts: list[list[Step]]
        ) -> Iterator[Any]:
            for i, option in enumerate(opts):
                for j, step in enumerate(option):
                    yield (*parts, "options", i, j), step

        for name, effect in self.data.auxiliary.items():
            yield from options(("auxiliary", name), effect.options)
        for _name, side, parts in self._sides():
            for k, skill in enumerate(side.skills):
                yield from options((*parts, "skills", k), skill.options)
        for name, jinx in self.data.jinx.items():
            for i, step in enumerate(jinx.on_reveal):
                yield ("jinx", name, "on_reveal", i), step
        for name, boss in self.data.boss.items():
            for prof, profile in boss.profiles.items():
                for what in ("sighting", "activation", "encounter"):
                    for i, step in enumerate(getattr(profile, what)):
                        yield ("boss", name, "profiles", prof, what, i), step
        for name, card in self.data.panic.items():
            for field in ("each_player", "each_scholar"):
                for i, step in enumerate(getattr(card, field)):
                    yield ("panic", name, field, i), step
        for name, card in self.data.cards.items():
            if card.main is None:
                continue
            for i, option in enumerate(card.main.cost):
                for j, step in enumerate(option):
                    yield ("cards", name, "main", "cost", i, j), step
            for field in ("effect", "after"):
                for j, step in enumerate(getattr(card.main, field)):
                    yield ("cards", name, "main", field, j), step

    def _sides(self) -> Iterator[tuple[str, ScholarSide, tuple[str, ...]]]:
        for name, scholar in self.data.scholars.items():
            yield name, scholar, ("scholars", name)
            yield name, scholar.exalted, ("scholars", name, "exalted")

    def scholars(self) -> None:
        for _name, side, parts in self._sides():
            for color, n in side.knowledge.items():
                self.color(
                    (*parts, "knowledge", color),
                    color,
                    "colour in the Knowledge Combo",
                    n,
                )
            self.passives((*parts, "passive"), side.passive)

    def clans(self) -> None:
        for name, clan in self.data.clans.items():
            for color, n in clan.modifiers.items():
                self.color(
                    ("clans", name, "modifiers", color),
                    color,
                    "colour in the Score Modifiers",
                    n,
                )

    def jinx(self) -> None:
        for name, jinx in self.data.jinx.items():
            self.passives(("jinx", name, "passive"), jinx.passive)

    def boss(self) -> None:
        """Boss steps only on Boss Cards (Sighting, Activation), Encounter steps
        are ordinary effects of the encountered Scholar."""
        for parts, step in self._all_steps():
            boss_step = step.op in BOSS_OPS
            where = parts[4] if parts[0] == "boss" else None
            if boss_step and where not in ("sighting", "activation"):
                self.fail((*parts, "op"), step.op,
                          f"a Boss step belongs to a Boss Card's sighting or activation "
                          f"(allowed here: {', '.join(op for op in OPS if op not in BOSS_OPS)})")
            if step.op in BOSS_OPS[1:] and step.n > MAX_BOSS_STEPS:
                self.fail((*parts, "n"), step.n,
                          f"a Boss moves at most {MAX_BOSS_STEPS} Zones at a time (allowed: 1..{MAX_BOSS_STEPS})")
            if step.op == "boss_activate" and parts[0] == "boss":
                self.fail((*parts, "op"), step.op,
                          "a Boss Card cannot activate its own Boss (allowed: boss_activate on Panic Cards and "
                          "other effects)")

    def panic(self) -> None:
        for name, card in self.data.panic.items():
            parts = ("panic", name)
            self.passives((*parts, "passive"), card.passive)
            for field in ("each_player", "each_scholar"):
                for i, step in enumerate(getattr(card, field)):
                    if step.cost:
                        self.fail((*parts, field, i, "cost"), step.cost,
                                  "a Maximum Alert Effect is not a cost (allowed: cost = false)")
            for field in ("dungeon", "boss"):
                value = getattr(card, field)
                if value is not None and not value.strip():
                    self.fail((*parts, field), value,
                              f"an empty {field} requirement (allowed: a name, or leave the key out)")

    def research(self) -> None:
        """Research Cards: a colour only for ``cubes``, ``each`` only for
        ``columns``, a Floor within the Floors, ``exalted`` is 0 or 1."""
        floors = max([self.data.start.floor, *(z.floor for z in self.data.zones.values())])
        for name, card in self.data.research.items():
            for i, cond in enumerate(card.requires):
                parts = ("research", name, "requires", i)
                if cond.color is not None:
                    if cond.what != "cubes":
                        self.fail((*parts, "color"), cond.color,
                                  f"only a cubes condition names a colour (allowed here: no color for {cond.what})")
                    self.color((*parts, "color"), cond.color)
                if cond.each != 1 and cond.what != "columns":
                    self.fail((*parts, "each"), cond.each,
                              f"only a columns condition counts cubes in each column (allowed here: no each for "
                              f"{cond.what})")
                if cond.what == "floor" and cond.n > floors:
                    self.fail((*parts, "n"), cond.n, f"no such Floor (allowed: 0..{floors})")
                if cond.what == "exalted" and cond.n > 1:
                    self.fail((*parts, "n"), cond.n, "a Scholar is Exalted or not (allowed: 0 or 1)")

    def randomizer(self) -> None:
        seats = self.data.noteboard.colors
        for i, card in enumerate(self.data.randomizer.cards):
            parts = ("randomizer", "cards", i)
            if card.color not in seats:
                self.fail(
                    (*parts, "color"),
                    card.color,
                    f"unknown Note Board colour (allowed: noteboard.colors: {', '.join(seats)})",
                )
            self.color(
                (*parts, "information"), card.information, "Information (cube colour)"
            )

    def zones(self) -> None:
        self.color(("zone_effects", "teleport_color"), self.data.zone_effects.teleport_color,
                   "Teleport cube colour")
        for name, zone in self.data.zones.items():
            parts = ("zones", name)
            for i, color in enumerate(zone.cubes):
                if color not in self.data.cube_kinds:  # False / Universal Information (RC)
                    self.color((*parts, "cubes", i), color)
            for passage, colors in zone.doors.items():
                self._door((*parts, "doors", passage), zone, passage, colors)
            for i, eff in enumerate(zone.effects):
                if eff.color is not None:
                    self.color((*parts, "effects", i, "color"), eff.color, "Zone Effect colour")
            if zone.scholar is not None and zone.scholar not in self.data.scholars:
                self.fail((*parts, "scholar"), zone.scholar,
                          f"unknown Scholar (allowed: {', '.join(self.data.scholars)})")
            kinds = [e.effect for e in zone.effects]
            if "boss" in kinds and kinds[-1] != "boss":
                self.fail((*parts, "effects"), kinds,
                          "the Boss Effect is always the rightmost (allowed: boss last)")

    def interns(self) -> None:
        for name, intern in self.data.interns.items():
            parts = ("interns", name)
            self.passives((*parts, "passive"), intern.passive)
            for i, color in enumerate(intern.protected):
                self.color((*parts, "protected", i), color, "Protected cube colour")
            self.unique((*parts, "protected"), intern.protected, "Protected colour")
            self.passives((*parts, "token"), intern.token)
        linked: dict[str, str] = {}
        for name, card in self.data.cards.items():
            if card.intern is None:
                continue
            parts = ("cards", name, "intern")
            if card.intern not in self.data.interns:
                allowed = ", ".join(self.data.interns) or "none: interns.toml lists no Intern"
                self.fail(parts, card.intern, f"unknown Intern Card (allowed: {allowed})")
            if card.intern in linked:
                self.fail(parts, card.intern,
                          f"this Intern is already linked to {linked[card.intern]!r} "
                          "(allowed: each Intern linked to one Trick Card kind)")
            linked[card.intern] = name
        unlinked = [n for n in self.data.interns if n not in linked and self.data.interns[n].called_by is None]
        if unlinked:
            self.fail(("interns", unlinked[0]), unlinked[0],
                      "no Trick Card kind is linked to this Intern (allowed: each Intern named by "
                      "exactly one cards.*.intern, or one with `called_by`, the module whose cards call it)")

    def tokens(self) -> None:
        traps = self.data.tokens.trap
        if sorted(traps) != sorted(TRAP_KINDS):
            self.fail(("tokens", "trap"), sorted(traps),
                      f"needs exactly the Trap kinds (allowed: {', '.join(TRAP_KINDS)})")
        for kind, token in traps.items():
            parts = ("tokens", "trap", kind, "n")
            if kind in ZONE_EFFECTS_WITH_N and token.n < 1:
                self.fail(parts, token.n, f"{kind} tokens need their N (allowed: 1 or more)")
            if kind not in ZONE_EFFECTS_WITH_N and token.n != 0:
                self.fail(parts, token.n, f"{kind} has no N (allowed: leave n out)")

    def _door(
        self, parts: tuple[str, ...], zone: Zone, passage: str, colors: list[str]
    ) -> None:
        if passage not in zone.passages:
            self.fail(
                parts,
                colors,
                f"Door on Passage {passage}, which this Zone does not have "
                f"(allowed: one of its Passages {' '.join(zone.passages)})",
            )
        if not 1 <= len(colors) <= 2 or len(set(colors)) != len(colors):
            self.fail(
                parts,
                colors,
                "a Door needs one colour or two different colours (allowed: 1 or 2 colours)",
            )
        for color in colors:
            self.color(parts, color, "Door colour")

