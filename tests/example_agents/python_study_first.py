"""The worked Python agent of docs/AGENTS.md: any object with act(observation, legal_mask)."""

import numpy as np

from sim.dungeonology import layout as L


class StudyFirst:
    """Study whenever it is legal; otherwise a random legal action."""

    def reset(self, seat, seed):  # optional: called before every game
        self.rng = np.random.default_rng(seed)

    def act(self, observation, legal_mask):
        if legal_mask[L.A_STUDY]:
            return L.A_STUDY
        return int(self.rng.choice(observation.legal_actions))
