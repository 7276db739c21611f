"""What a rule book is: its name, its suits, its options and the rules (parts) it plays.

The type only; the parts are in :mod:`scoring.parts`, the books themselves (24 and
the three presets of 20 ab) values of this type in :mod:`scoring.rules`. It lives
apart from them because the rules' steps (:mod:`scoring.steps`) read a book while
the parts list those steps.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .parts import (
    Blind,
    CallerNoTrick,
    Contract,
    Dealer,
    Drop,
    ExactZero,
    Exchange,
    Limit,
    Misdeals,
    RankOrder,
    Rule,
    Seats,
    SitOut,
    Step,
    Tricks,
)
from .values import Colour, Suit

__all__ = ["Option", "Record", "RuleBook"]


@dataclass(frozen=True)
class Option:
    """One choice a table makes when it sets up a game (a switch or a list).

    ``allowed`` lists the values a rule book admits, the default first among
    them in no particular order; ``None`` means "a whole number from
    ``minimum`` to ``maximum``" (and, where ``nullable``, ``None`` for none).
    Types are strict: ``True`` is not ``1``, ``20`` is not ``20.0``.
    """

    key: str
    """The record's key under ``rules`` (and the settings' attribute)."""

    default: Any
    """The value when the record leaves the key out (or, in 20 ab, writes ``null``)."""

    allowed: tuple[Any, ...] | None
    """The values allowed; ``None``: a whole number from ``minimum`` to ``maximum``."""

    rule: str
    """Where the rule lives (``R2``, ``variant B``, ``Z9`` …)."""

    help: str
    """One line of help in English (the app words it per language by ``key``)."""

    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    """``None`` is a value of its own (20 ab's ``upper_limit``: no limit)."""

    proposes: str | None = None
    """Switching this option proposes the opposite for that option (variant A proposes R10 off,
    docs/RULES.md); the table may change it afterwards."""

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is one of the allowed values, of exactly the right type."""
        if self.allowed is not None:
            return any(type(value) is type(allowed) and value == allowed for allowed in self.allowed)
        if value is None:
            return self.nullable
        return (type(value) is int and (self.minimum is None or value >= self.minimum)
                and (self.maximum is None or value <= self.maximum))


@dataclass(frozen=True)
class Record:
    """How a book's games are written in the game record (docs/RULES.md, "The game record"), so
    one reader and one writer (:mod:`scoring.record`) serve every book (after python-chess,
    whose variants keep how they are written with them)."""

    round_fields: tuple[str, ...]
    """The :class:`~scoring.Round` fields a round of this book records, in the order they are
    written; a round's other keys are ignored (or refused, see ``null_is_absent``)."""

    required: tuple[str, ...]
    """The round keys that must be there (refused in this order when missing)."""

    null_is_absent: bool
    """``null`` reads as an absent key, absent rounds as a game not begun, and a key of another
    book (its option, its round field) is refused (20 ab). Else ``null`` is a value of the
    wrong type, the rounds must be there and other keys are ignored (24, whose first records
    knew no other book)."""

    names_book: bool
    """``rules`` writes ``book`` and ``preset``; else the book is the one a record naming none
    reads as (24: every record written before 20 ab existed)."""


@dataclass(frozen=True)
class RuleBook:
    """One rule book: its name, its suits, the options a table chooses and the rules it plays.

    Every number lives in the part of the rule it belongs to (:mod:`scoring.parts`);
    the type gives none. The book finds each part by its name (``book.contract``,
    ``None`` where the book has no such rule), and the fold (:class:`scoring.Game`)
    runs the round's checks (:data:`scoring.steps.CHECKS`, every book in one order)
    and then the scoring steps its parts give, in the order the book lists them.
    """

    key: str
    """The record's ``rules.book``: ``"24"`` or ``"20ab"``."""

    preset: str | None
    """The record's ``rules.preset`` (24 has none)."""

    name: str
    """The book's name as its source gives it."""

    suits: type[Colour] | type[Suit]
    """R5/Z5: the suits trump is named from."""

    seats: Seats
    """R1/Z1: how many may play."""

    tricks: Tricks
    """R3, R7–R9 / Z3, Z10–Z12: the tricks of a round and their value."""

    rules: tuple[Rule, ...]
    """The book's other rules, each with its numbers; their scoring steps run in this order,
    after the tricks'."""

    options: tuple[Option, ...]
    """The settings a table chooses (:class:`scoring.Settings` holds one value per key)."""

    record: Record
    """How its games are written in the game record."""

    caller_no_trick: CallerNoTrick | None = field(init=False)
    blind: Blind | None = field(init=False)
    sit_out: SitOut | None = field(init=False)
    contract: Contract | None = field(init=False)
    exact_zero: ExactZero | None = field(init=False)
    misdeals: Misdeals | None = field(init=False)
    drop: Drop | None = field(init=False)
    exchange: Exchange | None = field(init=False)
    limit: Limit | None = field(init=False)
    dealer: Dealer | None = field(init=False)
    rank_order: RankOrder | None = field(init=False)

    scoring_steps: tuple[Step, ...] = field(init=False, repr=False, compare=False)
    """Derived: the scoring steps of a round, in order (the tricks', then each rule's)."""

    def __post_init__(self) -> None:
        for known in fields(self):
            if not known.init:
                object.__setattr__(self, known.name, None)
        for part in self.rules:
            if getattr(self, part.name, None) is not None or part.name in ("seats", "tricks"):
                raise ValueError(f"{self.name}: the rule {part.name!r} twice")
            object.__setattr__(self, part.name, part)
        object.__setattr__(self, "scoring_steps", tuple(
            step for part in (self.tricks, *self.rules) for step in part.steps))

    def option(self, key: str) -> Option:
        """The option called ``key`` (KeyError when the book has none)."""
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(key)

    @property
    def default_start_score(self) -> int:
        """R2/Z2: the start score unless the table sets another."""
        return int(self.option("start_score").default)
