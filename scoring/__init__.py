"""Block 24's rules core: the card game "24" (Sebastian Rapp, Kosmos 2008) scored exactly.

Pure Python, no UI and no storage (it imports neither flet nor tinydb). A game
is its players, settings and rounds; every score is derived by replaying the
rounds. The specification is ``shared/RULES.md`` (rules R1–R14, variants A–C,
the game record and the replay command).

>>> from scoring import Game, Round, Colour
>>> game = Game(("Anna", "Ben", "Carl"))
>>> game = game.record(Round("Ben", Colour.YELLOW, {"Anna": 2, "Ben": 4, "Carl": 0}))
>>> game.scores
{'Anna': 20, 'Ben': 16, 'Carl': 36}
"""

from .errors import (
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
    Outcome,
    Round,
    RoundResult,
    Settings,
    name_key,
    verify_players,
)
from .record import game_from_record, game_to_record, loads, read_input, replay_report, replay_text
from .rules import TWENTY_FOUR, RuleBook

__all__ = [
    "TWENTY_FOUR",
    "Colour",
    "EditError",
    "EndReason",
    "Game",
    "GameOverError",
    "Outcome",
    "PlayersError",
    "RecordError",
    "Round",
    "RoundError",
    "RoundResult",
    "RuleBook",
    "ScoringError",
    "Settings",
    "SettingsError",
    "game_from_record",
    "game_to_record",
    "loads",
    "name_key",
    "read_input",
    "replay_report",
    "replay_text",
    "verify_players",
]
