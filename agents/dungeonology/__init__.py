"""Dungeonology's own agents: the heuristic family (``heuristic``) and its rollout policy for ISMCTS."""
