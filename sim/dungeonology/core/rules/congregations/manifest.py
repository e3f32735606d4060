"""The Student Congregations' manifest (Rocca Civetta, "Student Congregations"; module
``congregations``; sim.dungeonology.manifest): their Students in the Reserve, the University, at
the Bonfire and held, a draw in progress (state), the cards' effects (tables), the three phases and
four continuations (a Sacrifice's choice among them), the congregation and bonfire_order verbs."""

from __future__ import annotations

from sim.dungeonology.layout.bounds import FLAG, NUM, SEAT, SEAT1
from sim.dungeonology.layout.codes import TRAP_KINDS
from sim.dungeonology.layout.limits import (
    MAX_BONFIRE,
    MAX_BOSS,
    MAX_CG_EFFECTS,
    MAX_SCH,
    MAX_ZONES,
    MAXP,
    NCONGREGATIONS,
    NSTUDENT_KINDS,
    STUDENT_KINDS,
)
from sim.dungeonology.manifest import Field, Hook, Manifest, Verb, ViewKey

# Effects of a Student Congregation Card (congregations.toml `effect`), CGE_W ints each in T_CG_EFF
EFFECTS = {
    "CGE_NONE": 0,
    "CGE_GUARD_ZONE": 1,  # Iota: Sacrifice -> the Student stays in your Zone, its cubes only yours to collect
    "CGE_DISCARD_STUN": 2,  # Zeta: Sacrifice -> discard n Stun Tokens
    "CGE_DISCARD_JINX": 3,  # Zeta: Sacrifice -> discard n Jinx Cards
    "CGE_KEEP_FREE": 4,  # Phi: when drawn from the University, kept without sacrificing a standard Student
    "CGE_GAIN_RESERVE": 5,  # Phi: when sacrificed, take n standard Students from the Reserve
    "CGE_PLACE_TRAP": 6,  # Lambda: Sacrifice -> n Trap Tokens of your choice in any Dungeon Zone
}
CGE_W = 4  # kind, Students of the Congregation sacrificed to activate it, n, gold symbol
# What the open PH_CG_CHOICE asks (S_CG_MODE)
CGM_KEEP = 1  # the drawer: keep the drawn Student by Sacrificing a standard one (A_OPTION) or not (A_OPTION + 1)
CGM_TRAP_KIND = 2  # Lambda: which Trap Token (A_OPTION + TRAP_KINDS index)
CGM_TRAP_ZONE = 3  # Lambda: in which Dungeon Zone (A_ZONE + zone)
CGM_JINX = 4  # Zeta: which Jinx Card to discard (A_JINX + card)

