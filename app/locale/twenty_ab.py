""""20 ab"'s words on the pad (RULES-20AB.md): suits, presets, options, the round's steps.

Merged into :data:`app.i18n.TEXTS` (one catalogue per language); keys here
must not repeat one of 24's (a test checks every key has en/de/nl).
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # the suits (Z5), named as each language's table names them
    "clubs": {"en": "Clubs", "de": "Kreuz", "nl": "Klaveren"},
    "spades": {"en": "Spades", "de": "Pik", "nl": "Schoppen"},
    "hearts": {"en": "Hearts", "de": "Herz", "nl": "Harten"},
    "diamonds": {"en": "Diamonds", "de": "Karo", "nl": "Ruiten"},
}

PLURALS: dict[str, dict[str, tuple[str, str]]] = {
    # (one, other) per language, as app.i18n.PLURALS
}
