"""The Spriggan Cards (Rocca Civetta, "Spriggan Cards"): "a Bonus Value of 8 that you can use
to declare your Stealth Value. The Scholar who uses it takes the Spriggan Intern Card from the
Intern deck or from the Scholar who currently owns it" (a card kind's ``declare_intern``,
T_RC_DECLARE_INTERN)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.rules.main_effects.interns import gain_intern
from sim.kit.jit import kernel


@kernel
def declared_interns(s, t):
    """The Stealth Value is declared: whoever used the Bonus Value of a kind
    with ``declare_intern`` (the Spriggan) takes its Intern (Main Effects rule)."""
    if (t[L.T_RULES] & L.RULE_MAIN_EFFECTS) == 0:
        return
    for k in range(t[L.T_NKINDS]):
        if t[L.T_RC_DECLARE_INTERN + k] == 1 and s[L.S_PLAYED + k] > 0:
            i = t[L.T_KIND_INTERN + k] - 1
            if i >= 0:
                gain_intern(s, t, s[L.S_T_ACTIVE], i)
