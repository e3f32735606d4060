"""The one registry of modules: every optional rule, content set and mode of every box.

A module is the unit of an optional rule: the base box's four "Advanced
Rules", the expansion's Dependents Rules and Advanced Rules, and its modes.
Each is registered here once with its box, kind, what it requires and
excludes, the GameConfig settings it brings, the rulebook section it comes
from and whether its rules are implemented. ``GameConfig(modules=...)``, the
command line (``--modules``, ``dungeonology modules``), sweep files and fuzz
all read this registry; none keeps its own list.

>>> validate(["boss", "main_effects"])
('boss', 'main_effects')
>>> validate(["specialists"])
Traceback (most recent call last):
...
sim.kit.errors.ConfigError: modules = ["specialists"]: specialists requires main_effects
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sim.dungeonology.boxes import BASE_BOX, BOXES_DIR, MANIFEST
from sim.kit.errors import ConfigError

BOXES = (BASE_BOX, "rocca_civetta")
KINDS = ("rule", "content", "mode")
EXPEDITION = "The Expedition"  # rulebook of the base box (shared/rules/dungeonology-the-expedition.txt)
ROCCA_CIVETTA = "Rocca Civetta"  # rulebook of the expansion (shared/rules/dungeonology-rocca-civetta.txt)
RULEBOOKS = {BASE_BOX: EXPEDITION, "rocca_civetta": ROCCA_CIVETTA}
RULES_PACKAGE = "sim.dungeonology.core.rules"  # where a module's packages live unless named in full


@dataclass(frozen=True)
class Module:
    """One optional rule, content set or mode of a box.

    ``section``: the rulebook heading the module's rules stand under (a line
    of the box's rulebook). ``settings``: GameConfig fields that only mean
    something with this module (``boss`` with the Boss rule). ``bit``: its
    RULE_* flag in the compiled tables (T_RULES), 0 when the engine has none.
    ``data``: the module's own data layer, a folder of ``sim/dungeonology/data/`` below its
    box (``rocca_civetta/alchemy``) holding only the components the module
    adds; it is merged after the box, and only in games that use the module.
    ``packages``: the packages of its rules, each with a ``manifest.py``
    declaring what it adds (``sim.dungeonology.manifest``); the layout and the
    generated dispatch read them in registry order. A name without a dot is a
    package of ``sim.dungeonology.core.rules``.
    """

    name: str
    box: str
    kind: str
    section: str
    description: str
    implemented: bool = False
    bit: int = 0
    requires: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    settings: tuple[str, ...] = ()
    data: str = ""
    packages: tuple[str, ...] = ()

    @property
    def package_paths(self) -> tuple[str, ...]:
        """The packages of its rules as absolute module names."""
        return tuple(p if "." in p else f"{RULES_PACKAGE}.{p}" for p in self.packages)

    @property
    def rulebook(self) -> str:
        return RULEBOOKS.get(self.box, self.box)

    @property
    def cited(self) -> str:
        """The description with its rulebook section, on one line."""
        return f'{self.description} (rulebook: {self.rulebook}, "{self.section}")'


MODULES: dict[str, Module] = {}
"""Every registered module by name, in registration order (the order of
``validate``, ``combinations`` and the listing)."""


def register(module: Module) -> Module:
    """Add a module to the registry; its box, kind, requirements, exclusions and
    settings must be known (requires / excludes name modules registered before)."""
    if module.name in MODULES:
        raise ConfigError("a module of that name is already registered", key="module", value=module.name)
    if not module.name.isidentifier() or module.name in ("all", "none"):
        raise ConfigError("a module name is a lower-case word with underscores (not all or none)",
                          key="module", value=module.name)
    if module.box not in BOXES:
        raise ConfigError(f"unknown box (allowed: {', '.join(BOXES)})", key=f"{module.name}.box", value=module.box)
    if module.kind not in KINDS:
        raise ConfigError(f"unknown kind (allowed: {', '.join(KINDS)})", key=f"{module.name}.kind",
                          value=module.kind)
    for what in ("requires", "excludes"):
        for other in getattr(module, what):
            if other not in MODULES:
                raise ConfigError(f"names a module that is not registered (allowed: {', '.join(MODULES)})",
                                  key=f"{module.name}.{what}", value=other)
    if module.bit and (not module.implemented or any(m.bit & module.bit for m in MODULES.values())):
        raise ConfigError("a rule flag belongs to one implemented module", key=f"{module.name}.bit",
                          value=module.bit)
    if module.data and (module.data.split("/")[0] != module.box or not (BOXES_DIR / module.data / MANIFEST).is_file()):
        raise ConfigError(f"a module's data is a folder of sim/dungeonology/data/{module.box}/ with a {MANIFEST}",
                          key=f"{module.name}.data", value=module.data)
    MODULES[module.name] = module
    return module


def unregister(name: str) -> None:
    """Remove a module (for tests and experiments with toy modules); no other
    module may require or exclude it."""
    users = [m.name for m in MODULES.values() if name in m.requires or name in m.excludes]
    if users:
        raise ConfigError(f"still named by {', '.join(users)}", key="module", value=name)
    MODULES.pop(name)


def get(name: str) -> Module:
    try:
        return MODULES[name]
    except KeyError:
        raise ConfigError(f"unknown module (allowed: {', '.join(MODULES)})", key="modules", value=name) from None


def names(*, box: str | None = None, kind: str | None = None, implemented: bool | None = None) -> tuple[str, ...]:
    """The registered module names, optionally only those of a box, a kind, or
    (not) implemented."""
    return tuple(m.name for m in MODULES.values() if (box is None or m.box == box)
                 and (kind is None or m.kind == kind) and (implemented is None or m.implemented == implemented))


def base_rules() -> tuple[str, ...]:
    """The base box's advanced rules ("Advanced Rules"): what ``--modules all`` means."""
    return names(box=BASE_BOX, kind="rule")


