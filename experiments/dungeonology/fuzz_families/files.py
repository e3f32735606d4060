"""Hostile input files: TOML and JSON nested hundreds to 100,000 deep (sweep, tune and data files, layer
manifests, ``--set`` values, records, run manifests), whole numbers of thousands of digits, file names and
paths too long for the system, and data layers holding symbolic links (to a device, out of the layer, in a
loop), FIFOs, folders named like data files, big files and hidden files. Every case must end in exit 0 or a
one-line exit 2, at once: a FIFO or a device is refused before it is opened."""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

from experiments.dungeonology.fuzz_families import Context

ROOT = Path(__file__).resolve().parents[3]
QUICK = ROOT / "experiments" / "configs" / "quick.toml"
TUNE = ROOT / "experiments" / "configs" / "tune.toml"
SET_KEYS = ("scholars.Sofia.speed", "alert.easy", "tricks.total", "zones")


def _folder(ctx: Context, name: str, i: int) -> Path:
    """A fresh folder of this case under ``ctx.root`` (seven kept per target, emptied each time)."""
    folder = ctx.root / f"files-{name}-{i % 7}"
    if folder.is_symlink() or folder.is_file():
        folder.unlink()
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def _deep(rng: random.Random, inner: str = "1") -> str:
    """A TOML / JSON value nested 65 to 3,000 deep: lists, or (TOML) inline tables."""
    n = rng.choice((65, 200, 600, 3000))
    if rng.random() < 0.5:
        return "[" * n + inner + "]" * n
    return "{a = " * n + inner + "}" * n


def _huge(rng: random.Random) -> str:
    return rng.choice(("", "-")) + "9" * rng.choice((101, 4301, 5000, 20000))


def deep_toml(ctx: Context, i: int) -> list[str]:
    """A sweep, tune, data or layer-manifest file with one value nested too deeply."""
    rng = ctx.rng
    folder = _folder(ctx, "deep-toml", i)
    value = _deep(rng)
    kind = rng.randrange(4)
    if kind == 0:
        (folder / "s.toml").write_text(QUICK.read_text() + f"\n[extra]\nx = {value}\n", encoding="utf-8")
        return ["sweep", str(folder / "s.toml"), "--check", "--out", str(folder / "never")]
    if kind == 1:
        (folder / "t.toml").write_text(TUNE.read_text() + f"\n[extra]\nx = {value}\n", encoding="utf-8")
        return ["tune", str(folder / "t.toml"), "--check", "--out", str(folder / "never")]
    if kind == 2:
        (folder / "scholars.toml").write_text(f"[scholars.Sofia]\nspeed = {value}\n", encoding="utf-8")
    else:
        (folder / "manifest.toml").write_text(f'[layer]\nname = "x"\nreplace = {value}\n', encoding="utf-8")
    return ["data", "--data", str(folder)]


def deep_set(ctx: Context, i: int) -> list[str]:
    """A ``--set`` value nested too deeply, on ``data`` or ``sweep --check``."""
    rng = ctx.rng
    inner = rng.choice(("1", "", '"x"'))
    item = f"{rng.choice(SET_KEYS)}={_deep(rng, inner)}"
    if rng.random() < 0.5:
        return ["data", "--set", item]
    return ["sweep", str(QUICK), "--check", "--set", item, "--out", str(ctx.root / "never")]


def _record(ctx: Context) -> dict[str, Any]:
    if "files.record" not in ctx.cache:
        from experiments.dungeonology.mutation_fuzz import base_records

        ctx.cache["files.record"] = base_records()[0]
    return ctx.cache["files.record"]


def deep_json(ctx: Context, i: int) -> list[str]:
    """A record or a run folder's manifest nested up to 100,000 deep: ``replay``, ``report``, ``compare``."""
    rng = ctx.rng
    folder = _folder(ctx, "deep-json", i)
    n = rng.choice((65, 1000, 100_000))
    text = json.dumps(_record(ctx))[:-1] + ', "deep": ' + "[" * n + "]" * n + "}"
    if rng.random() < 0.4:
        (folder / "r.json").write_text(text, encoding="utf-8")
        return ["replay", str(folder / "r.json"), "-q"]
    (folder / "_manifest.json").write_text(text, encoding="utf-8")
    return ["report", str(folder)] if rng.random() < 0.5 else ["compare", str(folder), str(folder / "other")]


def _leaves(node: Any, parts: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _leaves(v, (*parts, k))]
    if isinstance(node, list):
        return [p for k, v in list(enumerate(node))[:20] for p in _leaves(v, (*parts, k))]
    return [parts]


