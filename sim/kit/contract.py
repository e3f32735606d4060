"""The names a game's kernels module gives the generic machinery.

The game loop (``agents.loop``) and ISMCTS (``agents.ismcts``) are written
once, against the names below, and bound to one game by
:func:`sim.kit.instantiate.instantiate`, which rewrites their one
``from sim.kit.contract import ...`` to the game's own modules (numba freezes
the functions a compiled function calls, so the binding happens in the source,
not at run time). Nothing here is ever called: these are the declarations,
each raising if it is, so a template used without a game fails loudly.

A game's state is one flat ``int64`` array that starts with the header of
``sim.kit.header``; its tables (the rule data compiled for one configuration)
are another. Constants:

- ``MAXP``: the most seats; ``STATE_SIZE``: the state's length;
  ``MAX_LEGAL``: the longest list of legal actions; ``NUM_ACTIONS``: the
  size of the action space;
- ``NROW`` / ``NGAME``: ints per result row of a seat / of a game;
- ``PHASE_NAMES``: the name of each decision phase code (the header's ``H_PHASE``), ``NPHASES`` of them;
- ``ROLLOUT_PARAMS``: float64[k, 16], the rollout personas of ISMCTS (row k:
  the parameters of ``rollout_act``; word 15 set to 1 plays at random).
"""

from __future__ import annotations

NAMES = ("MAXP", "STATE_SIZE", "MAX_LEGAL", "NUM_ACTIONS", "NROW", "NGAME", "NPHASES", "PHASE_NAMES", "ROLLOUT_PARAMS",
         "init", "step", "legal_actions", "determinize", "evaluate", "rollout_act", "check", "write_rows",
         "write_game", "standings")
"""Every name of the contract (a game's kernels module defines them all)."""

ROLLOUT_NAMES = ("ROLLOUT_PARAMS", "rollout_act")
"""The names a bundle may take from its rollout module instead of its kernels module."""

MAXP = STATE_SIZE = MAX_LEGAL = NUM_ACTIONS = NROW = NGAME = NPHASES = 0
PHASE_NAMES: tuple[str, ...] = ()
ROLLOUT_PARAMS = None


def _unbound(name: str):
    def declared(*args: object) -> None:
        raise RuntimeError(f"sim.kit.contract.{name} is a declaration: a template calls it only once bound to a "
                           "game by sim.kit.instantiate.instantiate")

    declared.__name__ = declared.__qualname__ = name
    return declared


init = _unbound("init")
"""``init(s, t, nplayers, setup, w0, w1)``: a new game in ``s`` from the seed words; ``setup``: the
configuration's fixed choices (``Compiled.setup``, int64)."""
step = _unbound("step")
"""``step(s, t, a, buf, prof=None) -> n``: apply action ``a`` (none when ``a < 0``) and resolve until a
seat must choose; the legal actions go to ``buf``; ``n`` of them (0: the game is over). A decision with one
legal action is applied inside. ``prof``: a profile (``sim.kit.profile``) whose engine parts it may count."""
legal_actions = _unbound("legal_actions")
"""``legal_actions(s, t, buf) -> n``: the legal actions of the decision open now."""
determinize = _unbound("determinize")
"""``determinize(s, t, seat, rng)``: resample in place what ``seat`` cannot see (``rng``: a row whose
words 0-1 are a generator)."""
evaluate = _unbound("evaluate")
"""``evaluate(s, t, out)``: a reward per seat in [0, 1] into ``out`` (at the end the result, before it an
estimate)."""
rollout_act = _unbound("rollout_act")
"""``rollout_act(s, t, buf, n, params, rng) -> action``: the game's default policy (ISMCTS rollouts)."""
check = _unbound("check")
"""``check(s, t) -> code``: the invariants, 0 when they hold."""
write_rows = _unbound("write_rows")
"""``write_rows(s, t, rows, g)``: ``rows[g, seat, :NROW]`` of a finished game."""
write_game = _unbound("write_game")
"""``write_game(s, games, g, decisions, err)``: ``games[g, :NGAME]`` of a finished game."""
standings = _unbound("standings")
"""``standings(s, t, scores, ranks)``: each seat's score and rank (1: first) now."""
