"""The open game at the table: the state its screens are drawn from, and the parts that change it.

Data flows one way: a tap calls a command of a part → :mod:`scoring` checks and
scores → the store persists (between the persistence hooks) → the table's fields
change → the views redraw.

The table holds the state (one observable: every screen redraws from it) and is
composed of small parts, each with its own job and a few members:

- :attr:`Table.open` — the game shown: opened, read again, closed (:class:`OpenGame`);
- :attr:`Table.round` — the round being entered: its number, a correction or not (:class:`RoundAtTable`);
- :attr:`Table.call`, :attr:`Table.deal` — who calls and which trump; the deal, bid and knock;
- :attr:`Table.play`, :attr:`Table.count` — the cards played; the tricks counted and the confirm;
- :attr:`Table.correcting` — a past round corrected; :attr:`Table.undo` — a round taken back;
- :attr:`Table.block` — what the Block says in words (the outcome, the evening, the file).

Neither rule book is named here and no rule is decided: what a round records
comes from the game's steps (:attr:`scoring.Game.steps`), every "may he?" from
the engine's ``verify_x``/``can_x`` and plain questions, what follows from a tap
from :meth:`scoring.Game.settled`. The words are :mod:`app.state.words`'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import flet as ft

from scoring import Evening, Game

from ..draft import RoundDraft
from ..store import Store
from .call import Call, Deal
from .entry import Correcting, Entry, RoundAtTable
from .notice import Kind, Notice
from .open_game import BlockWords, OpenGame, Undo, Undone
from .play import Count, Play
from .prefs import Prefs

__all__ = ["Table"]


@ft.observable
@dataclass(eq=False)
class Table:
    """One game at the table: its Block, the round being entered, a correction, what happened."""

    store: Store
    prefs: Prefs
    game_id: str | None = None
    game: Game | None = None
    version: int | None = None
    draft: RoundDraft | None = None
    """The round being entered."""
    correction: Entry | None = None
    """A past round being corrected (``None``: none open)."""
    evening: Evening = field(default_factory=Evening)
    """Game over after rematches: wins per player over this evening's games."""
    notice: Notice | None = None
    """What the last command did or why it was refused, shown where the table looks."""
    last_round: int | None = None
    """The round whose result is highlighted on the Block."""
    undone: Undone | None = None
    """The round the last undo removed: the "Undo" snackbar can put it back."""
    announce: Callable[[str, int], None] | None = None
    """Tells the other devices that a game was saved (Flet pubsub; set by app.main)."""

    def __post_init__(self) -> None:
        # The parts are set once and never replaced: no field of the state, nothing to redraw.
        for name, part in (("open", OpenGame), ("round", RoundAtTable), ("call", Call),
                           ("deal", Deal), ("play", Play), ("count", Count),
                           ("correcting", Correcting), ("undo", Undo), ("block", BlockWords)):
            object.__setattr__(self, name, part(self))

    open: OpenGame = field(init=False, repr=False)
    round: RoundAtTable = field(init=False, repr=False)
    call: Call = field(init=False, repr=False)
    deal: Deal = field(init=False, repr=False)
    play: Play = field(init=False, repr=False)
    count: Count = field(init=False, repr=False)
    correcting: Correcting = field(init=False, repr=False)
    undo: Undo = field(init=False, repr=False)
    block: BlockWords = field(init=False, repr=False)

    def tell(self, text: str, kind: Kind = Kind.INFO) -> None:
        """What a command did, for the screen to show."""
        self.notice = Notice(text, kind)

    def report(self, text: str) -> None:
        """A refusal or a failure, in words: on the correction when one is open."""
        if self.correction is not None:
            self.correction = self.correction.refused(text)
        else:
            self.notice = Notice(text, Kind.REFUSED)
