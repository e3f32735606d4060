"""Rocca Civetta, the box's content in every game (module ``rocca_civetta``),
part cubes: Star Tokens (kept by ``noteboard.board_changed``), False and
Universal Information through every cube keyword (``cubes``), the New Clan
Cards' Star requirements and bonus (``clans``)."""

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.registry import Registration

REGISTRATION = Registration(
    module="rocca_civetta",
    ranges=L.ranges_of("rocca_civetta"),
    phases={"PH_RC_UNIVERSAL": ("cubes:universal_choice(s, t, me, a)", "cubes:universal_actions(s, t, me, out)")},
    continuations={"K_RC_COLLECT": "cubes:collect_cubes(s, t, a, b, c)"},
    ops={(80, 89): "cubes:exec_cube_op(s, t, op, n, actor)"},
)
