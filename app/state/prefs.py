"""The table's language and theme, and the words every concern speaks in."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from ..i18n import default_language, names_in, text

__all__ = ["Prefs", "Worded"]


@ft.observable
@dataclass(eq=False)
class Prefs:
    """Language, light or dark, and the window's size (one per browser tab or phone)."""

    language: str = "en"
    dark: bool = False
    width: float = 0
    """The window's width (wider screens get the Block beside the round controls)."""
    height: float = 0

    @classmethod
    def initial(cls, saved_language: str | None, dark: bool) -> Prefs:
        return cls(language=saved_language or default_language(), dark=bool(dark))

    def t(self, key: str, **values: object) -> str:
        """A phrase in the chosen language."""
        return text(self.language, key, **values)

    def resize(self, width: float | None, height: float | None = None) -> None:
        """The window changed size."""
        self.width = width or 0
        self.height = height or 0


class Worded:
    """A concern that words what it says in the table's language (needs a ``prefs`` field)."""

    prefs: Prefs

    def t(self, key: str, **values: object) -> str:
        """A phrase in the table's language."""
        return self.prefs.t(key, **values)

    def names(self, names: tuple[str, ...] | list[str]) -> str:
        """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carl`` in the table's language."""
        return names_in(self.prefs.language, names)
