"""The Maximum Alert advanced rule ("Maximum Alert"): see ``maximum_alert``."""

from sim.core.engine.registry import Registration  # noqa: E402

REGISTRATION = Registration(
    module="maximum_alert",
    ranges={"PH": ((24, 27),), "K": ((24, 27),), "OP": ((35, 39),)},
    continuations={"K_MA_EXPLORE": "sim.core.procedures.turn:begin_explore(s, t, s[L.S_CUR])"},
)
