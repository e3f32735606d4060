"""Agents against agents: seat-rotated tournaments (``tournament``), round-robin leagues of more agents
than seats (``league``) and their plots (``plots``); ``narrate``: a game told turn by turn
(``dungeonology play``)."""
