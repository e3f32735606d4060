"""Array layouts of the numba core: the game state, the rule tables, the
action space and the codes they hold.

The whole game state is ONE flat ``int64`` array (``state``); the rule data
compiled for one configuration is another (``tables``). Every field has a
name, an offset and a length; the core never uses a bare index. Sizes are
fixed maxima, sized for the base box and Rocca Civetta, so offsets are
compile-time constants for numba. ``from sim import layout as L`` gives every
name of the modules below:

* :mod:`sim.layout.limits` - the maxima (and LAYOUT_VERSION);
* :mod:`sim.layout.codes` - passives, stats, timings, rule bits, Zone Effect
  kinds, end reasons, decision phases, continuations, number ranges per part;
* :mod:`sim.layout.ops` - the table of effect ops (OP_*, OPCODES, ...);
* :mod:`sim.layout.state` - the state sections (S_*, PF_*);
* :mod:`sim.layout.tables` - the table sections (T_*);
* :mod:`sim.layout.actions` - the action ranges (A_*, VERBS).

:mod:`sim.layout.describe` lists the sections for docs/ACTIONS.md.
"""

from __future__ import annotations

from sim.layout.actions import *  # noqa: F403
from sim.layout.codes import *  # noqa: F403
from sim.layout.limits import *  # noqa: F403
from sim.layout.ops import *  # noqa: F403
from sim.layout.state import *  # noqa: F403
from sim.layout.tables import *  # noqa: F403
