"""One table printer for the commands' result tables: never truncates a cell.

On a terminal it draws a rich table (no wrapping); piped or redirected it
prints plain text with tabulate, every cell whole whatever the width."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text


def print_table(console: Console, title: str, headers: Sequence[str], rows: Sequence[Sequence[str]],
                left: int = 1) -> None:
    """Print ``rows`` (cells already formatted) under ``headers``; the first ``left`` columns are
    left-aligned, the others right-aligned."""
    if console.is_terminal:
        view = Table(box=box.SIMPLE_HEAD, title=title, show_edge=False, pad_edge=False, collapse_padding=True,
                     header_style="bold")
        for i, h in enumerate(headers):
            view.add_column(h, justify="left" if i < left else "right", no_wrap=True)
        for r in rows:
            view.add_row(*(Text(str(c)) for c in r))
        console.print(view)
        return
    from tabulate import tabulate

    align = ["left" if i < left else "right" for i in range(len(headers))]
    text = tabulate([[str(c) for c in r] for r in rows], headers=list(headers), tablefmt="simple",
                    disable_numparse=True, colalign=align)
    console.print(title, markup=False, highlight=False, soft_wrap=True)
    console.print(text, markup=False, highlight=False, soft_wrap=True)
