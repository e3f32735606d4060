"""Turn-by-turn narration of a game, by diffing state snapshots.

The core applies forced choices and resolves effects on its own, so one
action can change a lot (a Stealth Test resolving, the End of Turn Phase, the
next turn starting). ``narrate(before, after, action_text)`` compares two
snapshots and says what changed; it is a pure function of plain dicts, so it
can be tested without playing.

A snapshot is ``Game.to_dict()`` (sim/dungeonology/view.py), optionally with two extra keys
that ``snapshot(g)`` adds from the state array:

- ``"stats"``: per seat ``studies``, ``study_wins``, ``spies``, ``spy_wins``,
  ``thesis_fails`` (counters of resolved Stealth Tests and failed Theses);
and ``to_dict()``'s ``"last_test"`` (the Stealth Test that resolved last:
declared and final Stealth Value, Alert Value, success) gives a test that
resolves inside one step its final numbers and outcome.

Without them, outcomes are inferred from the visible changes.
"""

from __future__ import annotations

import re
from typing import Any

from sim.dungeonology import layout as L

Snap = dict[str, Any]

END_REASON_TEXT = {
    "alert_full": "an Omega Student found no free space on the Alert Card",
    "thesis_clock": "the first Thesis's Omega clock filled the Alert Card",
    "dungeon_exhausted": "no cube left in the Dungeon and no Zone to place",
    "all_submitted": "every Scholar has submitted the Thesis",
    "round_cap": "the engine's round limit was reached (rules.round_cap)",
    "max_alert_no_cubes": "Maximum Alert: no Information Cube left in the Dungeon",
    "max_alert_bag_empty": "Maximum Alert: an Omega Student was drawn and the bag was empty before it went back",
    "max_alert_unable": "Maximum Alert: no Scholar still in the Dungeon can play",
    "max_alert_all_submitted": "Maximum Alert: every Scholar has submitted the Thesis",
}

_STATS = (
    ("studies", L.PF_STUDIES),
    ("study_wins", L.PF_STUDY_WINS),
    ("spies", L.PF_SPIES),
    ("spy_wins", L.PF_SPY_WINS),
    ("thesis_fails", L.PF_THESIS_FAILS),
)


def snapshot(g: Any) -> Snap:
    """``g.to_dict()`` plus the ``stats`` extra (see module doc)."""
    d = g.to_dict()
    s = g.state
    n = int(s[L.S_NPLAYERS])
    d["stats"] = [
        {name: int(s[L.P_BASE + p * L.PSZ + field]) for name, field in _STATS} for p in range(n)
    ]
    return d


# ------------------------------------------------------------------ helpers
def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _who(snap: Snap, seat: int) -> str:
    return snap["players"][seat]["scholar"]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def turn_header(snap: Snap) -> str:
    """``=== Turn 12 (round 3): seat 2, Sofia ===``, with her situation."""
    seat = snap["turn_of"]
    p = snap["players"][seat]
    side = "Exalted" if p["exalted"] else "front"
    return (
        f"=== Turn {snap['turn']} (round {snap['round']}): seat {seat}, {p['scholar']} ({side}) in "
        f"{p['zone']}; Students {p['students']}, Stun {p['stun']}/{p['stamina']}, Stars {p['stars']}, "
        f"hand {p['hand_size']} ==="
    )


def setup_lines(snap: Snap, seed: int | None = None) -> list[str]:
    """The configuration and the dealt game (first player, Scholars, Clan Card)."""
    cfg = snap.get("config") or {}
    head = (
        f"Dungeonology: {len(snap['players'])} players, Alert {cfg.get('alert')}, "
        f"Player Level {cfg.get('player_level')}"
    )
    if seed is not None:
        head += f", seed {seed}"
    if cfg.get("data"):
        head += f", data {cfg['data']}"
    lines = [head]
    if cfg.get("overrides"):
        lines.append("Overrides: " + ", ".join(f"{k}={v}" for k, v in cfg["overrides"].items()))
    for p in snap["players"]:
        lines.append(
            f"  seat {p['seat']} ({p['color']}): {p['scholar']}: Students {p['students']}, "
            f"Speed {p['speed']}, Intelligence {p['intelligence']}, Stamina {p['stamina']}, "
            f"Hand {p['hand_value']}; dealt {p['hand_size']} Trick Card(s)"
        )
    lines.append(
        f"First player: seat {snap['first_player']} ({_who(snap, snap['first_player'])}); "
        f"Clan Card (face down): {snap['clan']}; University: {snap['university']['students']} Students "
        f"+ {snap['university']['omega']} Omega; Alert Card: {snap['alert']['spaces']} spaces"
    )
    return lines


