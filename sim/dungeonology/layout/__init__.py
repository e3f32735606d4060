"""Array layouts of the numba core: the game state, the rule tables, the
action space and the codes they hold.

The whole game state is ONE flat ``int64`` array (``state``); the rule data
compiled for one configuration is another (``tables``). Every field has a
name, an offset and a length; the core never uses a bare index. Sizes are
fixed maxima, sized for the base box and Rocca Civetta, so offsets are
compile-time constants for numba. ``from sim.dungeonology import layout as L`` gives every
name of the modules below:

* :mod:`sim.dungeonology.layout.limits` - the maxima (and LAYOUT_VERSION);
* :mod:`sim.dungeonology.layout.codes` - passives, stats, timings, rule bits, Zone Effect
  kinds, end reasons, decision phases, continuations, number ranges per part;
* :mod:`sim.dungeonology.layout.ops` - the table of effect ops (OP_*, OPCODES, ...);
* :mod:`sim.dungeonology.layout.state` - the state sections (S_*, PF_*);
* :mod:`sim.dungeonology.layout.tables` - the table sections (T_*);
* :mod:`sim.dungeonology.layout.actions` - the action ranges (A_*, VERBS).

:mod:`sim.dungeonology.layout.describe` lists the sections for docs/ACTIONS.md.
"""

from __future__ import annotations

from sim.dungeonology.layout.actions import *  # noqa: F403
from sim.dungeonology.layout.codes import *  # noqa: F403
from sim.dungeonology.layout.limits import *  # noqa: F403
from sim.dungeonology.layout.ops import *  # noqa: F403
from sim.dungeonology.layout.state import *  # noqa: F403
from sim.dungeonology.layout.tables import *  # noqa: F403
