"""A past round being corrected (a part of the table): which round, the taps, the version."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..draft import RoundDraft

__all__ = ["Correction"]


@dataclass(frozen=True)
class Correction:
    """Round ``number`` as the table corrects it; saved against ``version`` (the one shown when
    it was opened), so a change made meanwhile on another phone is refused, never lost."""

    number: int
    draft: RoundDraft
    version: int | None
    error: str | None = None
    """Why the last save (or tap) was refused, in words."""

    def with_draft(self, draft: RoundDraft) -> Correction:
        return replace(self, draft=draft, error=None)

    def refused(self, message: str) -> Correction:
        return replace(self, error=message)