def end_lines(snap: Snap) -> list[str]:
    reason = snap.get("end_reason")
    return [f"Game over: {reason} ({END_REASON_TEXT.get(reason, reason)})"]


# ------------------------------------------------------------- narration
def _test_text(snap: Snap, test: dict[str, Any]) -> str:
    seat = test["active"]
    if test["kind"] == "study":
        me = snap["players"][seat]
        return f"a Study Stealth Test in {me['zone']} ({_plural(test['cubes_indicated'], 'cube')} indicated)"
    return (
        f"an Espionage Stealth Test on seat {test['target']} ({_who(snap, test['target'])}) "
        f"for a {test['color']} cube"
    )


def _resolved(before: Snap, after: Snap) -> list[tuple[int, str, bool | None]]:
    """Stealth Tests resolved between the snapshots: (seat, kind, success or None if unknown)."""
    out: list[tuple[int, str, bool | None]] = []
    sb, sa = before.get("stats"), after.get("stats")
    if sb is not None and sa is not None:
        for seat, (b, a) in enumerate(zip(sb, sa, strict=False)):
            for kind, total, wins in (("study", "studies", "study_wins"), ("espionage", "spies", "spy_wins")):
                for _ in range(a[total] - b[total]):
                    out.append((seat, kind, a[wins] > b[wins]))
        return out
    tb, ta = before.get("test"), after.get("test")
    if tb is not None and (ta is None or ta["active"] != tb["active"] or ta["kind"] != tb["kind"]):
        out.append((tb["active"], tb["kind"], None))
    return out


def _test_lines(before: Snap, after: Snap) -> list[str]:
    lines: list[str] = []
    tb, ta = before.get("test"), after.get("test")
    resolved = _resolved(before, after)
    started = ta is not None and tb is None
    if started:
        lines.append(
            f"  {_who(after, ta['active'])} begins {_test_text(after, ta)}: Alert Value {ta['alert_value']}"
            + (f" (Alert Bonus +{after['alert']['bonus']})" if after["alert"]["bonus"] else "")
            + (f", Stealth Value {ta['stealth_value']}" if ta["stealth_value"] else "")
        )
    elif tb is not None and ta is not None:
        if ta["stealth_value"] != tb["stealth_value"]:
            lines.append(f"    Stealth Value {tb['stealth_value']} -> {ta['stealth_value']}")
        if ta["alert_value"] != tb["alert_value"]:
            lines.append(f"    Alert Value {tb['alert_value']} -> {ta['alert_value']}")
        if ta["declared"] and not tb["declared"]:
            lines.append(f"    Stealth Value declared: {ta['stealth_value']} against Alert Value {ta['alert_value']}")
    for seat, kind, success in resolved:
        last = after.get("last_test")
        if last is not None and last != before.get("last_test"):
            alert, stealth = last["alert_value"], last["stealth_value"]
            success = last["success"]
        elif tb is not None:
            alert, stealth = tb["alert_value"], tb["stealth_value"]
        else:
            alert = stealth = None
        if success is None and alert is not None:
            success = stealth >= alert
        if tb is None and not started and ta is None:
            # began and ended inside this step
            lines.append(f"  {_who(after, seat)} takes {'a Study' if kind == 'study' else 'an Espionage'} Stealth Test")
        elif tb is not None and ta is None and alert is not None:
            # changes made inside this step, before the test resolved
            if stealth != tb["stealth_value"]:
                lines.append(f"    Stealth Value {tb['stealth_value']} -> {stealth}")
            if alert != tb["alert_value"]:
                lines.append(f"    Alert Value {tb['alert_value']} -> {alert}")
        verdict = "SUCCESS" if success else "FAILURE"
        numbers = f"Stealth Value {stealth} vs Alert Value {alert}: " if alert is not None else ""
        lines.append(f"  {kind.capitalize()} result for {_who(after, seat)}: {numbers}{verdict}")
    return lines


