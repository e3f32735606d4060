"""Compile validated component data (``sim.dungeonology.schema.GameData``) into the flat
``int64`` table array read by the numba core (layout in ``sim.dungeonology.layout``).

Tables depend on the configuration only through the Alert Card (difficulty)
and the Player Level; everything else is the box. The basic game's sections
are compiled here; each module's by the compilers its manifest names
(``Manifest.compile``), at one of the ``STAGES`` of the basic game's order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.layout.manifests import MANIFESTS, resolve
from sim.dungeonology.schema import DIRECTIONS, PASSAGES, GameData, Step
from sim.kit.errors import DataError

_STAT_FIELDS = ("students", "hand", "speed", "intelligence", "stamina")


@dataclass(frozen=True)
class Names:
    """Index -> name lookups for turning arrays back into words."""

    colors: tuple[str, ...]
    scholars: tuple[str, ...]
    clans: tuple[str, ...]
    kinds: tuple[str, ...]
    kind_aux: tuple[tuple[str, ...], ...]
    mains: tuple[str, ...]  # Main Effect name per kind ("" = none; the Main Effects rule's table compiler)
    types: tuple[str, ...]
    jinx: tuple[str, ...]
    zones: tuple[str, ...]  # index 0 = Starting Zone
    skills: tuple[tuple[tuple[str, ...], ...], ...]  # [scholar][side] -> names
    board_colors: tuple[str, ...]
    difficulties: tuple[str, ...]
    levels: tuple[str, ...]
    bosses: tuple[str, ...] = ()  # Boss Card keys (boss.toml); Panic requirements name these
    boss_names: tuple[str, ...] = ()  # printed names ("Laetus")
    boss_profiles: tuple[tuple[str, ...], ...] = ()  # [boss] -> profile key of each table row
    interns: tuple[str, ...] = ()
    panic: tuple[str, ...] = ()  # Panic Cards (Maximum Alert)
    research: tuple[str, ...] = ()  # Research Cards (module research)
    # a module's own names (its table compiler's), by module
    extra: Mapping[str, object] = field(default_factory=dict, repr=False)


@dataclass
class TableContext:
    """What a module's table compiler (``Manifest.compile``) reads and writes: the tables, the data,
    the rule bits, the configured Boss Card and profile, the effect programs, the names computed so
    far (colour -> index ``cidx``, ``types``, ``scholars``, ``kinds``, ``zones``), and ``names``:
    the :class:`Names` fields it sets (a field of Names, or ``extra``)."""

    t: np.ndarray
    data: GameData
    rules: int
    boss: tuple[int, int]
    progs: Programs
    cidx: dict[str, int]
    types: list[str]
    scholars: list[str]
    kinds: list[str]
    zones: list[str] = field(default_factory=list)
    names: dict[str, object] = field(default_factory=dict)


STAGES = ("kinds", "jinx", "end")  # where the modules' table compilers run (program numbers keep their order)


def _stage(stage: str, ctx: TableContext) -> None:
    """Run every manifest's table compiler of this stage, in manifest order."""
    for package, m in MANIFESTS.items():
        for at, spec in m.compile:
            if at not in STAGES:
                raise ValueError(f"{package}: table compiler stage {at!r} (allowed: {', '.join(STAGES)})")
            if at == stage:
                resolve(package, spec)(ctx)


def limit(what: str, n: int, most: int) -> None:
    if n > most:
        raise DataError(f"too many {what}: {n} (the engine holds at most {most})", key=what, value=n)


def _expand_repeats(steps: list[Step]) -> list[Step]:
    """A "do it n times" step (layout.REPEATED_OPS) becomes n single steps."""
    out: list[Step] = []
    for st in steps:
        if st.op in L.REPEATED_OPS:
            out += [st.model_copy(update={"n": 1})] * st.n
        else:
            out.append(st)
    return out


