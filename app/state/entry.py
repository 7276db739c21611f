"""A round being entered: the next one, or a past one being corrected — one value for both."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..draft import RoundDraft

__all__ = ["Entry"]


@dataclass(frozen=True)
class Entry:
    """Round ``number`` as the table enters it: the taps so far and the version of the game they
    are made to. The next round is made to the version shown (``version`` ``None``); a
    correction keeps the version it was opened on, so a change made meanwhile on another phone
    is refused, never lost."""

    number: int
    draft: RoundDraft | None
    version: int | None = None
    error: str | None = None
    """Why the last save (or tap) of a correction was refused, in words."""

    def with_draft(self, draft: RoundDraft) -> Entry:
        return replace(self, draft=draft, error=None)

    def refused(self, message: str) -> Entry:
        return replace(self, error=message)
