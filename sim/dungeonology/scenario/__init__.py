"""Scenario builder: set up a specific situation and play on from it.

Tests and designers describe a position with a fluent API and get a normal
:class:`sim.dungeonology.game.Game` back (made by :func:`sim.dungeonology.game.game_from_state`, so
``record()`` carries the ``initial_state`` and ``replay`` rebuilds the game)::

    from sim import GameConfig
    from sim.dungeonology.scenario import Scenario

    g = (Scenario(GameConfig(players=2, scholars=["Sofia", "Valerio"], clan="Blood Worshipers"), seed=1)
         .place_zone("I-3", x=0, y=-1, rotation=0)     # off its stack; cubes from the Reserve
         .move("Sofia", "I-3")                         # a seat index or a Scholar name
         .cubes("Valerio", militia=2, civilization=1)  # Reserve <-> Note Board
         .hand("Sofia", ["Lantern", "Smoke Bomb"])      # from the deck; the old hand goes back
         .deck_top(["Fate 5", "Crystal Ball"])         # the next cards drawn, first listed first
         .students("Sofia", 2).stun("Valerio", 1).alert_omegas(1)
         .jinx("Sofia", "Twisted Ankle", face="up")
         .turn("Sofia", phase="action")
         .build())

How it works. ``Scenario(config, seed)`` runs Game Setup A-P exactly like
:func:`sim.dungeonology.game.new_game` (same seed, same deal) but does not start playing.
Every operation then moves components between the places where the rules
keep them, so everything finite stays conserved and ``g.check_invariants()``
is None after ``build()``:

* Information Cubes, grey and Omega Students, Stun and Knowledge Tokens come
  from (and go back to) the Reserve; Zone tiles come off their Floor stack;
  Trick Cards come from the deck (then the discard pile); Jinx Cards from the
  Jinx deck (then its discards); with the Main Effects rule, Intern Cards
  from the Intern deck or their owner (``intern``), Zone Effect Tokens from
  their supply (``trap``, ``teleport``, ``secret_passage``).
* Derived fields are never set by hand; they are recomputed with the core's
  own functions: Stars, Study Bonus arrows, Exalted sides and the Knowledge
  Combo with ``sim.dungeonology.core.components.noteboard.board_changed`` (after every ``cubes`` call the
  whole table is derived afresh: every Scholar with fewer Stars than the most
  is Exalted), Links, Stairs and Walls with ``sim.dungeonology.core.components.dungeon.place_tile``.
  There is deliberately no way to set Exalted, Stars or Links directly.
* Impossible requests raise :class:`sim.kit.errors.ConfigError` with a message
  saying what is wrong: unknown names, an occupied cell, a tile already
  placed, no such card / cube / Student left, Stun above Stamina, ... An
  operation that raises changes nothing (the builder stays usable).
* ``hand`` and ``deck_top`` compose: ``hand`` never takes cards put on top by
  ``deck_top`` / ``deck``, and returns the old hand to the bottom of the deck.

Positions: the Starting Zone is at (0, 0); north is ``y - 1``, east ``x + 1``;
``rotation`` is in quarter turns clockwise (see ``sim.dungeonology.core.components.dungeon``).

Operations (all return the builder):

==========================================  ==================================================
``place_zone(zone, x, y, rotation=0,``      put a tile from its stack on the grid (it must
``stair_to=None, entered=False)``           touch a placed Zone); ``stair_to`` names the
                                            Zone of another Floor it is joined to by Stairs
``zone_cubes(zone, [colour or None])``      the Zone's cube spaces, left to right
``stack_top(floor, [zones])``               the next tiles drawn from a Floor stack
``move(who, zone)``                         stand a Scholar in a placed Zone (marked entered)
``cubes(who, **{colour: count})``           set Note Board columns
``knowledge(who)``                          give the Knowledge Token
``students(who, n)`` / ``stun(who, n)``     set Students / Stun Tokens
``hand(who, [cards])``                      set a hand
``deck_top([cards])``                       the next cards drawn (drawn before earlier ones)
``deck([cards])``                           the whole deck; every other deck card is discarded
``card_type(card, type)``                   a Trick Card kind's Type (the data override
                                            ``cards.<card>.type``)
``clan(name)``                              the Clan Card drawn; the others: the Clan pile
``jinx(who, name, face="up"|"down")``       hand a Jinx Card to a Scholar
``jinx_top([names])``                       the next Jinx Cards drawn
``alert_omegas(k)``                         Omega Students on the Alert Card (top spaces)
``university(students=, omega=)``           the bag's contents
``university_order(["grey", "omega"])``     the next Students drawn out of the bag, in order
``bonfire(n)``                              grey Students at the Campus Bonfire
``congregation_students(who, iota=1, ...)`` Congregation Students held (Student Congregations)
``university_congregation(zeta=1, ...)``    Congregation Students in the University bag
``bonfire_order(["grey", "iota"])``         the Bonfire's Students in order from the arrow
``zone_student(zone, who)``                 an Iota Student standing in a Zone (its owner)
``panic(name)``                             the face-down Panic Card (Maximum Alert rule)
``max_alert()``                             trigger Maximum Alert now (the full procedure)
``submitted(who)``                          a successful Thesis already delivered (in order)
``first_player(who)``                       the first player (round counting)
``randomizer([card, ...])``                 the next Randomizer cards drawn (an index or a
                                            table of fields such as ``{"passage": "N1"}``)
``draw_first_player()``                     Setup D again with the Randomizer
``ages([youngest, ...])``                   the tie-break age order
``turn(who, phase="start", speed=None)``    whose turn and which decision is open (or a step
                                            of the End of Turn Phase: ``end_of_turn``,
                                            ``end_of_turn_jinx``, ``end_of_turn_draw``)
``boss(name, profile)``                     the Boss Card and profile in use (Boss rule)
``boss_at(zone or None)``                   the Boss model's Zone (None: not in the Dungeon)
``boss_done()``                             the Boss Effect already activated this turn
``research_face_up([names])``               the Research Cards face up (Research Cards rule)
``research_deck_top([names])``              the next Research Cards drawn
``research_completed(who, [names])``        Research Cards a Scholar has completed
``research_done()``                         a Quest already completed this turn
==========================================  ==================================================

``turn`` phases: ``"start"`` (the default: the turn begins, with its forced
Activities and the Thesis clock), ``"activity"`` (choose Rest / Thesis /
Explore), ``"movement"`` (Explore chosen; ``speed`` defaults to the Scholar's
Speed) and ``"action"`` (the Action Phase, no Speed left unless given).
Without ``turn`` the game starts with the first player's turn, as set up.

``who`` is a seat index or a Scholar name; colours are the cube names
(``civilization``, ``militia``, ...), cards and Jinx Cards their names in the
data, floors ``"I"``/``"II"``/``"III"`` or 1-3.

The outcome of the Stealth Test that resolved last (who, the declared and
final Stealth Value, the Alert Value, success) is ``Game.to_dict()["last_test"]``.

``pick(game, text)`` and ``do(game, *texts)`` find and apply legal actions by their
description (``Game.action_to_string``), e.g. ``do(g, "Study", "Study 1 cube")``.

Note: ``Game`` resolves forced decisions on its own (a decision with one
legal action is applied), so the first open decision after ``build()`` may
be later than the one set up when that one had a single choice.
"""

from __future__ import annotations

from sim.dungeonology.layout.manifests import MANIFESTS, resolve
from sim.dungeonology.scenario.builder import FLOOR_NAMES, PHASES
from sim.dungeonology.scenario.campus import CampusSetup
from sim.dungeonology.scenario.cards import CardSetup
from sim.dungeonology.scenario.dungeon import DungeonSetup
from sim.dungeonology.scenario.noteboard import NoteBoardSetup
from sim.dungeonology.scenario.playing import do, pick
from sim.dungeonology.scenario.turn import TurnSetup

__all__ = ["FLOOR_NAMES", "PHASES", "Scenario", "do", "pick"]

# each module's operations (its manifest's ``scenario`` class), in manifest order, before the turn's
MODULE_SETUPS = tuple(resolve(package, m.scenario) for package, m in MANIFESTS.items() if m.scenario)


class Scenario(DungeonSetup, NoteBoardSetup, CardSetup, CampusSetup, *MODULE_SETUPS, TurnSetup):
    """Fluent builder of a game position (see the module docstring)."""
