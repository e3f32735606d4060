"""Dungeonology's game printed turn by turn (``show_game``, what ``play`` shows of it) and its own commands
that show one game or its data: replay, data, modules."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import numpy as np
import typer
from rich.console import Console
from rich.text import Text

from experiments.cli.common import (
    NOTE,
    GameOptions,
    app,
    cli_errors,
    fail,
    game_options,
    new_console,
    one_game,
    print_table,
)
from experiments.dungeonology.cli.options import module_names
from experiments.dungeonology.narrate import narrate, setup_lines, snapshot, turn_header
from sim.dungeonology import layout as L
from sim.dungeonology import modules as M
from sim.dungeonology.config import GameConfig
from sim.dungeonology.game import Game, game_from_state, new_game
from sim.dungeonology.game import replay as replay_record
from sim.dungeonology.loader import describe, load_data
from sim.kit.documents import read_json
from sim.kit.errors import ConfigError

# ------------------------------------------------------------------- log
_STYLES = (("SUCCESS", "bold green"), ("FAILURE", "bold red"), ("Jinx", "magenta"), ("Omega Student", "yellow"),
           ("Stun", "red"))


def emit_to(console: Console) -> Callable[[str], None]:
    def out(line: str) -> None:
        if line.startswith("==="):
            console.print(Text(line, style="bold cyan"))
        elif line.startswith("Game over"):
            console.print(Text(line, style="bold"))
        else:
            text = Text(line)
            for word, style in _STYLES:
                text.highlight_words([word], style)
            console.print(text)

    return out


def play_out(
    g: Game,
    choose: Callable[[Game], int | None],
    emit: Callable[[str], None] | None,
    seed: int | None = None,
    check: bool = False,
) -> list[str]:
    """Play ``g`` to the end (or until ``choose`` returns None), narrating with ``emit``.

    Returns the invariant violations seen when ``check`` is on."""
    violations: list[str] = []
    before = snapshot(g) if emit else None
    if emit:
        for line in setup_lines(before, seed):
            emit(line)
        if not g.is_terminal():
            emit(turn_header(before))
    while not g.is_terminal():
        action = choose(g)
        if action is None:
            break
        text = g.action_to_string(action) if emit else ""
        g.apply(action)
        if check:
            broken = g.check_invariants()
            if broken:
                violations.append(f"after action #{len(g.history) - 1} ({action}): {broken}")
                if emit:
                    emit(f"  INVARIANT VIOLATED: {broken}")
        if emit:
            after = snapshot(g)
            for line in narrate(before, after, text):
                emit(line)
            before = after
    return violations


def print_result(console: Console, g: Game) -> None:
    r = g.result()
    if r["over"]:
        head = f"Final scores: {r['end_reason']} after {r['turns']} turns ({r['rounds']} rounds); Clan Card {r['clan']}"
    else:
        head = f"Scores so far (the game is not over): {r['turns']} turns ({r['rounds']} rounds); Clan Card {r['clan']}"
    console.print(Text(head, style="bold"))
    interns = bool(int(g.tables[L.T_RULES]) & L.RULE_MAIN_EFFECTS)
    cols = ("rank", "seat", "Scholar", "score", "board", "thesis", *(("interns",) if interns else ()), "jinx",
            "Thesis #", "")
    rows = []
    for s in sorted(r["seats"], key=lambda x: (x["rank"], x["seat"])):
        b = s["breakdown"]
        thesis = f"#{s['thesis_order']}" if s["thesis_order"] else "-"
        if not s["eligible"]:
            thesis += " (not eligible)"
        extra = (b["intern_bonus"],) if interns else ()
        rows.append((s["rank"], s["seat"], s["scholar"], s["score"], b["board"], b["thesis_bonus"], *extra,
                     b["jinx_penalty"], thesis, "WINNER" if s["winner"] else ""))
    print_table(cols, rows, left=("Scholar", "Thesis #", ""), console=console)
    console.print("score = board (Note Board points with the Clan modifiers) + thesis (Thesis bonus)"
                  + (" + interns (Intern Cards' bonus points)" if interns else "") + " - jinx (Jinx penalty)",
                  markup=False)


def show_game(console: Console, g: Game, choose: Callable[[Game], int | None], quiet: bool, seed: int,
              before: list[str]) -> None:
    """Play ``g`` to its end with ``choose`` and print it (the game's ``show_game``): the provisional data,
    the ``before`` lines, turn by turn unless ``quiet``, then the result."""
    if g.compiled.loaded.is_provisional and not quiet:
        console.print(f"Note: provisional data in use ({len(g.compiled.loaded.provisional)} values); "
                      "see `dungeonology data`.", markup=False)
    for line in before if not quiet else ():
        console.print(line, markup=False)
    with cli_errors():
        play_out(g, choose, None if quiet else emit_to(console), seed)
    print_result(console, g)


# -------------------------------------------------------------- commands
def read_record(file: Path) -> dict[str, Any]:
    """The JSON of a record file (exit 2 naming the file when it cannot be read)."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{file}: cannot read the record: {getattr(exc, 'strerror', None) or exc}")
    try:
        record = read_json(text)
    except json.JSONDecodeError as exc:
        fail(f"{file}: not a JSON game record (line {exc.lineno}, column {exc.colno}: {exc.msg})")
    except ConfigError as exc:
        fail(f"{file}: not a game record: {exc}")
    if not isinstance(record, dict):
        fail(f"{file}: not a game record (a JSON object is expected)")
    return record