def excluded(a: str, b: str) -> bool:
    """Whether two modules cannot be used together (either one excludes the other)."""
    return b in MODULES[a].excludes or a in MODULES[b].excludes


def problem(modules: Sequence[str]) -> str | None:
    """Why a set of known, distinct modules cannot be played (a missing
    requirement, an excluded pair, rules not implemented), or None."""
    used = set(modules)
    for name in modules:
        for need in MODULES[name].requires:
            if need not in used:
                return f"{name} requires {need}"
    for a, b in itertools.combinations(modules, 2):
        if excluded(a, b):
            first, second = (a, b) if b in MODULES[a].excludes else (b, a)
            return f"{first} excludes {second} (use one of them)"
    for name in modules:
        if not MODULES[name].implemented:
            return f"{name} is not implemented yet"
    return None


def validate(modules: Any, key: str = "modules") -> tuple[str, ...]:
    """Check a list of module names and return them in registry order.

    ConfigError (at ``key``) names an unknown module, a repeated one, a missing
    requirement ("specialists requires main_effects"), an excluded pair, or a
    module whose rules are not implemented ("floor_iv is not implemented yet")."""
    if modules is None:
        return ()
    if isinstance(modules, str) or not isinstance(modules, Sequence):
        raise ConfigError("modules is a list of module names (see `dungeonology modules`)", key=key, value=modules)
    for i, name in enumerate(modules):
        if name not in MODULES:
            raise ConfigError(f"unknown module (allowed: {', '.join(MODULES)}; see `dungeonology modules`)",
                              key=f"{key}[{i}]", value=name)
    if len(set(modules)) != len(modules):
        raise ConfigError("each module can be named once", key=key, value=list(modules))
    why = problem(modules)
    if why is not None:
        raise ConfigError(why, key=key, value=list(modules))
    return tuple(n for n in MODULES if n in modules)


def mask(modules: Sequence[str]) -> int:
    """The RULE_* bits (T_RULES) of a valid list of modules."""
    out = 0
    for name in modules:
        out |= MODULES[name].bit
    return out


def owner(setting: str) -> str | None:
    """The module that brings a GameConfig setting (``boss`` -> boss), or None."""
    return next((m.name for m in MODULES.values() if setting in m.settings), None)


def settings() -> tuple[str, ...]:
    """Every GameConfig setting a module brings (``boss``, ``panic``), in registry order."""
    return tuple(dict.fromkeys(k for m in MODULES.values() for k in m.settings))


def check_settings(modules: Sequence[str], values: Mapping[str, Any]) -> None:
    """Refuse a setting given without the module that brings it (ConfigError at the setting)."""
    for m in MODULES.values():
        for setting in m.settings:
            value = values.get(setting)
            if value is not None and m.name not in modules:
                raise ConfigError(f"{setting} is only used with the {m.name!r} module (add it to modules)",
                                  key=setting, value=value)


def combinations() -> list[tuple[str, ...]]:
    """Every playable combination of the implemented modules, by size, the basic
    game first, each in registry order (16 for the base box's four rules)."""
    pool = names(implemented=True)
    return [c for k in range(len(pool) + 1) for c in itertools.combinations(pool, k) if problem(c) is None]


def boxes_in_use(modules: Iterable[str]) -> tuple[str, ...]:
    """The data a game with these modules needs, in merge order: the base box
    first, then the other boxes in the order of BOXES, each followed by the
    data layers of its modules in use (``rocca_civetta/alchemy``), in registry order."""
    chosen = set(modules)
    used = {MODULES[name].box for name in chosen} | {BASE_BOX}
    out: list[str] = []
    for box in BOXES:
        if box in used:
            out.append(box)
            out += [m.data for m in MODULES.values() if m.box == box and m.data and m.name in chosen]
    return tuple(out)


def describe() -> list[dict[str, Any]]:
    """The registry as rows (what ``dungeonology modules`` prints)."""
    return [{"name": m.name, "box": m.box, "kind": m.kind, "requires": list(m.requires),
             "excludes": sorted({*m.excludes, *(o.name for o in MODULES.values() if m.name in o.excludes)},
                                key=list(MODULES).index),
             "settings": list(m.settings), "implemented": m.implemented, "description": m.cited}
            for m in MODULES.values()]