def _zone_lines(before: Snap, after: Snap) -> list[str]:
    known = {z["name"] for z in before["zones"]}
    lines = []
    for z in after["zones"]:
        if z["name"] in known:
            continue
        cubes = ", ".join(c for c in z["cubes"] if c) or "no cubes"
        stairs = f", Stair link {'/'.join(z['stairs'])}" if z["stairs"] else ""
        lines.append(
            f"  Zone {z['name']} placed at ({z['x']}, {z['y']}) rotated {90 * z['rotation']} degrees: "
            f"Floor {z['floor']}, Alert {z['alert']}, cubes: {cubes}{stairs}"
        )
    return lines


def _card_of(action_text: str) -> str | None:
    """The Trick Card an action takes from the hand (Commit / Play / Discard), else None."""
    m = re.match(r"(?:Commit|Play|Discard) (.+?)(?: \(Bonus Value \d+\))?(?:: .*)?$", action_text)
    return m.group(1) if m else None


def _jinx_lines(name: str, jb: list[dict[str, Any]], ja: list[dict[str, Any]]) -> list[str]:
    lines = []
    before = {j["name"]: j["face"] for j in jb}
    after = {j["name"]: j["face"] for j in ja}
    for card, face in after.items():
        if card not in before:
            if face == "down":
                lines.append(f"    {name} draws a Jinx Card face down ({card})")
            else:
                lines.append(f"    {name} gets a Jinx Card face up: {card}")
        elif before[card] == "down" and face == "up":
            lines.append(f"    Jinx revealed for {name}: {card}")
    for card in before:
        if card not in after:
            lines.append(f"    {name} discards the Jinx Card {card}")
    return lines


def _player_lines(before: Snap, after: Snap, seat: int, action_text: str, actor: int) -> list[str]:
    pb, pa = before["players"][seat], after["players"][seat]
    name = pa["scholar"]
    out: list[str] = []
    own = seat == actor
    if pa["zone"] != pb["zone"] and not (own and action_text.startswith(("Move", "Place"))):
        out.append(f"    {name} goes to {pa['zone']}")
    elif pa["zone"] != pb["zone"] and action_text.startswith("Place"):
        out.append(f"    {name} enters {pa['zone']}")
    for colour, n in pa["cubes"].items():
        d = n - pb["cubes"].get(colour, 0)
        if d > 0:
            out.append(f"    {name} gains {_plural(d, colour + ' cube')} (Note Board: {n})")
        elif d < 0:
            out.append(f"    {name} loses {_plural(-d, colour + ' cube')} (Note Board: {n})")
    if pa["stars"] != pb["stars"]:
        out.append(f"    {name}: Stars {pb['stars']} -> {pa['stars']}")
    if pa["study_bonus"] != pb["study_bonus"]:
        out.append(f"    {name}: Study Bonus {pb['study_bonus']} -> {pa['study_bonus']}")
    if pa["exalted"] != pb["exalted"]:
        out.append(f"    {name} {'becomes Exalted' if pa['exalted'] else 'is no longer Exalted'}")
    d = pa["students"] - pb["students"]
    if d:
        out.append(f"    {name}: Students {_signed(d)} (now {pa['students']})")
    d = pa["stun"] - pb["stun"]
    if d > 0:
        out.append(f"    {name} is Stunned: {_signed(d)} Stun Token (now {pa['stun']}/{pa['stamina']})")
    elif d < 0:
        out.append(f"    {name} discards {_plural(-d, 'Stun Token')} (now {pa['stun']}/{pa['stamina']})")
    d = pa["hand_size"] - pb["hand_size"]
    if own and _card_of(action_text) in (pb.get("hand") or ()):
        d += 1  # the card the action itself took from the hand
    if d > 0:
        out.append(f"    {name} draws {_plural(d, 'Trick Card')} (hand {pa['hand_size']})")
    elif d < 0:
        out.append(f"    {name} loses {_plural(-d, 'Trick Card')} (hand {pa['hand_size']})")
    if pa["knowledge"] and not pb["knowledge"]:
        out.append(f"    {name} takes a Knowledge Token")
    elif pb["knowledge"] and not pa["knowledge"]:
        out.append(f"    {name} loses the Knowledge Token")
    out += _jinx_lines(name, pb["jinx"], pa["jinx"])
    if pa["thesis"] and not pb["thesis"]:
        out.append(f"  Thesis of {name}: SUCCESS (Thesis #{pa['thesis']}); {name} leaves the Dungeon")
    else:
        sb, sa = before.get("stats"), after.get("stats")
        if sb is not None and sa is not None:
            failed = sa[seat]["thesis_fails"] > sb[seat]["thesis_fails"]
        else:
            failed = own and action_text.startswith("Submit the Thesis") and not pa["thesis"]
        if failed:
            out.append(f"  Thesis of {name}: FAILURE (Clan Card target not reached)")
    return out


