"""Compile validated component data (``sim.dungeonology.schema.GameData``) into the flat
``int64`` table array read by the numba core (layout in ``sim.dungeonology.layout``).

Tables depend on the configuration only through the Alert Card (difficulty)
and the Player Level; everything else is the box.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.rules.rocca_civetta.tables import KIND_INDEX, compile_rc_cubes
from sim.dungeonology.schema import DIRECTIONS, PASSAGES, GameData, Step
from sim.dungeonology.tables_congregations import compile_congregations
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
    mains: tuple[str, ...]  # Main Effect name per kind ("" = none)
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


def _limit(what: str, n: int, most: int) -> None:
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


class _Programs:
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
        _limit("effect programs", self.n + 1, L.MAX_PROGS)
        _limit("effect steps", self.ops + len(steps), L.MAX_OPS)
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
    t[L.T_BOSS_PICK] = boss[0]
    t[L.T_BOSS_PICK_PROFILE] = boss[1]
    colors = [c.name for c in data.cubes]
    cidx = {c: i for i, c in enumerate(colors)}
    _limit("cube colours", len(colors), L.MAX_COL)
    t[L.T_NCOL] = len(colors)
    for i, cube in enumerate(data.cubes):
        col = data.noteboard.columns[cube.name]
        _limit("Note Board slots", col.slots, L.MAX_COL_SLOTS)
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
    _limit("Alert Card slots", len(card.slots), L.MAX_ALERT_SLOTS)
    t[L.T_AL_NSLOTS] = len(card.slots)
    t[L.T_AL_UNIV_STUD] = card.university.students_per_player
    t[L.T_AL_UNIV_OMEGA] = card.university.omega
    for i, sl in enumerate(card.slots):
        t[L.T_AL_BONUS + i] = sl.bonus
        t[L.T_AL_STUD + i] = sl.students_per_player
        t[L.T_AL_OMEGA + i] = sl.omega

    types = list(data.tricks.types)
    progs = _Programs(t, types)
    wild = wild_type(data)
    t[L.T_RC_WILD_TYPE] = wild + 1

    def timing_and_options(row_timing: int, row_nopts: int, row_prog: int, timing: str, options,
                           kind: int = -1) -> None:
        _limit("options of one effect", len(options), L.MAX_OPTS)
        t[row_timing] = L.TIMING_MASKS[timing]
        t[row_nopts] = len(options)
        for o, steps in enumerate(options):
            t[row_prog + o] = progs.add(list(steps), kind)

    # Scholars (front = side 0, Exalted = side 1)
    scholars = list(data.scholars)
    _limit("Scholars", len(scholars), L.MAX_SCH)
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
            _limit(f"skills of {name}", len(sd.skills), L.MAX_SKILLS)
            t[L.T_SCH_NSKILLS + row] = len(sd.skills)
            for k, sk in enumerate(sd.skills):
                i = row * L.MAX_SKILLS + k
                timing_and_options(
                    L.T_SCH_SK_TIMING + i, L.T_SCH_SK_NOPTS + i, L.T_SCH_SK_PROG + i * L.MAX_OPTS, sk.timing, sk.options
                )
                if wild >= 0:
                    for o in range(len(sk.options)):
                        _also_accept(t, t[L.T_SCH_SK_PROG + i * L.MAX_OPTS + o], wild)
            sides.append(tuple(sk.name for sk in sd.skills))
        skill_names.append(tuple(sides))

    clans = list(data.clans)
    _limit("Clans", len(clans), L.MAX_CLANS)
    t[L.T_NCLANS] = len(clans)
    for i, name in enumerate(clans):
        t[L.T_CLAN_TARGET + i] = data.clans[name].target
        for c, m in data.clans[name].modifiers.items():
            t[L.T_CLAN_MOD + i * L.MAX_COL + cidx[c]] = m

    kinds = list(data.cards)
    _limit("Trick Card kinds", len(kinds), L.MAX_KINDS)
    _limit("Trick Cards", data.tricks.total, L.MAX_DECK)
    t[L.T_NKINDS] = len(kinds)
    t[L.T_DECK_TOTAL] = data.tricks.total
    for k, name in enumerate(kinds):
        cd = data.cards[name]
        t[L.T_KIND_TYPE + k] = types.index(cd.type)
        t[L.T_KIND_BONUS + k] = cd.bonus
        t[L.T_KIND_COPIES + k] = cd.copies
        t[L.T_KIND_NAUX + k] = len(cd.auxiliary)
        t[L.T_RC_DECLARE_INTERN + k] = 1 if cd.declare_intern else 0
        t[L.T_RC_KIND_ADDED + k] = 1 if cd.type in data.tricks.added_types else 0
        for a, eff_name in enumerate(cd.auxiliary):
            eff = data.auxiliary[eff_name]
            i = k * 2 + a
            timing_and_options(
                L.T_KIND_TIMING + i, L.T_KIND_NOPTS + i, L.T_KIND_PROG + i * L.MAX_OPTS, eff.timing, eff.options, k
            )

    # Intern Cards (Main Effects rule) and the Zone Effect Token supply
    interns = list(data.interns)
    _limit("Intern Cards", len(interns), L.MAX_INTERNS)
    t[L.T_NINTERNS] = len(interns)
    for i, name in enumerate(interns):
        it = data.interns[name]
        t[L.T_INTERN_POINTS + i] = it.points
        for p, v in it.passive.items():
            t[L.T_INTERN_PASSIVE + i * L.NPASSIVE + L.PASSIVE_NAMES.index(p)] = v
        t[L.T_INTERN_PROTECT + i] = sum(1 << cidx[c] for c in it.protected)
        for p, v in it.token.items():
            t[L.T_RC_INTERN_TOKEN + i * L.NPASSIVE + L.PASSIVE_NAMES.index(p)] = v
    for k, name in enumerate(kinds):
        if data.cards[name].intern is not None:
            t[L.T_KIND_INTERN + k] = interns.index(data.cards[name].intern) + 1
    for i, kind_name in enumerate(L.TRAP_KINDS):
        t[L.T_TRAP_TOKENS + i] = data.tokens.trap[kind_name].count
        t[L.T_TRAP_N + i] = data.tokens.trap[kind_name].n
    t[L.T_TELEPORT_TOKENS] = data.tokens.teleport
    t[L.T_SECRET_TOKENS] = data.tokens.secret_passage
    # Main Effects (advanced rule): compiled always, used only with the rule
    t[L.T_ME_ACTION_LIMIT] = data.tricks.main_actions_per_turn
    main_names = []
    for k, name in enumerate(kinds):
        me = data.cards[name].main
        main_names.append(me.name if me is not None else "")
        if me is None:
            continue
        t[L.T_ME_HAS + k] = 1
        t[L.T_ME_TIMING + k] = L.ME_TIMINGS[me.timing]
        t[L.T_ME_ACTION + k] = 1 if me.action else 0
        t[L.T_ME_WHEN + k] = L.ME_WHEN[me.when]
        t[L.T_ME_NCOST + k] = len(me.cost)
        for i, option in enumerate(me.cost):
            t[L.T_ME_COST + k * L.MAX_ME_COSTS + i] = progs.add(list(option), kind=k, cost=True)
        t[L.T_ME_EFFECT + k] = progs.add(list(me.effect), kind=k)
        t[L.T_ME_AFTER + k] = progs.add(list(me.after), kind=k) if me.after else -1
    # "It is possible to use a Reaction in response to another Reaction": a chain
    # ends only when nobody can or will react, so it can hold the declared effect
    # and every Reaction card of the deck
    reactions = sum(data.cards[name].copies for name in kinds
                    if data.cards[name].main is not None and data.cards[name].main.timing == "reaction")
    _limit("Main Effects in a Reaction chain (1 + the Reaction cards)", 1 + reactions, L.MAX_CHAIN)
    t[L.T_ME_CHAIN_CAP] = 1 + reactions

    jinx = list(data.jinx)
    _limit("Jinx Cards", len(jinx), L.MAX_JINX)
    t[L.T_NJINX] = len(jinx)
    for j, name in enumerate(jinx):
        jx = data.jinx[name]
        t[L.T_JINX_PROG + j] = progs.add(list(jx.on_reveal)) if jx.on_reveal else -1
        for p, v in jx.passive.items():
            t[L.T_JINX_PASSIVE + j * L.NPASSIVE + L.PASSIVE_NAMES.index(p)] = v
        t[L.T_JINX_PENALTY + j] = jx.penalty

    bosses = list(data.boss)
    _limit("Boss Cards", len(bosses), L.MAX_BOSS)
    t[L.T_NBOSS] = len(bosses)
    for b, key in enumerate(bosses):
        # one or two profiles (a Big Boss has one, "Big Boss" A); Setup G draws among them
        t[L.T_BOSS_NPROFILES + b] = len(data.boss[key].profiles)
        for i, prof in enumerate(data.boss[key].profiles.values()):
            row = b * L.MAX_PROFILES + i
            t[L.T_BOSS_ALERT + row] = prof.alert_modifier
            t[L.T_BOSS_SIGHT + row] = progs.add(list(prof.sighting))
            t[L.T_BOSS_ACT + row] = progs.add(list(prof.activation))
            t[L.T_BOSS_ENC + row] = progs.add(list(prof.encounter)) if prof.encounter else -1

    rcards = data.randomizer.cards
    _limit("Randomizer cards", len(rcards), L.MAX_RAND)
    t[L.T_NRAND] = len(rcards)
    board_colors = list(data.noteboard.colors)
    for i, rc in enumerate(rcards):
        t[L.T_RAND_COLOR + i] = board_colors.index(rc.color)
        t[L.T_RAND_DIR + i] = DIRECTIONS.index(rc.direction)
        t[L.T_RAND_PASSAGE + i] = PASSAGES.index(rc.passage)
        t[L.T_RAND_INFO + i] = cidx[rc.information]

    t[L.T_TELEPORT_COLOR] = cidx[data.zone_effects.teleport_color]
    zones = [data.start.name, *data.zones]
    _limit("Zones", len(zones), L.MAX_ZONES)
    t[L.T_NZONES] = len(zones)
    tiles = [data.start, *data.zones.values()]
    _limit("Floors", max(tile.floor for tile in tiles), L.NFLOORS)
    t[L.T_NFLOORS] = max(tile.floor for tile in tiles)
    for z, tile in enumerate(tiles):
        t[L.T_Z_FLOOR + z] = tile.floor - 1
        t[L.T_Z_PASSAGES + z] = sum(1 << PASSAGES.index(p) for p in tile.passages)
        if z == 0:
            continue
        t[L.T_Z_ALERT + z] = tile.alert
        _limit(f"cube spaces on {zones[z]}", len(tile.cubes), L.MAX_ZSLOTS)
        t[L.T_Z_NCUBES + z] = len(tile.cubes)
        for i, c in enumerate(tile.cubes):
            t[L.T_Z_CUBES + z * L.MAX_ZSLOTS + i] = cidx[c] if c in cidx else KIND_INDEX[c]
        for p, need in tile.doors.items():
            t[L.T_Z_DOOR + z * 8 + PASSAGES.index(p)] = sum(1 << cidx[c] for c in need)
        t[L.T_Z_NEFF + z] = len(tile.effects)
        if tile.scholar is not None:  # RC "Special Zones": in the game only with its Scholar
            t[L.T_Z_SCHOLAR + z] = scholars.index(tile.scholar) + 1
        for i, eff in enumerate(tile.effects):
            kind = L.ZONE_EFFECT_KINDS[eff.effect]
            t[L.T_Z_EFFECTS + z] |= 1 << kind
            o = L.T_Z_EFF + (z * L.MAX_ZEFF + i) * L.ZE_W
            t[o] = kind
            t[o + 1] = eff.n
            t[o + 2] = 0 if eff.color is None else cidx[eff.color] + 1
            t[o + 3] = 0 if eff.letter is None else L.SECRET_LETTERS.index(eff.letter) + 1

    _compile_panic(t, data, progs, rules)
    _compile_research(t, data, cidx)
    compile_rc_cubes(t, data, cidx)  # Rocca Civetta: Star Tokens, cube kinds, New Clan Cards
    compile_congregations(t, data, scholars, bosses)  # Rocca Civetta, Student Congregations

    names = Names(
        colors=tuple(colors),
        scholars=tuple(scholars),
        clans=tuple(clans),
        kinds=tuple(kinds),
        kind_aux=tuple(tuple(data.cards[k].auxiliary) for k in kinds),
        mains=tuple(main_names),
        types=tuple(types),
        jinx=tuple(jinx),
        zones=tuple(zones),
        skills=tuple(skill_names),
        board_colors=tuple(board_colors),
        difficulties=tuple(data.alert),
        levels=tuple(data.player_levels),
        bosses=tuple(bosses),
        boss_names=tuple(data.boss[k].name for k in bosses),
        boss_profiles=tuple(tuple(data.boss[k].profiles) for k in bosses),
        interns=tuple(interns),
        panic=tuple(data.panic),
        research=tuple(data.research),
    )
    t.setflags(write=False)
    return t, names


# ------------------------------------------------------------ Trick Card types
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


# ------------------------------------------------------------ Maximum Alert
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


def _compile_panic(t: np.ndarray, data: GameData, progs: _Programs, rules: int) -> None:
    names = list(data.panic)
    _limit("Panic Cards", len(names), L.MAX_PANIC)
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


# ------------------------------------------------------------ Research Cards
def _compile_research(t: np.ndarray, data: GameData, cidx: dict[str, int]) -> None:
    """The Research Cards (Rocca Civetta, "Research Cards"): points and Quest
    conditions as T_RESEARCH_* rows (code, n, arg, at_most; sim.dungeonology.layout QC_*)."""
    names = list(data.research)
    _limit("Research Cards", len(names), L.MAX_RESEARCH)
    t[L.T_RESEARCH_N] = len(names)
    for i, name in enumerate(names):
        card = data.research[name]
        t[L.T_RESEARCH_POINTS + i] = card.points
        t[L.T_RESEARCH_NCOND + i] = len(card.requires)
        for k, cond in enumerate(card.requires):
            o = L.T_RESEARCH_COND + (i * L.MAX_QUEST_CONDS + k) * L.QC_W
            t[o + L.QCF_CODE] = L.QUEST_CONDITIONS[cond.what]
            t[o + L.QCF_N] = cond.n
            if cond.what == "cubes":
                t[o + L.QCF_ARG] = 0 if cond.color is None else cidx[cond.color] + 1
            elif cond.what == "columns":
                t[o + L.QCF_ARG] = cond.each
            t[o + L.QCF_AT_MOST] = 1 if cond.at_most else 0