class Programs:
    """Effect programs: each option of an effect is a list of steps."""

    def __init__(self, t: np.ndarray, types: list[str]) -> None:
        self.t = t
        self.types = types
        self.n = 0
        self.ops = 0

    def add(self, steps: list[Step], kind: int = -1, cost: bool = False) -> int:
        """Compile one program; `kind`: the Trick Card kind whose effect it is
        (T_PROG_KIND, read by gain_intern), -1 for skills and Jinx Cards;
        ``cost``: every step is a cost (must be payable)."""
        t = self.t
        limit("effect programs", self.n + 1, L.MAX_PROGS)
        limit("effect steps", self.ops + len(steps), L.MAX_OPS)
        t[L.T_PROG_KIND + self.n] = kind + 1
        steps = _expand_repeats(steps)
        t[L.T_PROG_START + self.n] = self.ops
        t[L.T_PROG_LEN + self.n] = len(steps)
        for st in steps:
            o = L.T_OPS + self.ops * L.OP_W
            t[o + L.OPF_CODE] = L.OPCODES[st.op]
            t[o + L.OPF_N] = st.n
            t[o + L.OPF_TYPE] = 0 if st.type in (None, "any") else self.types.index(st.type) + 1
            t[o + L.OPF_COST] = 1 if (st.cost or cost) else 0
            self.ops += 1
        self.n += 1
        t[L.T_NPROGS] = self.n
        return self.n - 1


