"""Rocca Civetta's manifest for the box's cards (module ``rocca_civetta``, part rc_cards;
sim.dungeonology.manifest): the Fool's Token (its phase, opcode, holder and passives), the
added Trick types ("Add 1 or More Types of Trick Cards to the Deck")."""

from __future__ import annotations

from sim.dungeonology.layout.bounds import SEAT1
from sim.dungeonology.layout.codes import NPASSIVE
from sim.dungeonology.layout.limits import MAX_INTERNS, MAX_KINDS
from sim.dungeonology.layout.opdefs import Context, NMode, Op, Target, Value
from sim.dungeonology.manifest import Field, Hook, Manifest, ViewKey

T, N, C = Target, NMode, Context
_RCC = "rc_cards"
OPS = (
    # Rocca Civetta cards (the Fool's Token)
    Op(106, "give_token", "GIVE_TOKEN", _RCC, T.CHOSEN_OPPONENT, N.SINGLE, False, C.TRICK_CARD, "",
       "Give the Intern's token to another Scholar",
       "give the token of the Intern linked to the played Trick Card kind to another Scholar in the Dungeon of "
       "your choice (its `token` passives apply to her while she holds it)", Value(threat=0.5)),
)
del T, N, C

MANIFEST = Manifest(
    module="rocca_civetta",
    ranges={"rc_cards": ((50, 57), (50, 57), (106, 119))},  # Jinx, Intern, Panic Cards; the Fool's Token
    codes={"PH_RC_TOKEN": 50},  # the new owner of the Fool gives the Fool's Token to another Scholar (A_TARGET + seat)
    phase_names={50: "give_token"},
    phases={"PH_RC_TOKEN": ("cards:token_choice(s, t, me, a)", "cards:token_actions(s, t, me, out)")},
    ops={(106, 119): "cards:exec_rc_cards_op(s, t, op, n, actor, prog)"},
    op_table=OPS,
    state=(
        Field("S_RC_TOKEN_HOLDER", MAX_INTERNS,
              meaning="per Intern: the seat + 1 holding its token (the Fool's Token), 0 = Reserve", bounds=SEAT1),
    ),
    tables=(
        Field("T_RC_WILD_TYPE",
              meaning="RC \"Add 1 or More Types\": the Trick type (+1) Scholar skills' typed discards also "
                      "accept, 0 off"),
        Field("T_RC_KIND_ADDED", MAX_KINDS,
              meaning="1: the kind's type is one an expansion added (tricks.added_types; read by agents)"),
        Field("T_RC_INTERN_TOKEN", MAX_INTERNS * NPASSIVE,
              meaning="[intern][passive] the Intern's token for its holder (the Fool's Token)"),
    ),
    hooks=(Hook("check", "cards:check_rc_cards(s, t)", order=70, always=True),),
    invariants={105: "an Intern's token (the Fool's Token) is held by no seat of the game, or the Intern has no token"},
    heuristic={
        "PH_RC_TOKEN": "agents.dungeonology.heuristic.rc_cards:token_decision",  # whom the Fool's Token goes to
        # the box's cards around the basic game's handlers: Alchemy draws, Specialists plays
        "PH_ACTION": "agents.dungeonology.heuristic.rc_cards:rc_action_decision",
        "PH_WINDOW": "agents.dungeonology.heuristic.rc_cards:rc_window_decision",
    },
    view=(ViewKey("player", "tokens", "view:tokens_held"),),  # the Interns' tokens held (the Fool's Token)
    texts={("PH_RC_TOKEN", "target"): "text:token_text"},
    compile=(("end", "tables:compile_rc_cards"),),  # its table compiler (sim.dungeonology.tables.STAGES)
)
