"""The Boss advanced rule's manifest ("Boss", Setup G; sim.dungeonology.manifest): the Boss
Card, profile and model (state, tables), the phase of a Boss move, its continuation and opcodes."""

from __future__ import annotations

from sim.dungeonology.layout.bounds import COUNT, SEAT, ZONE
from sim.dungeonology.layout.limits import MAX_BOSS, MAX_BOSS_STEPS, MAX_BOSSES_IN_PLAY, MAX_PROFILES
from sim.dungeonology.layout.opdefs import NO_VALUE, Context, NMode, Op, Target
from sim.dungeonology.manifest import Column, Field, Hook, Manifest, ViewKey

T, N, C = Target, NMode, Context
_BOSS = "boss"
OPS = (
    # Boss ("Boss", "Boss Movement"): boss.toml Sighting and Activation only
    Op(30, "boss_appear", "BOSS_APPEAR", _BOSS, T.BOSS, N.IGNORED, False, C.BOSS_CARD, "", "The Boss appears",
       "the Boss model appears in the Zone where the Boss Effect was activated", NO_VALUE),
    Op(31, "boss_move", "BOSS_MOVE", _BOSS, T.BOSS, N.BOSS_STEPS, False, C.BOSS_CARD, "",
       "Move the Boss {n} Zone{s}",
       "move the Boss n Zones without retracing his steps; the activating player chooses", NO_VALUE),
    Op(32, "boss_move_random", "BOSS_MOVE_RANDOM", _BOSS, T.BOSS, N.BOSS_STEPS, False, C.BOSS_CARD, "",
       "Move the Boss {n} Zone{s} towards a Randomized Scholar",
       "Randomize a target Scholar, then move the Boss n Zones towards him without retracing his steps", NO_VALUE),
    Op(33, "boss_move_random_passage", "BOSS_MOVE_RANDOM_PASSAGE", _BOSS, T.BOSS, N.BOSS_STEPS, False,
       C.BOSS_CARD, "", "Move the Boss through {n} Randomized Passage{s}",
       "n times: move the Boss through a Passage of his Zone chosen by the Randomizer (never straight back)",
       NO_VALUE),
    Op(34, "boss_activate", "BOSS_ACTIVATE", _BOSS, T.BOSS, N.IGNORED, False, C.NOT_BOSS_CARD, "",
       "Activate the Boss",
       "the Boss's Activation, played by this player (nothing if the Boss is not in the Dungeon)", NO_VALUE),
)
del T, N, C
# [slot]: one entry per Boss in play. Slot 0 is the Boss of the game (the engine reads s[S_BOSS] etc.);
# slot 1 is reserved for the second card of Scilla and Cariddi (RC "Big Boss"; 0 in the base game).
STATE = (
    Field("S_BOSS", MAX_BOSSES_IN_PLAY, meaning="Boss Card in use (index in boss data), -1 without the Boss rule",
          bounds=(-1, MAX_BOSS - 1), init=(-1,)),
    Field("S_BOSS_PROFILE", MAX_BOSSES_IN_PLAY, meaning="its profile (0, 1), -1 none", bounds=(-1, MAX_PROFILES - 1),
          init=(-1,)),
    Field("S_BOSS_ZONE", MAX_BOSSES_IN_PLAY, meaning="Zone of the Boss model, -1 = not in the Dungeon", bounds=ZONE,
          init=(-1,)),
    Field("S_BOSS_TURN", MAX_BOSSES_IN_PLAY,
          meaning="S_TURN when the Boss Effect was last activated (once per turn), -1", bounds=(-1, COUNT), init=(-1,)),
    Field("S_BOSS_EZONE", MAX_BOSSES_IN_PLAY, meaning="Zone where the Boss Effect was last activated (Sighting), -1",
          bounds=ZONE, init=(-1,)),
    Field("S_BOSS_MOVING", meaning="reserved (0): the slot of the Boss whose move is in progress",
          bounds=(0, MAX_BOSSES_IN_PLAY - 1)),
    Field("S_BOSS_SEAT", meaning="seat moving the Boss now (the activating player), -1", bounds=SEAT, init=-1),
    Field("S_BOSS_STEPS", meaning="Zones the Boss still has to move in the move in progress",
          bounds=(0, MAX_BOSS_STEPS)),
    Field("S_BOSS_PREV", meaning="Zone the Boss has just left (he may not retrace his steps), -1", bounds=ZONE,
          init=-1),
    Field("S_BOSS_TARGET", meaning="seat Randomized as the target of the last boss_move_random, -1", bounds=SEAT,
          init=-1),
    Field("S_BOSS_MODE", meaning="move in progress: 0 chosen steps, 1 towards a target, 2 Randomized Passages",
          bounds=(0, 2)),
)
TABLES = (
    Field("T_NBOSS", meaning="Boss Cards in the data"),
    Field("T_BOSS_PICK", meaning="configured Boss Card (GameConfig.boss), -1 = drawn at random (Setup G)"),
    Field("T_BOSS_PICK_PROFILE", meaning="configured profile (0, 1), -1 = chosen at random"),
    Field("T_BOSS_NPROFILES", MAX_BOSS, meaning="profiles on the card: 2, or 1 for a Big Boss (RC \"Big Boss\" A)"),
    Field("T_BOSS_ALERT", MAX_BOSS * MAX_PROFILES, meaning="[boss][profile] Alert Modifier"),
    Field("T_BOSS_SIGHT", MAX_BOSS * MAX_PROFILES, meaning="Sighting program"),
    Field("T_BOSS_ACT", MAX_BOSS * MAX_PROFILES, meaning="Activation program"),
    Field("T_BOSS_ENC", MAX_BOSS * MAX_PROFILES,
          meaning="Encounter program (run with each encountered Scholar as actor), -1"),
)

