"""Game components (rulebook "Game Components"): the Scholars and their
cards (``scholars``), the Note Board (``noteboard``), the Dungeon
(``dungeon``), the University, Bonfire and Alert Card (``university``), the
Trick and Jinx decks (``decks``), Stun Tokens (``stun``) and the Randomizer
Deck (``randomizer``)."""
