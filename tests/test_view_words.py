"""No word on the Block is cut: the badges under a name fit its tile in every
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


def test_the_help_sentences_take_their_numbers_from_the_rule_book(app):
    """Variant C, R10, Z9, Z8, Z14: the new-game form's help says the book's own numbers."""
    from app.views import new_game

    form = app.form

    def help_of(key: str) -> str:
        return new_game._words(form, next(o for o in form.chosen.options if o.key == key))[1]

    form.set_game(form.book)
    assert help_of("restrictions") == ("≤ 12 points: no sitting out · ≤ 6: no exchange · "
                                       "blind only with ≥ 25.")
    assert help_of("caller_penalty") == "The caller who makes no trick gains double (12, 24 or 48)."
    form.set_game("20ab", "wuerttemberg")
    assert "he must make 4 tricks" in help_of("knock")
    assert "gains 6 (hearts 12)" in help_of("contract_penalty")
    assert help_of("sit_out").startswith("A player with 6 points or more")
