"""Array layouts of the numba core: the game state, the rule tables, the
action space and the codes they hold.

The whole game state is ONE flat ``int64`` array (``state``); the rule data
compiled for one configuration is another (``tables``). Every field has a
name, an offset and a length; the core never uses a bare index. Sizes are
fixed maxima, sized for the base box and Rocca Civetta, so offsets are
compile-time constants for numba. The basic game's sections, codes and verbs
are declared in the modules below; each module's in its manifest
(``sim.dungeonology.manifest``), read in manifest order
(:mod:`sim.dungeonology.layout.manifests`). ``from sim.dungeonology import layout as L``
gives every name of:

* :mod:`sim.dungeonology.layout.limits` - the maxima (and LAYOUT_VERSION);
* :mod:`sim.dungeonology.layout.codes` - passives, stats, timings, Zone Effect
  kinds, end reasons, the basic game's decision phases and continuations;
* :mod:`sim.dungeonology.layout.module_codes` - the modules' rule bits, codes,
  phases and number ranges;
* :mod:`sim.dungeonology.layout.ops` - the table of effect ops (OP_*, OPCODES, ...);
* :mod:`sim.dungeonology.layout.state` - the state sections (S_*, PF_*);
* :mod:`sim.dungeonology.layout.tables` - the table sections (T_*);
* :mod:`sim.dungeonology.layout.actions` - the action ranges (A_*, VERBS);
* :mod:`sim.dungeonology.layout.obs_header` - the observation tensor's header (H_*).

:mod:`sim.dungeonology.layout.describe` lists the sections for docs/ACTIONS.md.
"""

from __future__ import annotations

from sim.dungeonology.layout.actions import *  # noqa: F403
from sim.dungeonology.layout.codes import *  # noqa: F403
from sim.dungeonology.layout.limits import *  # noqa: F403
from sim.dungeonology.layout.module_codes import *  # noqa: F403 (after codes: the full PHASES)
from sim.dungeonology.layout.obs_header import *  # noqa: F403
from sim.dungeonology.layout.ops import *  # noqa: F403
from sim.dungeonology.layout.state import *  # noqa: F403
from sim.dungeonology.layout.tables import *  # noqa: F403
