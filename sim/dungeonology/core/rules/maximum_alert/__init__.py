"""The Maximum Alert advanced rule ("Maximum Alert"): see ``maximum_alert``."""

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.registry import Registration

REGISTRATION = Registration(
    module="maximum_alert",
    ranges=L.ranges_of("maximum_alert"),
    continuations={"K_MA_EXPLORE": "sim.dungeonology.core.procedures.turn:begin_explore(s, t, s[L.S_CUR])"},
)
