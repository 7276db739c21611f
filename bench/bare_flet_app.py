"""The bare-Flet baseline of ``bench.app``: one button that changes one text, nothing else.

Served exactly like the app (``ft.run`` as a web app on 127.0.0.1 without CDN,
port from ``BLOCK24_PORT``), so what it costs is what Flet itself costs:
Python start and import, the Flutter web client, one websocket round trip.
The button is named "New game" so the cold-start figure waits for the same
thing on both servers; the text is wrapped in ``Semantics(identifier=...)``
as the app's scores are.

A second button, "Block", shows (and on the next tap hides) a DataTable shaped
like the app's Block after round N, N being the count (1–12 by turns): a start
row and N rounds, each a number, a trump chip and four cells of score and
change. It tells what Flet itself costs to bring that much UI on screen.
"""

from __future__ import annotations

import os

import flet as ft


def main(page: ft.Page) -> None:
    """A counter: each tap on the button writes the next number into the text."""
    page.title = "bare Flet"
    count = ft.Text("Count 0", size=32)

    def tap(_: ft.Event) -> None:
        count.value = f"Count {int(count.value.split()[1]) + 1}"

    block = ft.Column()

    def toggle(_: ft.Event) -> None:
        if block.controls:
            block.controls = []
            return
        rounds = (int(count.value.split()[1]) - 1) % 12 + 1
        block.controls = [ft.Semantics(identifier="block", content=ft.Text(f"Block {rounds}")),
                          _table(rounds)]

    page.add(
        ft.Semantics(identifier="value", content=count),
        ft.FilledButton(content="New game", on_click=tap),
        ft.FilledButton(content="Block", on_click=toggle),
        block,
    )


def _cell(score: int, delta: int | None) -> ft.DataCell:
    lines = [ft.Text(str(score), size=17, weight=ft.FontWeight.BOLD)]
    if delta is not None:
        lines.append(ft.Text(f"{delta:+d}", size=12, color=ft.Colors.RED_800))
    return ft.DataCell(ft.Column(lines, spacing=0))


def _table(rounds: int) -> ft.DataTable:
    rows = [ft.DataRow(cells=[ft.DataCell(ft.Text("")), ft.DataCell(ft.Text("")),
                              *[_cell(24, None) for _ in range(4)]])]
    for n in range(1, rounds + 1):
        chip = ft.Container(content=ft.Text("Red", size=12, color="#FFFFFF"), bgcolor="#C62828",
                            border_radius=10, padding=ft.Padding.symmetric(horizontal=6, vertical=2))
        rows.append(ft.DataRow(
            cells=[ft.DataCell(ft.Text(str(n))), ft.DataCell(chip),
                   *[_cell(24 - 2 * n, -2) for _ in range(4)]],
            on_select_change=lambda _: None,
        ))
    return ft.DataTable(columns=[ft.DataColumn(ft.Text(h)) for h in ("#", "Trump", "A", "B", "C", "D")],
                        rows=rows, show_checkbox_column=False)


def serve() -> None:
    """Serve on ``BLOCK24_HOST``:``BLOCK24_PORT`` as ``app.main.serve`` does."""
    ft.run(
        main,
        view=ft.AppView.WEB_BROWSER,
        host=os.environ.get("BLOCK24_HOST", "127.0.0.1"),
        port=int(os.environ.get("BLOCK24_PORT", "8551")),
        no_cdn=True,
    )


if __name__ == "__main__":
    serve()
