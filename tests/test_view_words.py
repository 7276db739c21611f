"""No word on the Block is cut (issue 19 item 4): the badges under a name fit its tile in every
language, at the narrowest window and the most players; a caller is marked, not cut to three letters."""

from __future__ import annotations

import flet as ft
import pytest

from app.i18n import LANGUAGES, text
from app.views import block

BADGES = ("deals", "calls", "no exchange", "sits out")


def _words(badge: ft.Control) -> tuple[str, float]:
    shown = badge.content
    return shown.value, shown.size


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("window", "players"), [(360, 5), (390, 5), (390, 6), (844, 6), (1280, 6)])
def test_every_word_of_a_badge_fits_its_tile(language, window, players):
    room = block.tile_room(window, players)
    assert room > 20
    for badge in BADGES:
        said = text(language, badge)
        words, size = _words(block._badge(said, ft.Colors.BLUE, players >= 5, room))
        assert words == said  # the whole phrase, wrapped between words if need be
        for word in said.split():
            # 0.58 em a letter: Roboto bold as measured in the screenshot tour (suits.fitting_size)
            assert 0.58 * size * len(word) <= room - 4, (said, word, size, room)
