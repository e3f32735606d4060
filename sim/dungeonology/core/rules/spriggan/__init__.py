"""The Spriggan Cards of Rocca Civetta ("Spriggan Cards"): the Intern taken by whoever declares a
Stealth Value with a Spriggan's Bonus Value (``cards``)."""
