"""Procedures of the basic game: Game Setup (``setup``), the Game Turn
(``turn``), Stealth Tests (``stealth``), the end of the game (``end_game``)
and Game Scoring (``scoring``)."""
