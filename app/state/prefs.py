"""The table's language and theme, and the words every concern speaks in.

Each phone keeps its own language and theme: a German phone
and an English phone at one table each read the pad in their own language, and
one phone's change never reaches another. They live on the device
(:class:`Device`: Flet's ``SharedPreferences``, the browser's local storage on
the web), not in the store the phones share.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

import flet as ft

from ..i18n import LANGUAGES, default_language, names_in, ntext, ptext, text
from .notice import Kind, Notice

__all__ = ["DEVICE_KEYS", "THEMES", "Device", "Prefs", "Told", "Worded", "our_language"]

logger = logging.getLogger("block24.state")

DEVICE_KEYS = {"language": "block24.language", "dark": "block24.dark"}
"""The keys of this pad's settings in the device's storage (shared with other apps of the origin)."""

THEMES = ("system", "light", "dark")
"""As the phone (its own light or dark: ``prefers-color-scheme`` in a browser), light, dark.

Kept under ``DEVICE_KEYS["dark"]`` as ``"system"``, ``False`` or ``True``: the values kept
before the phone's own choice was offered (a switch, light or dark) still mean what they did.
"""
KEPT = {"system": "system", "light": False, "dark": True}


def theme_of(kept: object) -> str | None:
    """The theme a kept value (or the store's old ``dark`` setting) stands for; ``None``: none of ours."""
    for theme, value in KEPT.items():
        if type(kept) is type(value) and kept == value:
            return theme
    return None

DEVICE_TIMEOUT_S = 10.0
"""How long the device may take to answer; a device that does not is treated as a new one."""

FIRST_ASK_S = 4.0
"""How long the first frame waits for the device's settings (then :meth:`Prefs.recall` asks again).

A tab that reconnects to a restarted server does not answer the service
registered before its first frame (a German table came back in
English); asked again once the screen is drawn, it does.
"""


class Device(Protocol):
    """Where one browser or phone keeps its own settings (``ft.SharedPreferences`` has this shape)."""

    async def get(self, key: str) -> object | None: ...

    async def set(self, key: str, value: str | bool) -> bool: ...


MAX_TOLD_LANGUAGES = 16
MAX_TAG = 35
"""A language tag's longest sensible length (BCP 47's are shorter): a longer one is not read."""


@dataclass(frozen=True)
class Told:
    """The browser's languages and what the device keeps, told with the start: nothing to ask.

    The web build's own page tells them (``web/main.py``: the page and Python are one tab of
    one device); a served page tells them when it reconnects (``assets/connection.js``: a
    restarted server's question before the first frame goes unanswered), else a server asks
    its clients (:func:`app.main._start`). Either way a client's word counts for its own
    screen only, and what is told is checked as an answer would be.
    """

    languages: tuple[str | None, ...] = ()
    kept: Mapping[str, object] = field(default_factory=dict)
    """Values under :data:`DEVICE_KEYS`' keys, as the device's storage holds them."""

    def device(self, device: Device) -> Device:
        """``device`` answering from what was told (changes are still kept on ``device``)."""
        return _Known(device, self.kept)

    @classmethod
    def read(cls, values: object) -> Told | None:
        """What a page told (``{"languages": [...], "kept": {key: value}}``), the languages and
        the pad's own keys only; ``None`` when it told nothing usable (then the client is asked)."""
        if not isinstance(values, dict):
            return None
        languages, kept = values.get("languages"), values.get("kept")
        if not isinstance(languages, list | tuple) or not isinstance(kept, dict):
            return None
        return cls(tuple(tag for tag in languages[:MAX_TOLD_LANGUAGES]
                         if isinstance(tag, str) and len(tag) <= MAX_TAG),
                   {key: kept[key] for key in DEVICE_KEYS.values() if key in kept})


class _Known:
    """A device whose kept values are known: read from them, written to the device and here."""

    def __init__(self, device: Device, kept: Mapping[str, object]) -> None:
        self.device, self.kept = device, dict(kept)

    async def get(self, key: str) -> object | None:
        return self.kept.get(key)

    async def set(self, key: str, value: str | bool) -> bool:
        self.kept[key] = value
        return await self.device.set(key, value)


def our_language(tags: Iterable[str | None]) -> str | None:
    """The first of the browser's languages (``de-DE``, ``nl``, ``en-US``) that the pad speaks."""
    for tag in tags:
        code = tag[:2].lower() if isinstance(tag, str) else ""
        if code in LANGUAGES:
            return code
    return None


@ft.observable
@dataclass(eq=False)
class Prefs:
    """Language, the theme, and the window's size (one per browser tab or phone)."""

    language: str = "en"
    theme: str = "system"
    """One of :data:`THEMES`."""
    width: float = 0
    """The window's width (wider screens get the Block beside the round controls)."""
    height: float = 0
    device: Device | None = field(default=None, repr=False)
    """Where a change is kept (``None``: for this session only, as in tests of other concerns)."""
    answered: bool = True
    """The device said what it keeps (False: it did not answer in time; :meth:`recall` asks again)."""
    chosen: bool = False
    """The user chose a language or theme in this session (a late answer must not undo that)."""

    @property
    def dark(self) -> bool:
        """Dark chosen on this phone (not: the phone's own choice, which only its screen knows)."""
        return self.theme == "dark"

    @classmethod
    def initial(cls, saved_language: str | None, dark: object = None) -> Prefs:
        """Settings not kept on any device (the language of the system when none is given;
        ``dark``: the store's old setting, True or False, else the phone's own theme)."""
        # a setting read at start may hold anything: only one of ours counts
        known = isinstance(saved_language, str) and saved_language in LANGUAGES
        return cls(language=saved_language if known else default_language(),
                   theme=theme_of(dark) or "system")

    @classmethod
    async def load(cls, device: Device, browser_languages: Iterable[str | None] = (),
                   fallback_language: str | None = None, fallback_dark: object = None) -> Prefs:
        """This device's settings; a device that kept none starts from its browser's language.

        Decision: the order is the device's own choice, then the first of the
        browser's languages that is one of ours, then ``fallback_language``
        (app.main passes the store's old one-per-server setting, so a table
        that chose German before settings moved to the phones keeps German on
        a phone with no choice yet; nothing writes it any more), then the
        system's language. The theme follows the same order without the browser,
        ending at the phone's own (``"system"``).
        """
        answered, language = await _ask(device, DEVICE_KEYS["language"], FIRST_ASK_S)
        # a device silent on the first key is not asked the second now (no second wait)
        dark = (await _ask(device, DEVICE_KEYS["dark"], FIRST_ASK_S))[1] if answered else None
        if not isinstance(language, str) or language not in LANGUAGES:
            language = our_language(browser_languages) or fallback_language
        prefs = cls.initial(language if isinstance(language, str) else None,
                            dark if theme_of(dark) else fallback_dark)
        prefs.device, prefs.answered = device, answered
        return prefs

    async def recall(self, device: Device) -> None:
        """Ask a device that did not answer at start again: its own choice wins.

        ``device`` is a fresh handle (the one asked first may never be answered);
        a choice the user made meanwhile is kept and stays the one kept.
        """
        if self.answered:
            return
        answered, language = await _ask(device, DEVICE_KEYS["language"])
        if not answered:
            return
        dark = (await _ask(device, DEVICE_KEYS["dark"]))[1]
        self.device, self.answered = device, True
        if self.chosen:  # what the user chose while the device was silent is what it keeps
            await self.choose(self.language, self.theme)
            return
        if isinstance(language, str) and language in LANGUAGES:
            self.language = language
        self.theme = theme_of(dark) or self.theme

    async def choose(self, language: str | None = None, theme: str | None = None) -> None:
        """The user chose a language or a theme (one of :data:`THEMES`): shown at once, kept on
        this device."""
        if theme is not None and theme not in THEMES:
            raise ValueError(f"no such theme: {theme!r}")
        self.chosen = True
        if language is not None:
            self.language = language
        if theme is not None:
            self.theme = theme
        if self.device is None:
            return
        for key, value in (("language", language), ("dark", None if theme is None else KEPT[theme])):
            if value is None:
                continue
            try:
                await asyncio.wait_for(self.device.set(DEVICE_KEYS[key], value), DEVICE_TIMEOUT_S)
            except (TimeoutError, RuntimeError) as error:  # the tab closed meanwhile: this session keeps it
                logger.warning("the device did not keep %s: %s", key, error)

    def t(self, message: str, **values: object) -> str:
        """An English phrase in the chosen language (see :func:`app.i18n.text`)."""
        return text(self.language, message, **values)

    def nt(self, one: str, other: str, **values: object) -> str:
        """The plural that ``n`` asks for in the chosen language (see :func:`app.i18n.ntext`)."""
        return ntext(self.language, one, other, **values)

    def pt(self, context: str, message: str, **values: object) -> str:
        """A phrase told apart by ``context`` in the chosen language (see :func:`app.i18n.ptext`)."""
        return ptext(self.language, context, message, **values)

    def resize(self, width: float | None, height: float | None = None) -> None:
        """The window changed size."""
        self.width = width or 0
        self.height = height or 0


async def _ask(device: Device, key: str, timeout: float = DEVICE_TIMEOUT_S) -> tuple[bool, object | None]:
    """Whether the device answered, and what it keeps under ``key``."""
    try:
        return True, await asyncio.wait_for(device.get(key), timeout)
    except (TimeoutError, RuntimeError) as error:  # no answer: as a device that kept nothing
        logger.warning("the device did not say %s: %s", key, str(error) or "no answer in time")
        return False, None


class Worded:
    """A concern that words what it says in the table's language (needs a ``prefs`` field) and
    says it in its :class:`~app.state.notice.Notice` (a ``notice`` field)."""

    prefs: Prefs
    notice: Notice | None

    def tell(self, text: str, kind: Kind = Kind.INFO) -> None:
        """What a command did, for the screen to show."""
        self.notice = Notice(text, kind)

    def report(self, text: str) -> None:
        """A refusal or a failure, in words (the one wrapper of :mod:`.command` calls it)."""
        self.notice = Notice(text, Kind.REFUSED)

    def t(self, message: str, **values: object) -> str:
        """An English phrase in the table's language."""
        return self.prefs.t(message, **values)

    def nt(self, one: str, other: str, **values: object) -> str:
        """The plural that ``n`` asks for in the table's language."""
        return self.prefs.nt(one, other, **values)

    def pt(self, context: str, message: str, **values: object) -> str:
        """A phrase told apart by ``context`` in the table's language."""
        return self.prefs.pt(context, message, **values)

    def names(self, names: tuple[str, ...] | list[str]) -> str:
        """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carl`` in the table's language."""
        return names_in(self.prefs.language, names)