def narrate(before: Snap, after: Snap, action_text: str) -> list[str]:
    """Lines telling what an action did: the action, then every visible consequence.

    ``before`` is the snapshot where the action was chosen, ``after`` the one
    at the next decision (or the end). Ends with a turn header when a new turn
    began, or with the end of the game.
    """
    actor = before["current_player"]
    indent = "  " if actor == before["turn_of"] else "    "
    lines = [f"{indent}{_who(before, actor)}: {action_text}"] if actor >= 0 else []
    lines += _test_lines(before, after)
    lines += _zone_lines(before, after)
    for seat in range(len(after["players"])):
        lines += _player_lines(before, after, seat, action_text, actor)
    ab, aa = before["alert"], after["alert"]
    placed = aa["omega_placed"] - ab["omega_placed"]
    # An Omega Student drawn from the University gives its drawer a face-down
    # Jinx Card; the Thesis clock (the first submitter's turns) does not.
    jinx_drawn = any(
        j["face"] == "down" and j["name"] not in {x["name"] for x in pb["jinx"]}
        for pb, pa in zip(before["players"], after["players"], strict=False)
        for j in pa["jinx"]
    )
    clock = before["thesis_count"] > 0 and not jinx_drawn
    if placed > 0:
        how = "Omega Student (Thesis clock)" if clock else "Omega Student drawn"
        lines.append(
            f"  {how}: Alert Card {aa['omega_placed']}/{aa['spaces']}, Alert Bonus +{aa['bonus']}"
        )
    elif jinx_drawn and aa["omega_placed"] == aa["spaces"]:
        lines.append(
            f"  Omega Student drawn: no free space on the Alert Card ({aa['spaces']}/{aa['spaces']}); "
            f"the game ends when seat {before['turn_of']}'s next turn would begin"
        )
    if placed > 0:
        ua = after["university"]
        lines.append(f"  University replenished: now {ua['students']} Students + {ua['omega']} Omega")
    bonfire = after["bonfire"] - before["bonfire"]
    if bonfire > 0:
        lines.append(f"  {_plural(bonfire, 'Student')} to the Bonfire (now {after['bonfire']})")
    elif bonfire < 0 and (placed > 0 or jinx_drawn):
        lines.append("  The Bonfire's Students go back to the Reserve")
    elif bonfire < 0:
        lines.append(f"  {_plural(-bonfire, 'Student')} taken from the Bonfire (now {after['bonfire']})")
    if after["clan_public"] and not before["clan_public"]:
        lines.append(f"  Clan Card revealed: {after['clan']}")
    if after["over"]:
        lines += end_lines(after)
    elif after["turn"] != before["turn"]:
        skipped = after["turn"] - before["turn"] - 1
        if skipped == 1:
            lines.append(f"  (turn {before['turn'] + 1} passed without a decision)")
        elif skipped > 1:
            lines.append(f"  (turns {before['turn'] + 1}-{after['turn'] - 1} passed without a decision)")
        lines.append(turn_header(after))
    return lines


def result_lines(result: dict[str, Any]) -> list[str]:
    """The final scores as plain text (the CLI prints a table with the same numbers)."""
    lines = [
        f"Result: {result['turns']} turns, {result['rounds']} rounds; end: {result['end_reason']}; "
        f"Clan Card {result['clan']}"
    ]
    for s in sorted(result["seats"], key=lambda x: (x["rank"], x["seat"])):
        b = s["breakdown"]
        thesis = f"Thesis #{s['thesis_order']}" if s["thesis_order"] else "no Thesis"
        lines.append(
            f"  rank {s['rank']}: seat {s['seat']} {s['scholar']}: {s['score']} points "
            f"(board {b['board']} + thesis bonus {b['thesis_bonus']} - jinx {b['jinx_penalty']}); {thesis}"
            + ("" if s["eligible"] else "; not eligible")
            + ("  WINNER" if s["winner"] else "")
        )
    return lines
