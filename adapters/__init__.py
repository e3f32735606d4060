"""Adapters to the interfaces game-AI code expects: a PettingZoo AEC environment
(:mod:`adapters.pettingzoo_env`), an OpenSpiel game (:mod:`adapters.openspiel_game`,
registered as ``python_dungeonology`` and ``python_leduc``) and a single-seat Gymnasium environment
(:mod:`adapters.gymnasium_env`). Each needs the optional extra ``adapters``
(``pip install -e ".[adapters]"``); this package imports none of them itself.
"""

from adapters.common import game_config

__all__ = ["game_config"]
