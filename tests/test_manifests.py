"""Each package declares what it adds in its manifest (sim/dungeonology/manifest.py): the base
core imports no rule package and tests no rule bit, every hook names a point of the basic game
with its arguments, every section of the layout says what it holds and whose it is, and the
generated hook chains put each call behind its module's rule bit."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from sim.dungeonology import layout as L
from sim.dungeonology import modules as M
from sim.dungeonology.core.engine import generate as G
from sim.dungeonology.core.engine import hookgen
from sim.dungeonology.core.engine.points import BY_NAME, POINTS
from sim.dungeonology.core.engine.registry import RegistryError, manifests
from sim.dungeonology.manifest import VISIBILITIES, Hook, Manifest

ROOT = Path(__file__).resolve().parents[1]
BASE_CORE = [p for part in ("engine", "components", "procedures", "effects", "checks")
             for p in sorted((ROOT / "sim" / "dungeonology" / "core" / part).glob("*.py"))]
GENERATORS = ("generate.py", "gentext.py", "hookgen.py", "points.py", "registry.py", "regenerate.py")


def test_the_base_core_imports_no_rule_package_and_tests_no_rule_bit() -> None:
    """The basic game's procedures call the hook chains; only the generated dispatch (dispatch_*.py)
    imports the rule packages, and only it tests their bits."""
    for path in BASE_CORE:
        if path.name.startswith("dispatch_") or path.name in GENERATORS:
            continue
        text = path.read_text()
        assert not re.search(r"^\s*(from|import) sim\.dungeonology\.core\.rules", text, re.M), path.name
        assert "RULE_" not in text, path.name


def test_every_module_of_the_registry_with_rules_has_a_manifest() -> None:
    regs = manifests()
    for m in M.MODULES.values():
        if m.implemented:
            for package in m.package_paths:
                assert regs[package].module == m.name, package


def test_every_section_says_what_it_holds_and_whose_it_is() -> None:
    for f in (*L.STATE_FIELDS, *L.PLAYER_FIELDS, *L.TABLE_FIELDS, *L.HEADER_FIELDS):
        assert f.meaning, f.name
        assert f.visibility in VISIBILITIES, f.name
        assert not f.owner or f.owner in M.MODULES, f.name
    owners = {f.name: f.owner for f in L.STATE_FIELDS}
    assert owners["S_BOSS"] == "boss" and owners["S_PANIC"] == "maximum_alert" and owners["S_CUR"] == ""
    assert owners["S_FAMILIAR_OWNER"] == "familiars"  # the box reserves it for a module to come


def test_every_hook_names_a_point_with_its_arguments() -> None:
    chains = hookgen.providers(manifests())
    assert sum(len(ps) for ps in chains.values()) == sum(len(m.hooks) for m in manifests().values())
    for name, ps in chains.items():
        point = BY_NAME[name]
        for p in ps:
            assert p.point is point
            assert not p.gate or p.gate == f"RULE_{M.MODULES[manifests()[p.package].module].name.upper()}"


def _with(**hooks: tuple[Hook, ...]) -> dict[str, Manifest]:
    regs = dict(manifests())
    for package, extra in hooks.items():
        regs[package] = dataclasses.replace(regs[package], hooks=(*regs[package].hooks, *extra))
    return regs


@pytest.mark.parametrize(("package", "hook", "message"), [
    ("sim.dungeonology.core.rules.boss", Hook("no_such_point", "boss:boss_alert(s, t, z)"),
     "hook point 'no_such_point' does not exist"),
    ("sim.dungeonology.core.rules.boss", Hook("zone_alert_modifier", "boss:boss_alert(s, t, seat)"),
     "uses seat; allowed: s, t, z, L"),
    ("sim.dungeonology.core.rules.rocca_civetta", Hook("turn_starts", "cubes:f(s, t, cur)"),
     "module 'rocca_civetta' has no rule bit"),
    ("sim.dungeonology.core.rules.congregations", Hook("cubes_guarded", "students:guarded(s, seat, z)"),
     "has no tables argument"),
    ("sim.dungeonology.core.rules.boss", Hook("enter_zone", "boss:f(s, t, seat, z)", always=True),
     "hook point enter_zone needs exactly one provider"),
])
def test_a_wrong_hook_is_refused_with_what_is_wrong(package: str, hook: Hook, message: str) -> None:
    with pytest.raises(RegistryError, match=re.escape(message)):
        hookgen.providers(_with(**{package: (hook,)}))


def test_the_chains_keep_the_order_and_the_rule_bits() -> None:
    text = G.generate()
    turn = text[f"{G.ENGINE}/dispatch_turn.py"]
    assert ("    if (t[L.T_RULES] & L.RULE_RESEARCH) != 0 and end_point(s, t):  # research\n"
            "        return True\n") in turn
    stealth = text[f"{G.ENGINE}/dispatch_stealth.py"]
    # the Spriggan's Intern is taken before the Zone's Good / Bad Luck reveals cards
    assert stealth.index("declared_interns(s, t)") < stealth.index("stealth_luck(s, t)")
    checks = text[f"{G.ENGINE}/dispatch_checks.py"]
    order = ["max_alert_check", "boss_check", "check_rc_cubes", "check_interns_tokens", "research_check",
             "rc_scholars_check", "check_rc_cards", "check_congregations", "check_main_effects"]
    assert [checks.index(f"{name}(s, t)") for name in order] == sorted(checks.index(f"{n}(s, t)") for n in order)


def test_every_point_is_documented_and_lives_in_a_generated_module() -> None:
    files = G.generate()
    for p in POINTS:
        assert p.doc and p.home
        assert f"def {p.name}({', '.join(p.args)}):" in files[f"{G.ENGINE}/dispatch_{p.home}.py"]


def test_the_result_columns_are_the_basic_games_then_the_modules() -> None:
    from sim.dungeonology.core.engine.batch import BASE_ROW_FIELDS, GAME_FIELDS, ROW_FIELDS

    assert ROW_FIELDS[len(BASE_ROW_FIELDS):] == ("intern_bonus", "interns", "main_effects", "research_points")
    assert GAME_FIELDS[-4:] == ("boss", "boss_profile", "panic", "max_alert")
