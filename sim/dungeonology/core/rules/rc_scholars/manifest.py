"""Rocca Civetta's manifest for the New Scholars ("New Scholars", "Special Zones"; module
``rocca_civetta``, part rc_scholars; sim.dungeonology.manifest): the skills' opcodes, their
once-per-turn stamps and Camp Z's owner."""

from __future__ import annotations

from sim.dungeonology.layout.bounds import NUM
from sim.dungeonology.layout.limits import MAX_SKILLS, MAX_ZONES
from sim.dungeonology.layout.opdefs import CARD_WORTH, NO_VALUE, Context, NMode, Op, Target, Value
from sim.dungeonology.manifest import Field, Hook, Manifest

T, N, C = Target, NMode, Context
_RCS = "rc_scholars"
OPS = (
    # Rocca Civetta, New Scholars (rc_scholars): the seven Scholars' skills, Camp Z
    Op(90, "once_per_turn", "ONCE_PER_TURN", _RCS, T.SELF, N.COUNT, False, C.NOT_BOSS_CARD, "", "Once per turn",
       "(cost) the skill may be used once per turn: n (1 to 3) numbers its slot on the Scholar side", NO_VALUE),
    Op(91, "at_own_zone", "AT_OWN_ZONE", _RCS, T.ZONE, N.SINGLE, False, C.NOT_BOSS_CARD, "",
       "Standing in your own Zone",
       "(cost) only while you stand in a Zone that belongs to your Scholar (zones.toml `scholar`: Camp Z)", NO_VALUE),
    Op(92, "discard_stun", "DISCARD_STUN", _RCS, T.SELF, N.COUNT, False, C.ANY, "recover", "Discard {n} Stun Token{s}",
       "discard up to n of your Stun Tokens (to the Reserve; as a cost: you must hold one)", Value(worth=1.0)),
    Op(93, "gain_knowledge", "GAIN_KNOWLEDGE", _RCS, T.SELF, N.SINGLE, False, C.ANY, "Knowledge",
       "Gain the Knowledge Token",
       "take the Knowledge Token from the Reserve if you have none (as a cost: only then)", Value(worth=2.0)),
    Op(94, "exhume", "EXHUME", _RCS, T.SELF, N.COUNT, False, C.ANY, "exhume",
       "Take {n} Trick Card{s} from the discard pile",
       "take n Trick Cards chosen at random from the discard pile into your hand (as many as it holds)",
       Value(worth=CARD_WORTH)),
)
del T, N, C

MANIFEST = Manifest(
    module="rocca_civetta",
    ranges={"rc_scholars": ((44, 49), (44, 49), (90, 104))},  # the New Scholars' skills, Camp Z
    ops={("OP_ONCE_PER_TURN", "OP_EXHUME"): "skills:exec_rc_scholars_op(s, t, op, n, actor)"},
    payable={("OP_ONCE_PER_TURN", "OP_EXHUME"): "skills:rc_payable(s, t, seat, op, n)"},
    op_table=OPS,
    player=(
        Field("PF_RC_ONCE", MAX_SKILLS,
              meaning="once_per_turn slot k: S_TURN + 1 of the turn it was last used, 0 never (rc_scholars)",
              bounds=NUM),
    ),
    tables=(
        Field("T_Z_SCHOLAR", MAX_ZONES,
              meaning="per Zone: the Scholar it belongs to, +1 (Camp Z: Caterina); 0 every other Zone"),
    ),
    hooks=(
        Hook("zone_in_game", "skills:zone_in_game(s, t, z)", always=True),  # Camp Z only with Caterina
        Hook("check", "skills:rc_scholars_check(s, t)", order=60, always=True),
    ),
    invariants={
        90: "New Scholars: a once-per-turn skill stamp (PF_RC_ONCE) lies after the current turn",
        91: "New Scholars: one Scholar Card at two seats, or a seat without a Scholar Card of the data",
    },
    # the New Scholars' turn skills, before the phase's handler
    heuristic_first=(
        Hook("choose", "agents.dungeonology.heuristic.rc_scholars:rc_skill_choice(s, t, me, ph, buf, n)", always=True),
    ),
    compile=(("end", "tables:compile_special_zones"),),  # its table compiler (sim.dungeonology.tables.STAGES)
)
