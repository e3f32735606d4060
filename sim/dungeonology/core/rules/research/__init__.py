"""The Research Cards advanced rule of Rocca Civetta ("Research Cards"): see
``research``. A claim is an action of the current player at her decisions
(``claim_actions`` adds it, ``sim.dungeonology.core.engine.step`` applies it and reopens
the decision) and at the End of Turn claim point, the phase registered here."""
