"""The procedures package's manifest (``sim.dungeonology.manifest``): what it handles."""

from __future__ import annotations

from sim.dungeonology.manifest import Manifest

# The basic game owns the first code of each kind (the advanced rules' ranges
# follow, see their packages); this package handles the turn's phases.
MANIFEST = Manifest(
    module="base",
    ranges={"basic": ((0, 13), (1, 11), (1, 18)),
            "basic_after_sacrifice": ((1, 0), (68, 69), (1, 0))},  # what waits for a Sacrifice's choice
    phases={
        "PH_ACTIVITY": ("turn:choose_activity(s, t, me, a)", "turn:activity_actions(s, t, me, out)"),
        "PH_MOVE": ("exploration:turn_action(s, t, me, a)", "exploration:add_turn_actions(s, t, me, out, 0)"),
        "PH_PLACE": ("exploration:place_zone(s, t, me, a)", "exploration:placement_actions(s, t, me, out)"),
        "PH_PILE": ("sim.dungeonology.core.components.dungeon:"
                    "begin_placement(s, t, me, a - L.A_PILE, s[L.S_PL_FROM], 1)",
                    "exploration:pile_actions(s, t, me, out)"),
        "PH_ACTION": ("exploration:turn_action(s, t, me, a)", "exploration:add_turn_actions(s, t, me, out, 0)"),
        "PH_STUDY_N": ("stealth:begin_study(s, t, me, a - L.A_NCUBES + 1)",
                       "stealth:study_size_actions(s, t, me, out)"),
        "PH_COMMIT": ("stealth:commit_choice(s, t, me, a)", "stealth:commit_actions(s, t, me, out)"),
        "PH_WINDOW": ("stealth:window_choice(s, t, me, a)", "stealth:window_actions(s, t, me, out)"),
    },
    continuations={
        "K_TURN_START": "turn:turn_start(s, t)",
        "K_TEST_NEXT": "stealth:test_next(s, t)",
        # b: the usual n, or Danger N
        "K_TEST_AFTER_FAIL": "sim.dungeonology.core.components.university:draw_students(s, t, a, b)",
        "K_TEST_CLOSE": ("stealth:close_test(s, t)", "turn:resume_turn(s, t)"),
        "K_EOT": "turn:end_of_turn(s, t, a)",
        "K_REST": "turn:rest(s, t, a)",
        "K_THESIS_FAIL": "turn:thesis_failure(s, t, a)",
        "K_END_TURN": "turn:end_turn(s, t)",
        "K_RESUME": "turn:resume_turn(s, t)",
        "K_WINDOW": "stealth:reopen_window(s)",
        "K_ESPIONAGE": "stealth:espionage_test(s, t, a, b, c)",
    },
    heuristic={  # the heuristic's handler of each phase (agents/dungeonology/heuristic)
        "PH_ACTIVITY": "agents.dungeonology.heuristic.turn:activity_decision",  # Thesis, Rest or Explore
        "PH_MOVE": "agents.dungeonology.heuristic.movement:move_decision",  # walk, draw a Zone, stop
        # Study, Espionage, Main Effect, Zone Effect, card
        "PH_ACTION": "agents.dungeonology.heuristic.turn:action_decision",
        "PH_PLACE": "agents.dungeonology.heuristic.movement:place_decision",  # where a drawn Zone goes
        "PH_PILE": "agents.dungeonology.heuristic.movement:pile_decision",  # which stack the Stairs draw from
        "PH_STUDY_N": "agents.dungeonology.heuristic.study:study_size_decision",  # how many cubes to Study
        "PH_COMMIT": "agents.dungeonology.heuristic.stealth_tests:commit_decision",  # cards for their Bonus Value
        "PH_WINDOW": "agents.dungeonology.heuristic.stealth_tests:window_decision",  # one card at a time, or pass
    },
)