# (the Students in the University, the Reserve, at the Bonfire and in Zones stand in the box's
# reserved sections, where layout version 4 has them)
STATE = (
    Field("S_CG_USED",
          meaning="bit k: Congregation k (CONGREGATIONS order) in the game; bit 16+k: not entered at Setup",
          bounds=(0, 2 ** (16 + NCONGREGATIONS) - 1)),
    Field("S_CG_SAC_GAIN", NCONGREGATIONS,
          meaning="per Congregation: standard Students its \"When you Sacrifice\" effect gives", bounds=NUM),
    Field("S_CG_SAC_GOLD", NCONGREGATIONS, meaning="... 1 when that effect has the gold symbol (both copied at Setup)",
          bounds=FLAG),
    Field("S_CG_DRAWER", meaning="seat whose draw from the University is being resolved", bounds=SEAT),
    Field("S_CG_DRAWN", NCONGREGATIONS, meaning="Congregation Students of that draw still to keep or to place",
          bounds=NUM),
    Field("S_CG_PEND", NSTUDENT_KINDS, meaning="Students of that draw waiting for their place at the Bonfire, per kind",
          bounds=NUM),
    Field("S_CG_OMEGAS", meaning="Omega Students of that draw, resolved once the others are placed", bounds=NUM),
    Field("S_CG_MODE", meaning="the open PH_CG_CHOICE: CGM_*", bounds=(0, CGM_JINX)),
    Field("S_CG_KIND", meaning="... its Congregation (CONGREGATIONS index)", bounds=(0, NCONGREGATIONS - 1)),
    Field("S_CG_SEAT", meaning="... who chooses", bounds=SEAT),
    Field("S_CG_TRAP", meaning="Lambda: the Trap kind chosen (TRAP_KINDS index)", bounds=(0, len(TRAP_KINDS) - 1)),
    Field("S_CG_ZKIND", MAX_ZONES, meaning="per Zone: the Congregation of the Student standing there (S_ZIOTA), 0 none",
          bounds=(0, NCONGREGATIONS - 1)),
    Field("S_UNIV_CONGREGATION", NCONGREGATIONS, meaning="in the University", bounds=NUM, before="S_RESEARCH_N"),
    Field("S_RES_CONGREGATION", NCONGREGATIONS, meaning="in the Reserve (its Students of the game, at Setup)",
          bounds=NUM),
    Field("S_BONFIRE_KINDS", MAX_BONFIRE,
          meaning="The Campus Bonfire in order (from the space with the arrow): the kind of each Student there, "
                  "index in STUDENT_KINDS (0 = grey: the base game's Bonfire, whose Students S_BONFIRE counts, is "
                  "all grey); the last one (index S_BONFIRE - 1) is picked up first.",
           bounds=(0, len(STUDENT_KINDS) - 1)),
    Field("S_ZIOTA", MAX_ZONES,
          meaning="Iota Student standing in the Zone: its owner's seat + 1 (0 none); kind: S_CG_ZKIND", bounds=SEAT1),
)
TABLES = (
    Field("T_CG_STUDENTS", NCONGREGATIONS, meaning="Students put in the Reserve per Congregation chosen (0: not used)"),
    Field("T_CG_OUT_SCH", MAX_SCH, meaning="per Scholar Card: bit per Congregation not available when she plays"),
    Field("T_CG_OUT_BOSS", MAX_BOSS, meaning="per Boss Card: bit per Congregation not available when he is the Boss"),
    Field("T_CG_NOSETUP_SCH", MAX_SCH,
          meaning="per Scholar Card: bit per Congregation not entered in the University at Setup"),
    Field("T_CG_NOSETUP_BOSS", MAX_BOSS, meaning="per Boss Card: the same (Jukas: the Phi Students)"),
    Field("T_CG_EFF", NCONGREGATIONS * MAX_CG_EFFECTS * CGE_W,
          meaning="[congregation][effect]: CGE_* kind, sacrifice, n, gold"),
)