def compile_tables(data: GameData, difficulty: str, level: str, rules: int = 0,
                   boss: tuple[int, int] = (-1, -1)) -> tuple[np.ndarray, Names]:
    """Build the table array for one difficulty, Player Level and set of
    advanced rules (``rules``: RULE_* bits); ``boss`` is the configured Boss
    Card and profile (-1 = drawn / chosen at random at Setup G)."""
    t = np.zeros(L.TABLE_SIZE, dtype=np.int64)
    t[L.T_RULES] = rules
    colors = [c.name for c in data.cubes]
    cidx = {c: i for i, c in enumerate(colors)}
    limit("cube colours", len(colors), L.MAX_COL)
    t[L.T_NCOL] = len(colors)
    for i, cube in enumerate(data.cubes):
        col = data.noteboard.columns[cube.name]
        limit("Note Board slots", col.slots, L.MAX_COL_SLOTS)
        t[L.T_COL_POINTS + i] = cube.points
        t[L.T_COL_COUNT + i] = cube.count
        t[L.T_COL_SLOTS + i] = col.slots
        for k in col.stars:
            t[L.T_STAR_AT + i * (L.MAX_COL_SLOTS + 1) + k] += 1
        for k in col.arrows:
            t[L.T_ARROW_AT + i * (L.MAX_COL_SLOTS + 1) + k] += 1
    for i, c in enumerate(data.rules.thesis_fail_loss_order):
        t[L.T_LOSS_ORDER + i] = cidx[c]
    t[L.T_GREY] = data.students.grey
    t[L.T_OMEGA] = data.students.omega
    t[L.T_STUN_TOKENS] = data.tokens.stun
    t[L.T_KNOW_TOKENS] = data.tokens.knowledge
    t[L.T_STAIR_TOKENS] = data.tokens.stair
    t[L.T_WALL_TOKENS] = data.tokens.wall
    t[L.T_BONFIRE_SPACES] = data.campus.bonfire_spaces
    r = data.rules
    t[L.T_THESIS_MIN_STARS] = r.thesis_min_stars
    for i in range(L.MAXP):
        t[L.T_THESIS_BONUS + i] = r.thesis_bonus[i] if i < len(r.thesis_bonus) else 0
    for n in range(1, L.MAX_INTEL + 1):
        pen = r.study_size_penalty
        t[L.T_STUDY_PENALTY + n] = pen[n - 1] if n <= len(pen) else pen[-1]
    t[L.T_FAIL_STUN] = r.failure_stun
    t[L.T_FAIL_STUDENTS] = r.failure_students
    t[L.T_ESP_SACRIFICE] = r.espionage_sacrifice
    t[L.T_EOT_STUDENTS] = r.end_of_turn_students
    t[L.T_DEAL_PER_POS] = r.deal_per_turn_position
    t[L.T_ROUND_CAP] = r.round_cap
    t[L.T_LEVEL_REDUCTION] = data.player_levels[level].reduction
    t[L.T_NCOLORS] = len(data.noteboard.colors)

    card = data.alert[difficulty]
    limit("Alert Card slots", len(card.slots), L.MAX_ALERT_SLOTS)
    t[L.T_AL_NSLOTS] = len(card.slots)
    t[L.T_AL_UNIV_STUD] = card.university.students_per_player
    t[L.T_AL_UNIV_OMEGA] = card.university.omega
    for i, sl in enumerate(card.slots):
        t[L.T_AL_BONUS + i] = sl.bonus
        t[L.T_AL_STUD + i] = sl.students_per_player
        t[L.T_AL_OMEGA + i] = sl.omega

    types = list(data.tricks.types)
    progs = Programs(t, types)

    def timing_and_options(row_timing: int, row_nopts: int, row_prog: int, timing: str, options,
                           kind: int = -1) -> None:
        limit("options of one effect", len(options), L.MAX_OPTS)
        t[row_timing] = L.TIMING_MASKS[timing]
        t[row_nopts] = len(options)
        for o, steps in enumerate(options):
            t[row_prog + o] = progs.add(list(steps), kind)

    # Scholars (front = side 0, Exalted = side 1)
    scholars = list(data.scholars)
    limit("Scholars", len(scholars), L.MAX_SCH)
    t[L.T_NSCH] = len(scholars)
    skill_names = []
    for si, name in enumerate(scholars):
        sch = data.scholars[name]
        sides = []
        for side, sd in enumerate((sch, sch.exalted)):
            row = si * 2 + side
            for k, f in enumerate(_STAT_FIELDS):
                t[L.T_SCH_STAT + row * L.NSTATS + k] = getattr(sd, f)
            for c, n in sd.knowledge.items():
                t[L.T_SCH_KNOW + row * L.MAX_COL + cidx[c]] = n
            for p, v in sd.passive.items():
                t[L.T_SCH_PASSIVE + row * L.NPASSIVE + L.PASSIVE_NAMES.index(p)] = v
            limit(f"skills of {name}", len(sd.skills), L.MAX_SKILLS)
            t[L.T_SCH_NSKILLS + row] = len(sd.skills)
            for k, sk in enumerate(sd.skills):
                i = row * L.MAX_SKILLS + k
                timing_and_options(
                    L.T_SCH_SK_TIMING + i, L.T_SCH_SK_NOPTS + i, L.T_SCH_SK_PROG + i * L.MAX_OPTS, sk.timing, sk.options
                )
            sides.append(tuple(sk.name for sk in sd.skills))
        skill_names.append(tuple(sides))

    clans = list(data.clans)
    limit("Clans", len(clans), L.MAX_CLANS)
    t[L.T_NCLANS] = len(clans)
    for i, name in enumerate(clans):
        t[L.T_CLAN_TARGET + i] = data.clans[name].target
        for c, m in data.clans[name].modifiers.items():
            t[L.T_CLAN_MOD + i * L.MAX_COL + cidx[c]] = m

    kinds = list(data.cards)
    limit("Trick Card kinds", len(kinds), L.MAX_KINDS)
    limit("Trick Cards", data.tricks.total, L.MAX_DECK)
    t[L.T_NKINDS] = len(kinds)
    t[L.T_DECK_TOTAL] = data.tricks.total
    for k, name in enumerate(kinds):
        cd = data.cards[name]
        t[L.T_KIND_TYPE + k] = types.index(cd.type)
        t[L.T_KIND_BONUS + k] = cd.bonus
        t[L.T_KIND_COPIES + k] = cd.copies
        t[L.T_KIND_NAUX + k] = len(cd.auxiliary)
        for a, eff_name in enumerate(cd.auxiliary):
            eff = data.auxiliary[eff_name]
            i = k * 2 + a
            timing_and_options(
                L.T_KIND_TIMING + i, L.T_KIND_NOPTS + i, L.T_KIND_PROG + i * L.MAX_OPTS, eff.timing, eff.options, k
            )
    ctx = TableContext(t, data, rules, boss, progs, cidx, types, scholars, kinds)
    _stage("kinds", ctx)  # after the Trick Card kinds (Main Effects: Interns, tokens, their programs)

    jinx = list(data.jinx)
    limit("Jinx Cards", len(jinx), L.MAX_JINX)
    t[L.T_NJINX] = len(jinx)
    for j, name in enumerate(jinx):
        jx = data.jinx[name]
        t[L.T_JINX_PROG + j] = progs.add(list(jx.on_reveal)) if jx.on_reveal else -1
        for p, v in jx.passive.items():
            t[L.T_JINX_PASSIVE + j * L.NPASSIVE + L.PASSIVE_NAMES.index(p)] = v
        t[L.T_JINX_PENALTY + j] = jx.penalty
    _stage("jinx", ctx)  # after the Jinx Cards (the Boss's programs)

    rcards = data.randomizer.cards
    limit("Randomizer cards", len(rcards), L.MAX_RAND)
    t[L.T_NRAND] = len(rcards)
    board_colors = list(data.noteboard.colors)
    for i, rc in enumerate(rcards):
        t[L.T_RAND_COLOR + i] = board_colors.index(rc.color)
        t[L.T_RAND_DIR + i] = DIRECTIONS.index(rc.direction)
        t[L.T_RAND_PASSAGE + i] = PASSAGES.index(rc.passage)
        t[L.T_RAND_INFO + i] = cidx[rc.information]

    zones = [data.start.name, *data.zones]
    limit("Zones", len(zones), L.MAX_ZONES)
    t[L.T_NZONES] = len(zones)
    tiles = [data.start, *data.zones.values()]
    limit("Floors", max(tile.floor for tile in tiles), L.NFLOORS)
    t[L.T_NFLOORS] = max(tile.floor for tile in tiles)
    for z, tile in enumerate(tiles):
        t[L.T_Z_FLOOR + z] = tile.floor - 1
        t[L.T_Z_PASSAGES + z] = sum(1 << PASSAGES.index(p) for p in tile.passages)
        if z == 0:
            continue
        t[L.T_Z_ALERT + z] = tile.alert
        limit(f"cube spaces on {zones[z]}", len(tile.cubes), L.MAX_ZSLOTS)
        t[L.T_Z_NCUBES + z] = len(tile.cubes)
        for i, c in enumerate(tile.cubes):
            t[L.T_Z_CUBES + z * L.MAX_ZSLOTS + i] = cidx[c] if c in cidx else L.CUBE_FALSE + L.CUBE_KINDS.index(c)
        for p, need in tile.doors.items():
            t[L.T_Z_DOOR + z * 8 + PASSAGES.index(p)] = sum(1 << cidx[c] for c in need)
        t[L.T_Z_NEFF + z] = len(tile.effects)
        for i, eff in enumerate(tile.effects):
            kind = L.ZONE_EFFECT_KINDS[eff.effect]
            t[L.T_Z_EFFECTS + z] |= 1 << kind
            o = L.T_Z_EFF + (z * L.MAX_ZEFF + i) * L.ZE_W
            t[o] = kind
            t[o + 1] = eff.n
            t[o + 2] = 0 if eff.color is None else cidx[eff.color] + 1
            t[o + 3] = 0 if eff.letter is None else L.SECRET_LETTERS.index(eff.letter) + 1

    ctx.zones = zones
    _stage("end", ctx)  # the last compilers (the Panic Cards' programs first, in manifest order)

    names = Names(
        colors=tuple(colors),
        scholars=tuple(scholars),
        clans=tuple(clans),
        kinds=tuple(kinds),
        kind_aux=tuple(tuple(data.cards[k].auxiliary) for k in kinds),
        mains=tuple(ctx.names.pop("mains", ("",) * len(kinds))),
        types=tuple(types),
        jinx=tuple(jinx),
        zones=tuple(zones),
        skills=tuple(skill_names),
        board_colors=tuple(board_colors),
        difficulties=tuple(data.alert),
        levels=tuple(data.player_levels),
        **ctx.names,
    )
    t.setflags(write=False)
    return t, names
