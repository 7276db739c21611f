"""What the last command did, or why it was refused: one small value every concern sets.

A screen shows its concern's :class:`Notice` one way (:func:`app.views.widgets.notice_line`):
a refusal in the error colour, a change kept with its mark, anything else as a calm line.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Kind", "Notice"]


class Kind(StrEnum):
    INFO = "info"
    """What happened, said calmly ("Round 3 removed", a change made on another phone)."""
    DONE = "done"
    """The last change is written ("Saved", "Round 2 corrected")."""
    REFUSED = "refused"
    """Not done, and why (a rule, a full disk, a wrong code)."""


@dataclass(frozen=True)
class Notice:
    """One line for the table, already in its language."""

    text: str
    kind: Kind = Kind.INFO

    @property
    def refused(self) -> bool:
        return self.kind is Kind.REFUSED
