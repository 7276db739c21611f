"""Block 24's rules core: "24" (Sebastian Rapp, Kosmos 2008) and "20 ab" scored exactly.

Pure Python, no UI and no storage (it imports neither flet nor tinydb). A game
is its players, settings and rounds; every score is derived by replaying the
rounds. The specifications are ``shared/RULES.md`` (24: rules R1–R14, variants
A–C, the game record and the replay command) and ``shared/RULES-20AB.md``
(20 ab: rules Z1–Z21, presets and options). The rule books are definitions in
:mod:`scoring.rules` (:data:`BOOKS`); :class:`Game` scores 24,
:class:`TwentyAbGame` (a ``Game`` with 20 ab's hooks) scores 20 ab.
Every refusal is a :class:`ScoringError` with a ``code`` from
:data:`scoring.errors.MESSAGES` and the ``values`` of its blanks.

>>> from scoring import Game, Round, Colour
>>> game = Game(("Anna", "Ben", "Carl"))
>>> game = game.record(Round("Ben", Colour.YELLOW, {"Anna": 2, "Ben": 4, "Carl": 0}))
>>> game.scores
{'Anna': 20, 'Ben': 16, 'Carl': 36}
"""

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
from .game import (
    Colour,
    EndReason,
    Game,
    Happened,
    Note,
    Outcome,
    Round,
    RoundResult,
    RoundSteps,
    Settings,
    verify_players,
)
from .names import name_key, name_problem, tidy_name
from .record import game_from_record, game_to_record, loads, read_input, replay_report, replay_text
from .rules import (
    BOOKS,
    LEHRBLATT,
    TEMMELS,
    TWENTY_FOUR,
    WUERTTEMBERG,
    Option,
    RuleBook,
    TwentyAbBook,
    rule_book,
)
from .twenty_ab import Suit, TwentyAbGame, TwentyAbRound, TwentyAbSettings, game_for

__all__ = [
    "BOOKS",
    "LEHRBLATT",
    "MESSAGES",
    "TEMMELS",
    "TWENTY_FOUR",
    "WUERTTEMBERG",
    "Colour",
    "EditError",
    "EndReason",
    "Game",
    "GameOverError",
    "Happened",
    "Note",
    "Option",
    "Outcome",
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
    "TwentyAbBook",
    "TwentyAbGame",
    "TwentyAbRound",
    "TwentyAbSettings",
    "game_for",
    "game_from_record",
    "game_to_record",
    "loads",
    "name_key",
    "name_problem",
    "read_input",
    "replay_report",
    "replay_text",
    "rule_book",
    "tidy_name",
    "verify_players",
]
