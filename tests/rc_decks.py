"""The module sets and the data the Rocca Civetta card tests share (test_rc_cards.py, test_rc_components.py)."""

from __future__ import annotations

from sim.dungeonology import modules as M
from sim.dungeonology.loader import load_data

RC = ("rocca_civetta",)
ME_RC = ("main_effects", "rocca_civetta")
ALCHEMY = ("rocca_civetta", "alchemy")
SPECIALISTS = (*ME_RC, "specialists")
SPRIGGAN = (*ME_RC, "spriggan")
ALL = (*ME_RC, "alchemy", "specialists", "spriggan")


def box_data(modules):
    """The loaded data of the boxes ``modules`` use."""
    return load_data(None, None, M.boxes_in_use(modules)).data
