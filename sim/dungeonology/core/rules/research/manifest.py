"""The Research Cards' manifest (Rocca Civetta, "Research Cards"; module ``research``;
sim.dungeonology.manifest): the Research deck and the cards face up (state), the Quests (tables),
the End of Turn claim point and the research verb."""

from __future__ import annotations

from sim.dungeonology.layout.bounds import NUM, SEAT1
from sim.dungeonology.layout.limits import MAX_QUEST_CONDS, MAX_RESEARCH, RESEARCH_UP
from sim.dungeonology.manifest import HIDDEN, Column, Field, Hook, Manifest, Verb, ViewKey

# Quest conditions of a Research Card (research.toml, docs/DATA_FORMAT.md): what each one reads of
# the Scholar, compared with its n (at least n, or at most n with at_most). T_RESEARCH_COND rows: QC_W ints.
QUESTS = {
    "QC_STUDENTS": 1,  # Students held
    "QC_CUBES": 2,  # Information Cubes on the Note Board (of one colour: arg = colour + 1; 0 = all)
    "QC_COLUMNS": 3,  # Note Board columns holding at least arg cubes
    "QC_STARS": 4,  # Stars reached
    "QC_ARROWS": 5,  # Study Bonus arrows reached
    "QC_KNOWLEDGE": 6,  # Knowledge Tokens held
    "QC_INTERNS": 7,  # Intern Cards owned (Main Effects rule)
    "QC_FLOOR": 8,  # the Floor (1-4) of the Zone she stands in; 0 in the Starting Zone
    "QC_STUDY_WINS": 9,  # Studies won
    "QC_ESPIONAGE_WINS": 10,  # Espionages won
    "QC_TRICKS": 11,  # Trick Cards in hand
    "QC_EXALTED": 12,  # 1 while Exalted
    "QC_STUN": 13,  # Stun Tokens held
}
QC_W = 4  # ints per condition: code, n, arg, at_most (QCF_*)
QCF_CODE, QCF_N, QCF_ARG, QCF_AT_MOST = 0, 1, 2, 3
# (the deck, the cards face up and their owners stand in the box's reserved sections, where layout
# version 4 has them)
STATE = (
    Field("S_RESEARCH_EOT",
          meaning="S_TURN + 1 of the turn whose End of Turn claim point (PH_RESEARCH) was offered, 0 none", bounds=NUM),
    Field("S_RESEARCH_N", meaning="Research Cards in the deck", bounds=(0, MAX_RESEARCH), before="S_FAMILIAR_OWNER"),
    Field("S_RESEARCH_DECK", MAX_RESEARCH, meaning="Research deck: card indices, bottom..top (order hidden)",
          visibility=HIDDEN, bounds=(0, MAX_RESEARCH - 1)),
    Field("S_RESEARCH_UP", RESEARCH_UP, meaning="Research Cards face up near the Campus: card + 1, 0 none",
          bounds=(0, MAX_RESEARCH)),
    Field("S_RESEARCH_OWNER", MAX_RESEARCH,
          meaning="per Research Card: the seat + 1 of the Scholar who completed it, 0 none", bounds=SEAT1),
    Field("S_RESEARCH_TURN",
          meaning="S_TURN + 1 of the turn of the last Quest completed (\"only once per turn\"), 0 none", bounds=NUM),
)
TABLES = (
    Field("T_RESEARCH_N", meaning="Research Cards in the data (0 without the research module)"),
    Field("T_RESEARCH_POINTS", MAX_RESEARCH, meaning="per Research Card: its bonus victory points"),
    Field("T_RESEARCH_NCOND", MAX_RESEARCH, meaning="per Research Card: conditions of its Quest (all must hold)"),
    Field("T_RESEARCH_COND", MAX_RESEARCH * MAX_QUEST_CONDS * QC_W,
          meaning="[card][i]: QC_W ints (code, n, arg, at_most)"),
)

MANIFEST = Manifest(
    module="research",
    ranges={"research": ((64, 67), (64, 67), (130, 139))},
    codes={
        "PH_RESEARCH": 64,  # the End of Turn claim point: complete a face-up Research (A_RESEARCH + slot) or pass
        **QUESTS,
        "QUEST_CONDITIONS": {name[3:].lower(): code for name, code in QUESTS.items()},
        "QC_W": QC_W,
        "QCF_CODE": QCF_CODE,
        "QCF_N": QCF_N,
        "QCF_ARG": QCF_ARG,
        "QCF_AT_MOST": QCF_AT_MOST,
    },
    phase_names={64: "research"},
    phases={"PH_RESEARCH": ("research:end_point_choice(s, t, me, a)", "research:end_point_actions(s, t, me, out)")},
    state=STATE,
    tables=TABLES,
    # + slot: complete the Quest of the face-up Research Card there (RC "Research Cards")
    verbs=(Verb("research", "A_RESEARCH", RESEARCH_UP, "text:claim_text"),),
    hooks=(
        # "at any time during their turn, but only once per turn": a claim at every decision of the current player
        Hook("decision_action", "research:claim_at_decision(s, t, ph, me, a)", always=True),
        Hook("decision_actions", "research:claim_actions(s, t, ph, me, out, n)"),
        Hook("setup_end", "research:setup_research(s, t)"),  # three drawn face up
        Hook("before_turn_ends", "research:end_point(s, t)"),  # the End of Turn claim point
        Hook("score_bonus", "research:research_points(s, t, seat)", always=True),
        Hook("check", "research:research_check(s, t)", order=50, always=True),
        Hook("determinize_cards", "research:resample_deck(s, t, seat, rng)", always=True),
    ),
    rows=(Column("research_points", "research:research_points(s, t, p)"),),
    invariants={
        64: "Research Cards: a card is in two places or nowhere, or owned by no seat of the game",
        65: "Research Cards: a face-up place is empty while the Research deck has cards",
        66: "Research Cards: a Quest marked completed in a turn not yet begun",
    },
    # a Quest at the End of Turn, or pass
    heuristic={"PH_RESEARCH": "agents.dungeonology.heuristic.rc_research:research_decision"},
    heuristic_first=(  # a Quest first, before anything else
        Hook("choose", "agents.dungeonology.heuristic.rc_research:claim_choice(s, t, buf, n)", order=-1),
        Hook("narrow", "agents.dungeonology.heuristic.rc_research:without_claims(buf, n)", order=-1),
    ),
    view=(
        ViewKey("state", "research", "view:research_view", always=False),
        ViewKey("breakdown", "research_points", "view:research_part", after="intern_bonus", always=False),
    ),
    scenario="scenario:ResearchSetup",  # its operations of the Scenario builder
    compile=(("end", "tables:compile_research"),),  # its table compiler (sim.dungeonology.tables.STAGES)
    data="models:DATA",  # its GameData keys and their models
    data_after={"research": "panic"},  # where layout version 4 has it
)
