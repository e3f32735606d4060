"""The hook points of the basic game: where its procedures call what the modules add.

A module's manifest names the points it extends (:class:`sim.dungeonology.manifest.Hook`);
``sim.dungeonology.core.engine.generate`` writes one dispatcher per point, a plain
chain of the providers' calls in order (``Hook.order``, then manifest order), each
behind its module's rule bit unless the hook is ``always``. The dispatchers are
``inline_kernel``: numba copies them into the procedure that calls them, so a point
costs what its providers' calls cost (a thin provider, a few lines where the
procedure had them, is an ``inline_kernel`` too: no call, no function of its own
to compile). They live in ``dispatch_<home>.py`` (one
module per layer of callers, so that a provider may use the procedures below it).

Kinds (how the providers' answers combine):

* ``call``: each provider runs;
* ``any``: True at the first provider that answers True (the others do not run),
  else False: "a module handled it";
* ``all``: False at the first provider that answers False, else True;
* ``sum``: the sum of the answers (0 without providers);
* ``fold``: the argument named ``thread`` goes through each provider in turn
  (each returns its new value): a count of actions written, Students left...;
* ``check``: the first answer that is not 0 (0 without providers);
* ``value``: the first provider's answer, else ``default``;
* ``one``: exactly one provider, always made: a procedure of the basic game that a
  module's package implements (its state is the module's, and empty without it).
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("call", "any", "all", "sum", "fold", "check", "value", "one")


@dataclass(frozen=True)
class Point:
    """One hook point: ``name`` (what a Hook names), the generated module ``home``
    (``dispatch_<home>.py``), the dispatcher's arguments, its kind, what it is for
    (the rulebook's words where it has any), ``thread`` (fold), ``default`` (value)."""

    name: str
    home: str
    args: tuple[str, ...]
    kind: str
    doc: str
    thread: str = ""
    default: str = ""


def _p(name: str, home: str, args: str, kind: str, doc: str, **kw: str) -> Point:
    return Point(name, home, tuple(a.strip() for a in args.split(",")), kind, doc, **kw)


POINTS: tuple[Point, ...] = (
    # ------------------------------------------------------------- engine: step, legal
    _p("decision_action", "engine", "s, t, ph, me, a", "any",
       "An action a module lets a seat take at any decision (a Research claim): applied, the decision stays open."),
    _p("decision_actions", "engine", "s, t, ph, me, out, n", "fold",
       "Actions a module adds to every decision of the seat (Research claims) after the phase's own n.",
       thread="n"),
    # ------------------------------------------------------------- setup
    _p("setup_after_deal", "setup", "s, t", "call",
       "Game Setup after the deal (E): the Boss Card (G), the Panic Card (I)."),
    _p("setup_before_university", "setup", "s, t", "call",
       "Game Setup before the University is filled (O): the Students of the Congregations."),
    _p("setup_end", "setup", "s, t", "call",
       "Game Setup's last steps before the first turn: the Intern deck and tokens (L), Research Cards."),
    _p("zone_in_game", "setup", "s, t, z", "all",
       "Zone tile z takes part in this game (Setup N; Camp Z only with its Scholar)."),
    _p("exhausted_reason", "end_game", "s, t", "value",
       "The end reason (END_*) when no cube is left in the Dungeon and no Zone can be placed.",
       default="L.END_DUNGEON_EXHAUSTED"),
    # ------------------------------------------------------------- the University
    _p("university_fill", "university", "s, t, grey, setup", "fold",
       "Students entering the University (Setup O, an Alert Card space): a module's enter first, "
       "each in place of a standard one; returns the standard Students still to enter.", thread="grey"),
    _p("draw_students_instead", "university", "s, t, seat, n", "any",
       "A draw of n Students out of the University that a module resolves its own way."),
    _p("sacrifice_instead", "university", "s, t, seat, n", "any",
       "A Sacrifice of n of the seat's Students that a module resolves its own way (which of them: a choice)."),
    _p("alert_card_full", "university", "s, t", "any",
       "An Omega Student finds no free space on the Alert Card: a module's rule instead of the last round."),
    _p("thesis_succeeded", "turn", "s, t, seat", "call", "A Thesis was Submitted with SUCCESS."),
    # ------------------------------------------------------------- the turn
    _p("turn_start_end", "turn", "s, t", "check",
       "At the start of a turn: an end of the game a module's rule finds (END_*), 0 none."),
    _p("turn_starts", "turn", "s, t, cur", "call", "The current player's turn starts (before she acts)."),
    _p("inactive_turn", "turn", "s, t, cur", "any",
       "The turn of a Scholar no longer in the game: a module's effects reach her (then the turn ends)."),
    _p("turn_begins", "turn", "s, t, cur", "any",
       "The current player's turn begins: a module decides how (instead of the Activity)."),
    _p("thesis_requirements", "turn", "s, t, seat, clan", "all",
       "Submit the Thesis: what a SUCCESS needs beyond the Clan Card's Target Score."),
    _p("skips_end_of_turn_draw", "turn", "s, t", "any",
       "The End of Turn Phase draws no Student (a module's rule replaces it)."),
    _p("before_turn_ends", "turn", "s, t", "any",
       "First thing when the turn ends: a module opens a decision (the turn's end runs again after it)."),
    _p("turn_ends", "turn", "s, t", "any",
       "The turn ends (its registers reset): a module ends the game or the turn its own way."),
    # ------------------------------------------------------------- exploration
    _p("own_turn_action", "exploration", "s, t, me, a", "any",
       "An action of a module in the current player's Movement / Action Phase (applied)."),
    _p("movement_actions", "exploration", "s, t, me, z, out, n", "fold",
       "Movement Phase moves a module adds (Secret Passages), with Speed left.", thread="n"),
    _p("own_turn_plays", "exploration", "s, t, me, out, n", "fold",
       "Plays a module adds in the current player's own phases, outside the Starting Zone (Main Effects).",
       thread="n"),
    _p("own_turn_actions", "exploration", "s, t, me, out, n", "fold",
       "Actions a module adds in the current player's own phases (Congregation Students' effects).", thread="n"),
    _p("action_phase_actions", "exploration", "s, t, me, z, out, n", "fold",
       "Actions a module adds in the Action Phase while the turn's Action is not taken (Action Zone Effects).",
       thread="n"),
    _p("enter_zone", "zones", "s, t, seat, z", "one",
       "A Scholar enters Zone z: the Incoming Effects (may open a decision: callers push their follow-up first)."),
    # ------------------------------------------------------------- Stealth Tests
    _p("zone_alert_modifier", "stealth", "s, t, z", "sum",
       "What a module adds to the Alert Value of Zone z (the Boss's Alert Modifier)."),
    _p("stealth_declared", "stealth", "s, t", "call",
       "The Stealth Value has been declared (Good / Bad Luck, an Intern taken)."),
    _p("cubes_guarded", "stealth", "s, seat, z", "any",
       "A module keeps the seat from collecting the cubes of Zone z (an opponent's Iota Student)."),
    _p("collect_cubes", "stealth", "s, t, seat, z, n", "one", "Collect n cubes of Zone z, from the left."),
    _p("failure_students", "stealth", "s, t, seat, z", "one",
       "Students drawn after failing a Stealth Test in Zone z."),
    _p("test_window_plays", "stealth", "s, t, me, out, n", "fold",
       "Plays a module adds in a Stealth Test window (Main Effects, gold-symbol effects).", thread="n"),
    _p("lose_cubes", "cubes", "s, t, seat, c, n, mode, other", "one",
       "The seat Loses n cubes of colour c (mode PRM_*: Eliminated, Stolen by `other`)."),
    # ------------------------------------------------------------- Priority and plays out of turn
    _p("instant_open", "priority", "s, t, seat", "any",
       "A module's play open to the seat in a Priority decision (an Instant Main Effect, a gold symbol)."),
    _p("priority_plays", "priority", "s, t, me, out, n", "fold",
       "Plays a module adds to a Priority decision.", thread="n"),
    _p("module_play", "priority", "s, t, me, a", "any",
       "A module's play (a Main Effect declared, a Student's effect used) out of the own phases: applied."),
    # ------------------------------------------------------------- effect steps
    _p("drop_kept", "steps", "s, t, me, c", "any",
       "A Drop of colour c the seat's module lets her refuse (a Protected cube): the decision is opened."),
    # ------------------------------------------------------------- scoring
    _p("score_bonus", "scoring", "s, t, seat", "sum",
       "Points a module adds to the seat's total at Game Scoring (Interns, Research, Clan Stars)."),
    # ------------------------------------------------------------- checks
    _p("check", "checks", "s, t", "check", "A module's invariants: 0, or the code of the first one violated."),
    _p("grey_held", "checks", "s, t", "sum",
       "Grey Students a module holds aside, for their conservation (a draw in progress)."),
    _p("omegas_held", "checks", "s, t", "sum", "Omega Students a module holds aside, for their conservation."),
    _p("determinize_zones", "checks", "s, t, seat, rng", "call",
       "Determinization, after the Zone stacks: what a module hides on the board (face-down Trap Tokens)."),
    _p("determinize_cards", "checks", "s, t, seat, rng", "call",
       "Determinization, after the Clan Card: a module's hidden cards (the Panic Card, the Research deck)."),
    # ------------------------------------------------------------- observation
    _p("observe", "observation", "s, t, viewer, out, h", "call",
       "Observation tensor: what a module hides of its sections, and its header blocks (from out[h])."),
)
BY_NAME = {p.name: p for p in POINTS}
assert len(BY_NAME) == len(POINTS) and all(p.kind in KINDS for p in POINTS)
