"""The numba core: pure functions over the state and table arrays (see sim.dungeonology.layout),
in packages that follow the rulebook (docs/CORE.md):

* ``engine``: how code is compiled, chance, the continuation stack, applying
  actions, legal actions, the dispatch by registered ranges, entry loops;
* ``components``: Scholars, the Note Board, the Dungeon, the University,
  the decks, Stun Tokens, the Randomizer Deck;
* ``procedures``: Game Setup, the Game Turn, Exploration, Stealth Tests, the
  end of the game, Game Scoring;
* ``effects``: the effect interpreter and the basic game's opcodes;
* ``rules``: one package per advanced rule (module);
* ``checks``: invariants and determinization.
"""
