"""The adapter example of docs/ADAPTERS.md: a PettingZoo policy playing a seat."""

import numpy as np

from adapters.pettingzoo_env import env


def policy(obs):
    """A PettingZoo-style policy: observation dict in, action out (here: the highest legal action)."""
    return int(np.flatnonzero(obs["action_mask"])[-1])


def play_one_game(seed=0):
    e = env(players=3, modules="all")
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        elif agent == "player_0":
            action = policy(obs)  # our policy plays seat 0
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))  # the others: random
        e.step(action)
    return e.game.result()["winner"]


class PolicyAgent:
    """The same policy as a Python agent, for tournaments and sweeps:
    tests.example_agents.pettingzoo_policy:PolicyAgent"""

    def act(self, observation, legal_mask):
        return policy({"observation": observation.tensor, "action_mask": legal_mask.astype(np.int8)})
