"""A toy module that shows how a module plugs in (docs/ADDING_A_MODULE.md): the Bell.

At the end of each of her turns the current player may ring the Bell; each ring is worth
one point at Game Scoring. It adds a decision phase, an action verb, a state section and a
player field, a hook at the end of the turn, a scoring hook, an invariant, a result column,
the words of its action and the heuristic's handler of its phase: all in this folder.
"""