MANIFEST = Manifest(
    module="boss",
    ranges={"boss": ((20, 23), (20, 23), (30, 34))},
    codes={
        "PH_BOSS_MOVE": 20,  # the activating player picks the Boss's next Zone (A_ZONE + zone)
        "K_BOSS_STEP": 21,  # the Boss has moved one Zone (Encounters resolved): next step or end
    },
    phase_names={20: "boss_move"},
    phases={"PH_BOSS_MOVE": ("boss:boss_step(s, t, a - L.A_ZONE)", "boss:boss_steps(s, t, out, 0)")},
    continuations={"K_BOSS_STEP": "boss:move_next(s, t)"},
    ops={("OP_BOSS_APPEAR", "OP_BOSS_ACTIVATE"): "boss:exec_boss_op(s, t, op, n, actor)"},
    op_table=OPS,
    state=STATE,
    tables=TABLES,
    hooks=(
        Hook("setup_after_deal", "boss:setup_boss(s, t)"),  # Setup G
        Hook("zone_alert_modifier", "boss:boss_alert(s, t, z)", always=True),  # "The Boss" B
        Hook("check", "boss:boss_check(s, t)", order=20, always=True),
    ),
    games=(Column("boss", "boss:boss_card(s)"), Column("boss_profile", "boss:boss_profile(s)")),
    invariants={20: "the Boss model stands in a Zone that is not placed, or the Boss Card is not in the data"},
    heuristic={"PH_BOSS_MOVE": "agents.dungeonology.heuristic.movement:boss_move_decision"},  # where the Boss goes
    view=(ViewKey("state", "boss", "view:boss_view", after="thesis_count"),),  # the Boss Card, profile, model: public
    texts={("PH_BOSS_MOVE", "zone"): "text:boss_move_text"},
    scenario="scenario:BossSetup",  # its operations of the Scenario builder
    compile=(("jinx", "tables:compile_boss"),),  # its table compiler (sim.dungeonology.tables.STAGES)
    data="models:DATA",  # its GameData keys and their models
)
