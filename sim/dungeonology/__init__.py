"""Dungeonology: The Expedition and its expansion Rocca Civetta: the rules
engine (``core``), its layout, data, schema, loader, scenario builder and
Python surface (``config``, ``game``, ``view``, ``observation``)."""
