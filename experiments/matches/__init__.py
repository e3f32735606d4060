"""Agents against agents of any game: seat-rotated tournaments (``tournament``), round-robin leagues of more
agents than seats (``league``) and their plots (``plots``)."""
