"""A table of short, unwrapped cells drawn as Rich draws its own (a heavy head, light rules),
in time linear in its cells: a listing of thousands of hands prints in a fraction of a second,
where Rich's table measures and renders every cell as a renderable of its own (about 4 s for
the 3,317 hands of a 2 MB file).

Columns take the width of their widest cell. When the console is narrower than the table, what
carries least gives way first: columns empty in every row are left out (named under the table),
then headings wider than their column's cells are cut (to no fewer than three characters), and
only then the widest cells; a cell cut short ends in "…", as in Rich's ``no_wrap`` columns. A
console that is not a terminal gets every line whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size
from rich.console import Console
from rich.text import Text


def fit(widths: list[int], room: int, floors: Sequence[int] | None = None) -> list[int]:
    """The columns' widths cut down until they add up to ``room``: first each column toward its
    floor (say the width of its cells, under a wider heading), the one furthest above it first; then
    the widest first, no column below one character."""
    widths = list(widths)
    floors = [1] * len(widths) if floors is None else [max(1, f) for f in floors]
    excess = sum(widths) - room
    while excess > 0:
        above = [w - f for w, f in zip(widths, floors, strict=True)]
        most = max(above)
        if most > 0:
            widths[above.index(most)] -= 1
        else:
            widest = max(widths)
            if widest <= 1:
                break
            widths[widths.index(widest)] -= 1
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
    cells = _cell_widths(len(headers), rows)
    widths = [max(cell_len(h), c) for h, c in zip(headers, cells, strict=True)]
    left_out: list[str] = []
    if console.is_terminal and _drawn_width(widths) > console.width:
        keep = [i for i, c in enumerate(cells) if c > 0]
        if keep and len(keep) < len(headers):
            left_out = [h for h, c in zip(headers, cells, strict=True) if c == 0]
            headers = [headers[i] for i in keep]
            rows = [[row[i] for i in keep] for row in rows]
            cells = [cells[i] for i in keep]
            widths = [widths[i] for i in keep]
        floors = [max(c, min(cell_len(h), 3)) for h, c in zip(headers, cells, strict=True)]
        widths = fit(widths, console.width - 3 * len(widths) - 1, floors)

    def rule(left: str, bar: str, middle: str, right: str) -> str:
        return left + middle.join(bar * (w + 2) for w in widths) + right

    def line(edge: str, values: Sequence[str]) -> str:
        return (
            edge + edge.join(f" {cell(v, w)} " for v, w in zip(values, widths, strict=True)) + edge
        )

    out = Text(end="")
    out.append(title, style="italic")
    out.append(" " * (_drawn_width(widths) - cell_len(title)))
    out.append("\n" + rule("┏", "━", "┳", "┓") + "\n")
    head = line("┃", headers)
    start = len(out)
    out.append(head)
    for v, w, offset in zip(headers, widths, _offsets(widths), strict=True):
        out.stylize("bold", start + offset, start + offset + min(len(v), w))
    out.append("\n" + rule("┡", "━", "╇", "┩") + "\n")
    out.append("".join(line("│", row) + "\n" for row in rows))
    out.append(rule("└", "─", "┴", "┘"))
    if left_out:
        out.append(
            "\n" + cell(f"empty in every row, left out: {', '.join(left_out)}", console.width)
        )
    return out


def _cell_widths(columns: int, rows: Sequence[Sequence[str]]) -> list[int]:
    """The width of each column's widest cell (0 for a column empty in every row)."""
    widths = [0] * columns
    for row in rows:
        for i, value in enumerate(row):
            n = cell_len(value)
            if n > widths[i]:
                widths[i] = n
    return widths


def _drawn_width(widths: Sequence[int]) -> int:
    """The width of the table drawn with these columns: their cells, padding and rules."""
    return sum(widths) + 3 * len(widths) + 1


def _offsets(widths: Sequence[int]) -> list[int]:
    """Where each column's text starts on a line, in characters."""
    offsets, at = [], 2
    for w in widths:
        offsets.append(at)
        at += w + 3
    return offsets