MANIFEST = Manifest(
    module="congregations",
    ranges={"congregations": ((60, 63), (60, 63), (120, 129))},
    codes={
        # a Congregation Student's choice, by S_CG_MODE (CGM_*): keep it, a Trap kind, a Zone, a Jinx
        "PH_CG_CHOICE": 60,
        "PH_CG_ORDER": 61,  # the current player places the next drawn Student at the Bonfire (A_STUDENT_KIND + kind)
        "PH_CG_SACRIFICE": 62,  # a Scholar holding several kinds: which one she Sacrifices next (A_STUDENT_KIND + kind)
        "K_CG_DRAWN": 60,  # the Students of a draw: keep or place the next Congregation Student, then the Bonfire order
        "K_CG_ORDER": 61,  # place the next Student of the draw at the Bonfire, then resolve its Omega Students
        "K_CG_EFFECT": 62,  # a=seat, b=Congregation, c=effect slot: the next step of a Congregation Student's effect
        "K_CG_SACRIFICE": 63,  # a=seat, b=Students still to Sacrifice: the next one, her choice among her kinds
        **EFFECTS,
        "CG_EFFECT_KINDS": {name[4:].lower(): code for name, code in EFFECTS.items() if code},
        "CG_TRIGGERED": (EFFECTS["CGE_KEEP_FREE"], EFFECTS["CGE_GAIN_RESERVE"]),  # "When you ...": they happen
        "CGE_W": CGE_W,
        "CGM_KEEP": CGM_KEEP,
        "CGM_TRAP_KIND": CGM_TRAP_KIND,
        "CGM_TRAP_ZONE": CGM_TRAP_ZONE,
        "CGM_JINX": CGM_JINX,
    },
    phase_names={60: "congregation_choice", 61: "bonfire_order", 62: "sacrifice"},
    phases={
        "PH_CG_CHOICE": ("effects:choice_apply(s, t, me, a)", "effects:choice_actions(s, t, me, out)"),
        "PH_CG_ORDER": ("students:order_apply(s, t, me, a)", "students:order_actions(s, t, me, out)"),
        "PH_CG_SACRIFICE": ("students:sacrifice_apply(s, t, me, a)", "students:sacrifice_actions(s, t, me, out)"),
    },
    continuations={
        "K_CG_DRAWN": "students:drawn_next(s, t)",
        "K_CG_ORDER": "students:order_next(s, t)",
        "K_CG_EFFECT": "effects:effect_step(s, t, a, b, c)",
        "K_CG_SACRIFICE": "students:sacrifice_next(s, t, a, b)",
    },
    state=STATE,
    player=(
        Field("PF_CONGREGATION", NCONGREGATIONS,
              meaning="Congregation Students held (CONGREGATIONS order), counted in PF_STUDENTS", bounds=NUM,
              before="PF_STAR_TOKENS"),
    ),
    tables=TABLES,
    verbs=(
        # + congregation*MAX_CG_EFFECTS + effect: use a Student's effect
        Verb("congregation", "A_CONGREGATION", NCONGREGATIONS * MAX_CG_EFFECTS, "text:effect_text"),
        # + kind (STUDENT_KINDS): the next Student placed
        Verb("bonfire_order", "A_STUDENT_KIND", NSTUDENT_KINDS, "text:order_text"),
    ),
    hooks=(
        Hook("setup_before_university", "students:setup_congregations(s, t)"),
        Hook("university_fill", "draw:enter_congregations(s, t, grey, setup)"),
        Hook("draw_students_instead", "draw:draw_student_kinds(s, t, seat, n)"),
        Hook("sacrifice_instead", "sacrifice:sacrifice_choice(s, t, seat, n)"),  # which Student: her choice
        Hook("turn_starts", "students:iota_turn_start(s, t, cur)"),  # the Iota Student leaves the Zone
        Hook("cubes_guarded", "students:guarded(s, seat, z)", always=True),  # an Iota Student guards
        Hook("own_turn_action", "effects:own_turn_congregation(s, t, me, a)", always=True),
        Hook("own_turn_actions", "effects:own_congregation_actions(s, t, me, out, n)"),
        Hook("test_window_plays", "effects:gold_actions(s, t, me, out, n)"),
        Hook("instant_open", "effects:has_gold(s, t, seat)"),
        Hook("priority_plays", "effects:gold_actions(s, t, me, out, n)"),
        Hook("module_play", "effects:play_congregation(s, t, me, a)", always=True),
        Hook("grey_held", "students:grey_adjust(s, t)", always=True),
        Hook("omegas_held", "students:omegas_held(s, t)", always=True),
        Hook("check", "students:check_congregations(s, t)", order=80, always=True),
        Hook("observe", "students:congregation_block(s, t, viewer, out, h)", always=True),
    ),
    observation=(  # a block of its own (all public): Students held per seat and at the Bonfire
        Field("H_CG_HELD", MAXP * NCONGREGATIONS, meaning="Congregation Students held: [seat][congregation]"),
        Field("H_CG_BONFIRE", NSTUDENT_KINDS, meaning="Students at the Bonfire per kind"),
        Field("H_CG_TOP", NSTUDENT_KINDS, meaning="one-hot: the kind of the Student picked up first"),
    ),
    invariants={
        120: "Student Congregations: a Congregation's Students not conserved",
        121: "Student Congregations: a Congregation Student without the rule, or a bad kind at the Bonfire",
        122: "Student Congregations: a Scholar holds more Congregation Students than Students",
    },
    heuristic={
        # keep a drawn Student, a Trap, a Jinx
        "PH_CG_CHOICE": "agents.dungeonology.heuristic.rc_congregations:choice_decision",
        "PH_CG_ORDER": "agents.dungeonology.heuristic.rc_congregations:order_decision",  # the Bonfire order
        "PH_CG_SACRIFICE": "agents.dungeonology.heuristic.rc_congregations:sacrifice_decision",  # which Student
    },
    # an effect worth using, before the phase's handler (in every game: nothing to use without the rule)
    heuristic_first=(
        Hook("choose",
             "agents.dungeonology.heuristic.rc_congregations:congregation_use(s, t, ph, me, buf, n, params, rng)",
             always=True),
    ),
    view=(ViewKey("state", "congregations", "view:congregations_view", always=False),),  # all public
    # the verbs PH_CG_CHOICE offers (a Research claimable at any decision keeps its own words)
    texts={**{("PH_CG_CHOICE", verb): "text:choice_text" for verb in ("option", "zone", "jinx_discard")},
           ("PH_CG_SACRIFICE", "bonfire_order"): "text:sacrifice_text"},
    scenario="scenario:CongregationSetup",  # its operations of the Scenario builder
    compile=(("end", "tables:compile_congregations"),),  # its table compiler (sim.dungeonology.tables.STAGES)
    data="models:DATA",  # its GameData keys and their models
)
