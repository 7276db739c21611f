"""What a round did beyond its tricks, carried as values on its result.

The app words these notes and never works them out again, so each rule that
leaves one is checked here against the rule book's worked examples (docs/RULES.md, Z1–Z21).
"""

from __future__ import annotations

from scoring import (
    LEHRBLATT,
    TEMMELS,
    WUERTTEMBERG,
    Colour,
    Game,
    Happened,
    Round,
    RoundSteps,
    Settings,
    Suit,
)

FOUR = ("Anna", "Ben", "Carl", "Dora")
THREE = ("Anna", "Ben", "Carl")


def _notes(game, number):
    return [(n.happened, n.player, dict(n.values)) for n in game.results[number - 1].notes]


def test_z15_sitter_note_carries_its_cost_hearts_doubles():
    """L2: Dora sits out a hearts round of the Lehrblatt: +2."""
    game = Game(FOUR, Settings(LEHRBLATT), [
        Round("Ben", Suit.SPADES, {"Anna": 2, "Ben": 1, "Carl": 2, "Dora": 0}),
        Round("Carl", Suit.HEARTS, {"Anna": 3, "Ben": 2, "Carl": 0}, sat_out={"Dora"}),
    ])
    assert _notes(game, 2) == [(Happened.SAT_OUT, "Dora", {"points": 2})]
    assert game.results[1].deltas[3] == 2


def test_r11_sitter_note_is_free_in_24():
    game = Game(THREE, Settings(sit_out=True), [
        Round("Ben", Colour.RED, {"Anna": 3, "Ben": 3}, sat_out={"Carl"})])
    assert _notes(game, 1) == [(Happened.SAT_OUT, "Carl", {"points": 0})]


def test_z16_score_stays_note_l5():
    """L5 round 4: Anna at 3 makes 4 tricks of spades: she stays at 3."""
    game = Game(THREE, Settings(LEHRBLATT, end="exact_zero"), [
        Round("Anna", Suit.HEARTS, {"Anna": 4, "Ben": 1, "Carl": 0}),
        Round("Ben", Suit.HEARTS, {"Anna": 4, "Ben": 1, "Carl": 0}),
        Round("Carl", Suit.SPADES, {"Anna": 1, "Ben": 2, "Carl": 2}),
        Round("Anna", Suit.SPADES, {"Anna": 4, "Ben": 1, "Carl": 0}),
    ])
    assert game.results[3].deltas[0] == 0
    assert _notes(game, 4) == [(Happened.SCORE_STAYED, "Anna", {"score": 3})]


def test_z17_strike_penalty_note_w3():
    """W3: Anna's misdeals 2 (round 1) and 1 (round 4): her third strike costs +12 in round 4."""
    w3 = [
        Round("Ben", Suit.SPADES, {"Anna": 1, "Ben": 3, "Carl": 2}, knock=True,
                      dealer="Anna", misdeals=2),
        Round("Carl", Suit.DIAMONDS, {"Anna": 0, "Ben": 3, "Carl": 3}, bid=2,
                      dealer="Ben", misdeals=1),
        Round("Anna", Suit.SPADES, {"Anna": 3, "Ben": 1, "Carl": 2}, bid=3, dealer="Carl"),
        Round("Anna", Suit.CLUBS, {"Anna": 4, "Ben": 2, "Carl": 0}, knock=True,
                      dealer="Anna", misdeals=1),
    ]
    game = Game(THREE, Settings(WUERTTEMBERG), w3)
    assert [r.scores for r in game.results][-1] == (29, 20, 18)
    assert (Happened.STRIKE_PENALTY, "Anna", {"strikes": 3, "points": 12}) in _notes(game, 4)
    assert (Happened.CONTRACT_MISSED, "Ben", {"made": 3, "needed": 4, "points": 6}) \
        in _notes(game, 1)
    assert game.strikes_before(4) == {"Anna": 2, "Ben": 1, "Carl": 0}
    assert game.misdeal_penalty("Anna", 1, 4) == 12 and game.misdeal_penalty("Ben", 1, 4) == 0


def test_z18_hundred_to_ten_note_w4():
    """W4 round 5: Dora's +12 takes her to 100, which drops to 10 (delta −78)."""
    rounds = [
        Round("Dora", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 2, "Dora": 0}, bid=6,
                      dealer="Anna"),
        Round("Dora", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 2, "Dora": 0}, bid=6,
                      dealer="Ben"),
        Round("Dora", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 2, "Dora": 0},
                      blind=True, dealer="Carl"),
        Round("Anna", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 2, "Dora": 0}, bid=2,
                      dealer="Dora"),
        Round("Dora", Suit.HEARTS, {"Anna": 2, "Ben": 2, "Carl": 2, "Dora": 0}, bid=3,
                      dealer="Anna"),
    ]
    game = Game(FOUR, Settings(WUERTTEMBERG, start_score=30), rounds)
    assert game.results[4].deltas[3] == -78 and game.results[4].scores[3] == 10
    assert _notes(game, 5) == [
        (Happened.CONTRACT_MISSED, "Dora", {"made": 0, "needed": 3, "points": 12}),
        (Happened.HUNDRED_TO_TEN, "Dora", {"from": 100, "to": 10}),
    ]


def test_rounds_without_anything_beyond_tricks_have_no_notes():
    game = Game(THREE, Settings(), [Round("Ben", Colour.RED, {"Anna": 2, "Ben": 4, "Carl": 0})])
    assert game.results[0].notes == ()


def test_each_book_says_which_steps_a_round_has():
    assert Game(THREE, Settings(trump_chaos=True)).steps == RoundSteps(
        trump_change=True, rank_order=True)
    wue = Game(FOUR, Settings(WUERTTEMBERG, knock_trump="none")).steps
    assert (wue.dealer, wue.misdeals, wue.bid, wue.knock, wue.knock_names_suit, wue.rank_order) \
        == (True, True, True, True, False, False)
    assert wue.long_call
    temmels = Game(FOUR, Settings(TEMMELS, tie_break="first_out")).steps
    assert not temmels.blind and not temmels.sit_out and temmels.first_out
    assert not temmels.long_call


def test_the_questions_share_one_signature():
    """Both books answer the app's questions with the same arguments (no override differs)."""
    for game in (Game(FOUR, Settings(sit_out=True)), Game(FOUR, Settings(LEHRBLATT))):
        assert game.can_call_blind("Ben", None, "Anna")
        assert game.can_sit_out("Dora", "Ben", (), None, None, False, False)
        assert game.blind_caller("Ben", "Anna") == "Ben"
    wue = Game(FOUR, Settings(WUERTTEMBERG))
    assert wue.blind_caller("Dora", "Anna") == "Ben"
    assert wue.cost_of_sitting_out(Suit.HEARTS) == 0
    assert Game(FOUR, Settings(LEHRBLATT)).cost_of_sitting_out(Suit.HEARTS) == 2
    assert Game(FOUR).cost_of_sitting_out() == 0