# ---------------------------------------------------------------- base box
register(Module("boss", BASE_BOX, "rule", "Boss", "a Boss Card and Model roam the Dungeon and hinder the Scholars; "
                "Setup G", implemented=True, bit=1, settings=("boss",),
                packages=("boss",)))
register(Module("dangerous_zones", BASE_BOX, "rule", "Dangerous Zones", "every Zone Effect printed on a Zone is "
                "resolved, not only the Stairs", implemented=True, bit=2,
                packages=("dangerous_zones",)))
register(Module("maximum_alert", BASE_BOX, "rule", "Maximum Alert", "a Panic Card under the Alert Card and the "
                "Maximum Alert end of game; Setup I", implemented=True, bit=4,
                settings=("panic",), packages=("maximum_alert",)))
register(Module("main_effects", BASE_BOX, "rule", "Main Effects", "Trick Cards' Main Effects, Intern Cards and "
                "Zone Effect Tokens; Setup L", implemented=True, bit=8,
                packages=("main_effects",)))

# ------------------------------------------------------------ Rocca Civetta
# The module rocca_civetta is the box's content that joins every game ("New
# Scholars", "New Clan Cards": "used in all Dungeonology games"): its data is
# the box folder itself. Every other module of the box requires it, so a game
# that uses any part of the expansion has its Scholars, Clans and cards. A
# module with its own components (Trick Card types, Research, Congregations)
# has a data layer below the box, merged only when it is used (``data``).
register(Module("rocca_civetta", "rocca_civetta", "content", "New Components", "the expansion's Scholars, Clan "
                "Cards (with Star requirements), Star Tokens, False and Universal Information, Interns, Jinx and "
                "Panic Cards in every game", implemented=True,
                packages=("rocca_civetta", "rc_scholars", "rc_cards")))
register(Module("alchemy", "rocca_civetta", "content", "Alchemy Cards", "18 Alchemy Trick Cards and 3 Fate Trick "
                "Cards added to the deck", implemented=True, requires=("rocca_civetta",), data="rocca_civetta/alchemy",
                packages=("alchemy",)))
register(Module("specialists", "rocca_civetta", "content", "Specialists Cards", "18 Specialists Trick Cards and "
                "3 Fate Trick Cards added to the deck", implemented=True, requires=("main_effects", "rocca_civetta"),
                data="rocca_civetta/specialists", packages=("specialists",)))
register(Module("spriggan", "rocca_civetta", "content", "Spriggan Cards", "4 Spriggan Trick Cards and the "
                "Spriggan Intern Card", implemented=True, requires=("main_effects", "rocca_civetta"),
                data="rocca_civetta/spriggan", packages=("spriggan",)))
register(Module("floor_iv", "rocca_civetta", "content", "Floor IV Zones", "a fourth Floor of Zones holding False "
                "and Universal Information", requires=("dangerous_zones", "rocca_civetta")))
register(Module("familiars", "rocca_civetta", "content", "Familiars", "the Yocca and Manticore Familiars, engaged "
                "in Floor IV Zones", requires=("floor_iv",)))
register(Module("research", "rocca_civetta", "rule", "Research Cards", "three face-up Research Cards whose quests "
                "score bonus points", requires=("rocca_civetta",), implemented=True, bit=1 << 12,
                data="rocca_civetta/research", packages=("research",)))
register(Module("congregations", "rocca_civetta", "rule", "Student Congregations", "Phi, Zeta, Iota and Lambda "
                "Students in the University, with their effects", requires=("rocca_civetta",), implemented=True,
                bit=512, data="rocca_civetta/congregations", settings=("congregations",),
                packages=("congregations",)))
register(Module("omega_against_all", "rocca_civetta", "mode", "Omega Against All", "Omega, an automaton seat "
                "with the Omega Deck and Tome of Secrets, plays against every Scholar", requires=("rocca_civetta",)))
register(Module("solo", "rocca_civetta", "mode", "Solitary Mode", "one Scholar against Omega and the Omega Deck",
                requires=("rocca_civetta",), excludes=("omega_against_all",)))
# Big Boss modes ("Big Boss"): one Big Boss is the Boss of the game, so each
# needs the Boss rule and excludes the other Big Boss modes.
_BIG_BOSS: list[str] = []
for _name, _title, _boss, _extra in (
        ("winter_is_coming", "Winter is Coming", "Freddo", ()),
        ("the_brood", "The Brood", "Mamma Basilisco (Mother Basilisk)", ()),
        ("egg_hunting", "Egg Hunting", "Marconiglio", ("floor_iv",)),  # "Floor IV Zones ... cannot be used"
        ("cursed_temple", "Cursed Temple", "Enrico Giovanni", ()),
        ("goddess_of_the_sea", "Goddess of the Sea", "Scilla and Cariddi (two Boss Cards)", ())):
    register(Module(_name, "rocca_civetta", "mode", "Big Boss", f"Big Boss mode {_title}, with {_boss} as the "
                    "Boss of the game", requires=("boss", "rocca_civetta"), excludes=(*_BIG_BOSS, *_extra)))
    _BIG_BOSS.append(_name)
del _name, _title, _boss, _extra
