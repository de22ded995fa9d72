"""A table of short, unwrapped cells drawn as Rich draws its own (a heavy head, light rules),
in time linear in its cells: a listing of thousands of hands prints in a fraction of a second,
where Rich's table measures and renders every cell as a renderable of its own (about 4 s for
the 3,317 hands of a 2 MB file).

Columns take the width of their widest cell. When the console is narrower than the table, the
widest columns give way first and a cell cut short ends in "…", as in Rich's ``no_wrap``
columns; a console that is not a terminal gets every line whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size
from rich.console import Console
from rich.text import Text


def fit(widths: list[int], room: int) -> list[int]:
    """The columns' widths cut down, widest first, until they add up to ``room`` (no column
    below one character)."""
    widths = list(widths)
    excess = sum(widths) - room
    while excess > 0:
        widest = max(widths)
        if widest <= 1:
            break
        i = widths.index(widest)
        widths[i] -= 1
        excess -= 1
    return widths


def cell(text: str, width: int) -> str:
    """``text`` padded (or cut, ending in "…") to exactly ``width`` cells."""
    size = cell_len(text)
    if size <= width:
        return text + " " * (width - size)
    return set_cell_size(text, width - 1) + "…"


def grid(
    console: Console, title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]
) -> Text:
    """The table as one :class:`~rich.text.Text`: the title in italics, the headings in bold."""
    widths = [cell_len(h) for h in headers]
    for row in rows:
        for i, value in enumerate(row):
            n = cell_len(value)
            if n > widths[i]:
                widths[i] = n
    if console.is_terminal:
        widths = fit(widths, console.width - 3 * len(widths) - 1)

    def rule(left: str, bar: str, middle: str, right: str) -> str:
        return left + middle.join(bar * (w + 2) for w in widths) + right

    def line(edge: str, values: Sequence[str]) -> str:
        return (
            edge + edge.join(f" {cell(v, w)} " for v, w in zip(values, widths, strict=True)) + edge
        )

    out = Text(end="")
    out.append(title, style="italic")
    out.append(" " * (sum(widths) + 3 * len(widths) + 1 - cell_len(title)))
    out.append("\n" + rule("┏", "━", "┳", "┓") + "\n")
    head = line("┃", headers)
    start = len(out)
    out.append(head)
    for v, w, offset in zip(headers, widths, _offsets(widths), strict=True):
        out.stylize("bold", start + offset, start + offset + min(len(v), w))
    out.append("\n" + rule("┡", "━", "╇", "┩") + "\n")
    out.append("".join(line("│", row) + "\n" for row in rows))
    out.append(rule("└", "─", "┴", "┘"))
    return out


def _offsets(widths: Sequence[int]) -> list[int]:
    """Where each column's text starts on a line, in characters."""
    offsets, at = [], 2
    for w in widths:
        offsets.append(at)
        at += w + 3
    return offsets
