"""Game components (rulebook "Game Components"): the Scholars and their
cards (``scholars``), the Note Board (``noteboard``), the Dungeon
(``dungeon``), the University, Bonfire and Alert Card (``university``), the
Trick and Jinx decks (``decks``), Stun Tokens (``stun``) and the Randomizer
Deck (``randomizer``)."""

from sim.dungeonology.core.engine.registry import Registration

REGISTRATION = Registration(
    module="base",
    phases={"PH_JINX": ("decks:discard_jinx(s, t, a - L.A_JINX)", "decks:jinx_actions(s, t, me, out)")},
)
