"""Rocca Civetta, the box's content in every game (module ``rocca_civetta``),
part cubes: Star Tokens (kept by ``noteboard.board_changed``), False and
Universal Information through every cube keyword (``cubes``), the New Clan
Cards' Star requirements and bonus (``clans``)."""
