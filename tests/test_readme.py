"""The README stays short and true: at most 250 lines, every command, module
and option it shows exists, every relative link (and its #anchor) resolves,
and its modules table is the registry's (``sim.dungeonology.modules_table``)."""

from __future__ import annotations

import importlib.util
import re
import shlex
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAX_LINES = 250
COMMAND = re.compile(r"(dungeonology|\./run|python -m)(\s|$)")


@cache
def _cli():
    import typer

    from experiments.cli import app

    return typer.main.get_command(app)


def _opts(cmd) -> set[str]:
    return {o for p in cmd.params for o in (*p.opts, *p.secondary_opts)} | {"--help"}


@cache
def _run_cases() -> tuple[set[str], bool]:
    """The case names of the ``run`` script, and whether it passes others to ``dungeonology``."""
    names = set()
    for pattern in re.findall(r"^\s*([\w*|-]+)\)", (ROOT / "run").read_text(), re.M):
        names |= set(pattern.split("|"))
    return names - {"*"}, "*" in names


def command_lines(text: str) -> list[str]:
    """Every command line the text shows: lines of shell code blocks and inline code spans
    that start with ``dungeonology``, ``./run`` or ``python -m``."""
    out, fence = [], None
    for line in text.splitlines():
        if line.startswith("```"):
            fence = None if fence is not None else (line[3:].strip() or "sh")
            continue
        if fence is not None:
            if fence in ("sh", "bash", "console", "shell", "text"):
                out.append(line.strip().removeprefix("$ "))
            continue
        out += re.findall(r"`([^`]+)`", line)
    return [c for c in out if COMMAND.match(c)]


def _check_options(where: str, cmd, args: list[str]) -> list[str]:
    known = _opts(cmd)
    return [f"{where}: no option {a.split('=')[0]}" for a in args
            if a.startswith("-") and a != "-" and a.split("=")[0] not in known]


def _check_dungeonology(line: str, args: list[str]) -> list[str]:
    group = _cli()
    if not args:
        return []
    if not re.fullmatch(r"-.*|[a-z][a-z-]*", args[0]):
        return []  # printed output (`dungeonology 0.1.0 (git ...)`), not a command
    if args[0].startswith("-"):
        return _check_options(line, group, args)
    cmd = group.commands.get(args[0])
    if cmd is None:
        return [f"{line}: no command `dungeonology {args[0]}`"]
    return _check_options(line, cmd, args[1:])


def check_command(line: str) -> list[str]:
    """What is wrong with one shown command line (empty when it exists as shown)."""
    try:
        words = shlex.split(line.replace("\\|", " "), comments=True)  # a | b in a table cell
    except ValueError as e:
        return [f"{line}: {e}"]
    if "|" in words:  # what follows a pipe is another program
        words = words[:words.index("|")]
    words = [w.strip("[]") for w in words if w != "..."]  # usage notation: [--option VALUE], ...
    if words[:1] == ["dungeonology"]:
        return _check_dungeonology(line, words[1:])
    if words[:1] == ["./run"]:
        cases, passes_on = _run_cases()
        if len(words) == 1 or words[1] in cases:
            return []  # `./run test ...` hands the rest to pytest
        if passes_on:
            return _check_dungeonology(line, words[1:])
        return [f"{line}: `run` has no case {words[1]}"]
    if words[:2] == ["python", "-m"] and len(words) > 2:
        module = words[2]
        if module == "experiments.cli":
            return _check_dungeonology(line, words[3:])
        try:
            spec = importlib.util.find_spec(module)
        except ModuleNotFoundError:
            spec = None
        if spec is None or spec.origin is None:
            return [f"{line}: no module {module}"]
        source = Path(spec.origin).read_text()
        return [f"{line}: {module} has no option {a}" for a in words[3:]
                if a.startswith("--") and f'"{a.split("=")[0]}"' not in source]
    return []


def _slug(heading: str) -> str:
    """GitHub's anchor of a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def check_links(text: str, base: Path) -> list[str]:
    """Every relative link of the text resolves from ``base``, and its #anchor names a heading."""
    problems = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        file = (base / path) if path else None
        if file is not None and not file.exists():
            problems.append(f"link {target}: no file {path}")
            continue
        if anchor and (file is None or file.suffix == ".md"):
            page = file.read_text() if file is not None else text
            slugs = {_slug(h) for h in re.findall(r"^#+ (.+)$", page, re.M)}
            if anchor not in slugs:
                problems.append(f"link {target}: no heading #{anchor}")
    return problems


