"""The round draft: what the taps at the table build before the rules core checks it."""

from __future__ import annotations

import dataclasses

import pytest

from app.draft import Phase, RoundDraft
from scoring import WUERTTEMBERG, Colour, Game, Round, Settings, Suit

GAME = Game(("Anna", "Ben", "Carl", "Dora"), Settings(sit_out=True))


def test_trump_starts_play_and_blind_only_with_yellow_r6():
    draft = RoundDraft("Ben").with_trump(Colour.RED, blind=True).settled(GAME)
    assert draft.phase is Phase.PLAY and not draft.blind
    assert RoundDraft("Ben").with_trump(Colour.YELLOW, blind=True).settled(GAME).blind


def test_last_count_fills_itself_in_r7():
    draft = RoundDraft("Ben").with_trump(Colour.RED)
    draft = draft.with_tricks(GAME, "Anna", 2).with_tricks(GAME, "Ben", 1)
    assert draft.auto == ()
    draft = draft.with_tricks(GAME, "Carl", 3)
    assert draft.tricks == {"Anna": 2, "Ben": 1, "Carl": 3, "Dora": 0}
    assert draft.auto == ("Dora",)
    assert GAME.can_record(draft.to_round())


def test_filled_in_count_follows_a_change_and_yields_to_a_tap():
    draft = RoundDraft("Ben").with_trump(Colour.RED)
    for name, made in (("Anna", 2), ("Ben", 1), ("Carl", 3)):
        draft = draft.with_tricks(GAME, name, made)
    draft = draft.with_tricks(GAME, "Anna", 0)  # Dora's count was the pad's: recomputed
    assert draft.tricks["Dora"] == 2 and draft.auto == ("Dora",)
    draft = draft.with_tricks(GAME, "Dora", 1)  # tapped by hand: the pad stops filling
    assert draft.auto == () and draft.tricks["Dora"] == 1
    assert GAME.tricks_left(draft.tricks) == 1


def test_no_fill_in_when_the_rest_is_impossible():
    draft = RoundDraft("Ben").with_trump(Colour.RED)
    for name in ("Anna", "Ben", "Carl"):
        draft = draft.with_tricks(GAME, name, 3)
    assert "Dora" not in draft.tricks and draft.auto == ()


def test_sitting_out_drops_the_count_variant_b():
    draft = RoundDraft("Ben").with_trump(Colour.RED).with_tricks(GAME, "Anna", 2)
    draft = draft.with_sat_out("Anna", True).settled(GAME)  # R7: a sitter has no count
    assert "Anna" not in draft.tricks and draft.sat_out == {"Anna"}
    draft = draft.with_tricks(GAME, "Ben", 4).with_tricks(GAME, "Carl", 1)
    assert draft.tricks["Dora"] == 1 and draft.auto == ("Dora",)
    assert GAME.can_record(draft.to_round())


def test_caller_change_never_leaves_the_caller_sitting_out():
    draft = RoundDraft("Ben").with_trump(Colour.RED).with_sat_out("Anna", True)
    draft = draft.with_caller("Anna").settled(GAME)
    assert draft.caller == "Anna" and not draft.sat_out


def test_trump_change_variant_a_and_blind_never_changes():
    draft = RoundDraft("Ben").with_trump(Colour.RED).with_final_trump(Colour.YELLOW)
    assert draft.scored_trump is Colour.YELLOW
    assert draft.with_final_trump(Colour.RED).final_trump is None
    blind = RoundDraft("Ben").with_trump(Colour.YELLOW, blind=True)
    assert blind.with_final_trump(Colour.RED).settled(GAME) == blind.settled(GAME)


def test_draft_survives_json_and_a_recorded_round_reopens():
    draft = (RoundDraft("Ben").with_trump(Colour.GREEN).flipped().with_sat_out("Anna", True)
             .with_tricks(GAME, "Ben", 2).at(Phase.TRICKS))
    assert RoundDraft.from_json(draft.to_json(), GAME) == draft
    round_ = Round("Ben", Colour.BLUE, {"Anna": 1, "Ben": 2, "Carl": 3, "Dora": 0})
    assert RoundDraft.from_round(round_).to_round() == round_


def test_a_kept_draft_keeps_every_field_of_a_round():
    # The draft is the engine's Round; only its stored form names the fields one by one, so a
    # field the engine adds must reach it too (every field here differs from its default).
    game = Game(("Anna", "Ben", "Carl", "Dora"), Settings(WUERTTEMBERG))
    round_ = Round("Ben", Suit.HEARTS, {"Anna": 1, "Ben": 3, "Carl": 2}, blind=True,
                   final_trump=Suit.SPADES, sat_out={"Dora"}, dealer="Anna", bid=3, knock=True,
                   misdeals=2, first_out="Carl")
    assert all(getattr(round_, f.name) != f.default for f in dataclasses.fields(Round)
               if f.default is not dataclasses.MISSING)
    kept = RoundDraft.from_json(RoundDraft.from_round(round_).to_json(), game)
    assert kept.to_round() == round_ and kept.phase is Phase.TRICKS


def test_no_round_without_trump():
    with pytest.raises(ValueError, match="trump"):
        RoundDraft("Ben").to_round()


def test_one_player_with_every_trick_fills_in_none_for_the_others_r7():
    draft = RoundDraft("Ben").with_trump(Colour.RED).with_tricks(GAME, "Ben", 6)
    assert draft.tricks == {"Anna": 0, "Ben": 6, "Carl": 0, "Dora": 0}
    assert draft.auto == ("Anna", "Carl", "Dora") and GAME.can_record(draft.to_round())