def huge_int(ctx: Context, i: int) -> list[str]:
    """A whole number of 101 to 20,000 digits: in a record (``replay``), a sweep file, a data file, ``--set``."""
    rng = ctx.rng
    folder = _folder(ctx, "huge-int", i)
    huge = _huge(rng)
    kind = rng.randrange(4)
    if kind == 0:
        record = json.loads(json.dumps(_record(ctx)))
        path = rng.choice(_leaves(record))
        node = record
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = "@HUGE@"
        (folder / "r.json").write_text(json.dumps(record).replace('"@HUGE@"', huge), encoding="utf-8")
        return ["replay", str(folder / "r.json"), "-q"]
    if kind == 1:
        text = QUICK.read_text().replace("games_per_cell = 60", f"games_per_cell = {huge}")
        (folder / "s.toml").write_text(text, encoding="utf-8")
        return ["sweep", str(folder / "s.toml"), "--check", "--out", str(folder / "never")]
    if kind == 2:
        (folder / "scholars.toml").write_text(f"[scholars.Sofia]\nspeed = {huge}\n", encoding="utf-8")
        return ["data", "--data", str(folder)]
    return ["data", "--set", f"{rng.choice(SET_KEYS)}={huge}"]


def long_name(ctx: Context, i: int) -> list[str]:
    """A path too long for the system (a name over 255 bytes, a path over 4,096) wherever a path is read."""
    rng = ctx.rng
    folder = _folder(ctx, "long-name", i)
    name = rng.choice(("x" * 256, "é" * 200, "/".join(["y" * 200] * 25), "a\u0000b"))
    kind = rng.randrange(7)
    if kind <= 1:  # in a sweep file: its data folder, or a variant's
        text = QUICK.read_text(encoding="utf-8")
        text = (f"data = {json.dumps(name)}\n{text}" if kind == 0 else
                f"{text}\n[sweep.variants.v]\ndata = {json.dumps(name)}\n")
        (folder / "s.toml").write_text(text, encoding="utf-8")
        return ["sweep", str(folder / "s.toml"), "--check", "--out", str(folder / "never")]
    name = name.replace("\u0000", "")
    path = str(folder / name)
    return rng.choice((["data", "--data", path], ["replay", path], ["report", path], ["compare", path, path],
                       ["sweep", path, "--check"], ["tune", path, "--check"],
                       ["sweep", str(QUICK), "--check", "--data", path]))


def _planted(folder: Path, rng: random.Random, outside: Path) -> None:
    """One hostile entry in a layer folder (and perhaps a good file beside it)."""
    name = rng.choice(("scholars.toml", "tricks.toml", "manifest.toml", "extra.toml"))
    kind = rng.randrange(9)
    target = folder / name
    if kind == 0:
        target.symlink_to(rng.choice(("/dev/zero", "/dev/urandom", "/dev/null")))
    elif kind == 1 and hasattr(os, "mkfifo"):
        os.mkfifo(target)
    elif kind == 2:
        target.symlink_to(folder / "loop")
        (folder / "loop").symlink_to(target)
    elif kind == 3:
        outside.write_text("[scholars.Sofia]\nspeed = 4\n", encoding="utf-8")
        target.symlink_to(outside)
    elif kind == 4:
        target.mkdir()
    elif kind == 5:
        (folder / rng.choice((".scholars.toml", ".toml", "._scholars.toml"))).write_text(
            "[scholars.Sofia]\nspeed = 4\n", encoding="utf-8")
    elif kind == 6:
        target.write_bytes(b"#" * (4 * 1024 * 1024 + rng.choice((1, 1000))))
    elif kind == 7:
        target.symlink_to(rng.choice(("missing.toml", "/", str(folder))))
    else:
        target.write_bytes(bytes(rng.randrange(256) for _ in range(64)))
    if rng.random() < 0.5 and not (folder / "alert.toml").exists():
        (folder / "alert.toml").write_text("[alert.easy]\n", encoding="utf-8")


def layer_files(ctx: Context, i: int) -> list[str]:
    """A data layer holding a link (to a device, out of the layer, in a loop), a FIFO, a folder, a big file,
    a hidden file or binary bytes: ``data`` or ``sweep --check``."""
    rng = ctx.rng
    folder = _folder(ctx, "layer", i)
    _planted(folder, rng, ctx.root / f"files-outside-{i % 7}.toml")
    return rng.choice((["data", "--data", str(folder)],
                       ["sweep", str(QUICK), "--check", "--data", str(folder), "--out", str(ctx.root / "never")]))


TARGETS = {"files_deep_toml": deep_toml, "files_deep_set": deep_set, "files_deep_json": deep_json,
           "files_huge_int": huge_int, "files_long_name": long_name, "files_layer": layer_files}
