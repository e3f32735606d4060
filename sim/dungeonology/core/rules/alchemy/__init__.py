"""The Alchemy Cards of Rocca Civetta ("Alchemy Cards"): data only (``manifest``)."""