def problems(text: str, base: Path = ROOT) -> list[str]:
    """Everything wrong with a README text: its commands, options and links."""
    out = [p for line in command_lines(text) for p in check_command(line)]
    return out + check_links(text, base)


# ------------------------------------------------------------------ the README itself
def test_the_readme_is_at_most_250_lines():
    assert len(README.read_text().splitlines()) <= MAX_LINES


def test_every_command_option_and_link_of_the_readme_exists():
    text = README.read_text()
    assert len(command_lines(text)) >= 15  # the checker sees the quick start
    assert problems(text) == []


def test_the_readme_modules_table_is_the_registry():
    from sim.dungeonology import modules_table

    assert modules_table.embedded(README.read_text()) == modules_table.markdown(), (
        "README.md's modules table is stale: python -m sim.dungeonology.modules_table --write README.md")


def test_the_modules_table_names_every_module_and_its_status():
    from sim.dungeonology import modules as M
    from sim.dungeonology import modules_table

    table = modules_table.markdown()
    for name in M.MODULES:
        row = next(line for line in table.splitlines() if line.startswith(f"| `{name}` |"))
        assert ("| implemented |" in row) == M.get(name).implemented


def test_refresh_writes_the_table_between_the_markers(tmp_path):
    from sim.dungeonology import modules_table

    start, end = modules_table.MARKERS
    page = tmp_path / "page.md"
    page.write_text(f"# Title\n\n{start}\nold table\n{end}\n\nafter\n")
    assert modules_table.refresh(page) is True
    assert modules_table.embedded(page.read_text()) == modules_table.markdown()
    assert page.read_text().endswith(f"{end}\n\nafter\n") and modules_table.refresh(page) is False


def test_a_page_without_markers_is_refused():
    from sim.dungeonology import modules_table
    from sim.kit.errors import ConfigError

    with pytest.raises(ConfigError, match="modules:start"):
        modules_table.embedded("no table here", "page.md")


@pytest.mark.parametrize("page", sorted((ROOT / "docs").glob("*.md")), ids=lambda p: p.name)
def test_every_command_option_and_link_of_the_docs_exists(page):
    text = page.read_text()
    assert [p for line in command_lines(text) for p in check_command(line)] == []
    assert check_links(text, page.parent) == []


# -------------------------------------------------------------- the checker can fail
@pytest.mark.parametrize(("text", "expected"), [
    ("```sh\ndungeonology play --no-such-option 3\n```", "no option --no-such-option"),
    ("Run `dungeonology sweep experiments/configs/quick.toml --jobz 2`.", "no option --jobz"),
    ("```sh\ndungeonology no-such-command\n```", "no command `dungeonology no-such-command`"),
    ("`./run play --sed 7`", "no option --sed"),
    ("`./run nonsense-case`", "no command `dungeonology nonsense-case`"),
    ("```\ndungeonology fuzz [--games N] [--modules all \\| --all-kombinations]\n```", "no option --all-kombinations"),
    ("`python -m sim.no_such_module`", "no module sim.no_such_module"),
    ("`python -m sim.dungeonology.modules_table --rewrite README.md`", "has no option --rewrite"),
    ("`python -m experiments.cli bench --baselines x`", "no option --baselines"),
    ("see [the page](docs/NO_SUCH_PAGE.md)", "no file docs/NO_SUCH_PAGE.md"),
    ("see [bench](docs/CLI.md#no-such-heading)", "no heading #no-such-heading"),
])
def test_the_checker_finds_a_planted_fault(text, expected):
    found = problems(text)
    assert any(expected in p for p in found), found


def test_the_checker_accepts_what_exists():
    assert problems("```sh\ndungeonology play --players 4 --seed 7   # a comment --not-an-option\n```\n"
                    "`./run test fast`, `./run main`, `python -m sim.dungeonology.modules_table --markdown`, "
                    "[bench](docs/CLI.md#bench)") == []


def test_the_readme_indexes_every_docs_page():
    text = README.read_text()
    missing = [p.name for p in sorted((ROOT / "docs").glob("*.md")) if f"](docs/{p.name})" not in text]
    assert missing == [], f"README.md's documentation index lacks {missing}"