@app.command(help="Replay a game record (JSON, from `play --save` or `fuzz`) and print its log and result.\n\n"
             "Invariants are checked after every action.")
@one_game("dungeonology")
def replay(
    file: Annotated[Path, typer.Argument(help="The record file.", show_default=False)],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result, not the log.")] = False,
) -> None:
    console = new_console()
    record = read_record(file)
    with cli_errors(str(file)):
        replay_record(record)  # validates the record: config, data hash, every action
        config = GameConfig.from_dict(record["config"])
        if "initial_state" in record:
            g = game_from_state(config, int(record["seed"]), np.array(record["initial_state"], dtype=np.int64))
        else:
            g = new_game(config, record["seed"])
    actions = iter(record["actions"])
    with cli_errors(str(file)):
        violations = play_out(g, lambda _g: next(actions, None), None if quiet else emit_to(console),
                              record["seed"], check=True)
    if not g.is_terminal() and not quiet:
        console.print("The record ends here; the game is not over.", markup=False)
    print_result(console, g)
    for v in violations:
        console.print(f"Invariant violated {v}", markup=False, style="bold red")



@app.command(help="Print the component data: every component, the layers it comes from (the boxes of the "
             "modules in use, your --data layer, --set overrides) and every provisional value; --all lists every "
             "value with its provenance; --schema DIR writes the data files' JSON Schema for editor validation "
             f"(docs/DATA_FORMAT.md).\n\n{NOTE}")
@game_options(players="none", only=("data", "set_", "modules", "rules"), game=False)
@one_game("dungeonology")
def data(
    game: GameOptions,
    every_value: Annotated[bool, typer.Option("--all", help="List every value with its layer, file and status.")]
    = False,
    schema: Annotated[Path | None, typer.Option("--schema", metavar="DIR", help="Write <file>.schema.json for "
                                                "every data file into DIR and exit.")] = None,
) -> None:
    if schema is not None:
        from sim.dungeonology.schema import export_json_schema

        try:
            written = export_json_schema(schema)
        except OSError as exc:
            fail(f"{schema}: cannot write the JSON Schema: {exc.strerror or exc}")
        typer.echo(f"{len(written)} JSON Schema files written to {schema}")
        return
    with cli_errors():
        boxes = M.boxes_in_use(M.validate(module_names(game.modules, game.rules)[0]))
        loaded = load_data(game.data, game.overrides(), boxes)
    typer.echo(describe(loaded, every_value=every_value))


@app.command("modules", help="List the modules: every optional rule, content set and mode of every box, with "
             "its box, kind (rule, content or mode), what it requires and excludes, the settings it brings, "
             "whether its rules are implemented, and its rulebook section.\n\n"
             "Use them with --modules M1,M2 on every command that plays, or `modules = [...]` in a sweep file. "
             "A combination that misses a requirement, holds an excluded pair or names a module that is not "
             "implemented yet is refused (exit 2).")
@one_game("dungeonology")
def modules_cmd() -> None:
    rows = [(r["name"], r["box"], r["kind"], ", ".join(r["requires"]) or "-", ", ".join(r["excludes"]) or "-",
             ", ".join(r["settings"]) or "-", "yes" if r["implemented"] else "not yet", r["description"])
            for r in M.describe()]
    head = ("module", "box", "kind", "requires", "excludes", "settings", "implemented", "description")
    widths = [max(len(row[i]) for row in (head, *rows)) for i in range(len(head) - 1)]
    for row in (head, *rows):  # one line per module (no wrapping: grep-friendly)
        typer.echo("  ".join([*(cell.ljust(w) for cell, w in zip(row, widths, strict=False)), row[-1]]))
    typer.echo(f"{len(rows)} modules, {len(M.names(implemented=True))} implemented "
               f"({', '.join(M.names(implemented=True))}); `--modules all` = {', '.join(M.base_rules())}.")
