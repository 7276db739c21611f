"""Errors of the rules core: one base class, each error naming what is wrong."""

from __future__ import annotations

__all__ = [
    "EditError",
    "GameOverError",
    "PlayersError",
    "RecordError",
    "RoundError",
    "ScoringError",
    "SettingsError",
]


class ScoringError(ValueError):
    """Base of every error raised by :mod:`scoring`: something breaks the rules.

    ``message`` says what is wrong in the game's words; ``round_number``
    (1-based), ``player`` and ``value`` name the offending input when there is
    one. ``str(error)`` is ``"round K: message"`` when a round is at fault,
    the format ``python -m scoring replay`` prints.
    """

    def __init__(
        self,
        message: str,
        *,
        round_number: int | None = None,
        player: str | None = None,
        value: object = None,
    ) -> None:
        self.message = message
        self.round_number = round_number
        self.player = player
        self.value = value
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.round_number is None:
            return self.message
        return f"round {self.round_number}: {self.message}"

    def at_round(self, round_number: int) -> ScoringError:
        """The same error, naming ``round_number`` (used while replaying)."""
        return type(self)(
            self.message, round_number=round_number, player=self.player, value=self.value
        )


class PlayersError(ScoringError):
    """R1: the list of players is not 2–5 unique, non-empty names."""


class SettingsError(ScoringError):
    """A game setting (start score, variant switch) has an impossible value."""


class RoundError(ScoringError):
    """A round breaks a rule (R5–R11, variants A–C)."""


class GameOverError(RoundError):
    """R14: a round was to be recorded after the game had ended."""


class EditError(RoundError):
    """Changing or removing a past round would make a later round invalid.

    ``round_number`` names the later round that breaks; ``edited_round`` the
    round the table tried to change.
    """

    def __init__(self, message: str, *, edited_round: int | None = None, **names: object) -> None:
        self.edited_round = edited_round
        super().__init__(message, **names)  # type: ignore[arg-type]


class RecordError(ScoringError):
    """A game record (RULES.md §6 JSON) has a wrong shape or type."""
