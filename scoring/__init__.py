"""Block 24's rules core: "24" (Sebastian Rapp, Kosmos 2008) and "20 ab" scored exactly.

Pure Python, no UI and no storage (it imports neither flet nor tinydb). A game
is its players, settings and rounds; every score is derived by replaying the
rounds. The rules are docs/RULES.md (24: R1–R14 and variants A–C; 20 ab:
Z1–Z21 and its presets). Each rule book is a value of one
:class:`RuleBook` type (:data:`BOOKS`): its numbers, its options, and which
checks and scoring steps (:mod:`scoring.steps`) it plays; one :class:`Game`
runs any of them. Every refusal is a :class:`ScoringError` with a ``code``
from :data:`scoring.errors.MESSAGES` and the ``values`` of its blanks.

>>> from scoring import Game, Round, Colour
>>> game = Game(("Anna", "Ben", "Carl"))
>>> game = game.record(Round("Ben", Colour.YELLOW, {"Anna": 2, "Ben": 4, "Carl": 0}))
>>> game.scores
{'Anna': 20, 'Ben': 16, 'Carl': 36}
"""

from .book import Option, RuleBook
from .errors import (
    MESSAGES,
    EditError,
    GameOverError,
    PlayersError,
    RecordError,
    RoundError,
    ScoringError,
    SettingsError,
)
from .evening import LONG_PAUSE, Evening, Played, evening_of
from .game import (
    Game,
    RoundSteps,
    Settings,
    best_score,
    verify_name,
    verify_new_name,
    verify_players,
    worst_score,
)
from .names import look_alike_key, looks_alike, name_key, name_problem, skeleton, tidy_name
from .record import game_from_record, game_to_record, loads, read_input, replay_report, replay_text
from .rules import (
    BOOKS,
    LEHRBLATT,
    MAX_START_SCORE,
    TEMMELS,
    TWENTY_FOUR,
    WUERTTEMBERG,
    rule_book,
)
from .values import Colour, EndReason, Happened, Note, Outcome, Round, RoundResult, Suit

__all__ = [
    "BOOKS",
    "LEHRBLATT",
    "LONG_PAUSE",
    "MAX_START_SCORE",
    "MESSAGES",
    "TEMMELS",
    "TWENTY_FOUR",
    "WUERTTEMBERG",
    "Colour",
    "EditError",
    "EndReason",
    "Evening",
    "Game",
    "GameOverError",
    "Happened",
    "Note",
    "Option",
    "Outcome",
    "Played",
    "PlayersError",
    "RecordError",
    "Round",
    "RoundError",
    "RoundResult",
    "RoundSteps",
    "RuleBook",
    "ScoringError",
    "Settings",
    "SettingsError",
    "Suit",
    "best_score",
    "evening_of",
    "game_from_record",
    "game_to_record",
    "loads",
    "look_alike_key",
    "looks_alike",
    "name_key",
    "name_problem",
    "read_input",
    "replay_report",
    "replay_text",
    "rule_book",
    "skeleton",
    "tidy_name",
    "verify_name",
    "verify_new_name",
    "verify_players",
    "worst_score",
]
