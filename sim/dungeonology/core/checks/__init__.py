"""Checks of a game state: invariants (``invariants``) and the
determinization for information-set search (``determinize``)."""
