"""Build step of the translation catalogues with Babel: extract, update, compile.

``python -m app.locale.build update`` extracts every phrase the code marks into
the template ``block24.pot`` and merges it into each language's
``<lang>/LC_MESSAGES/block24.po`` (a language listed in
:data:`app.i18n.LANGUAGES` without a ``.po`` gets a new, empty one);
``python -m app.locale.build compile`` writes the ``.mo`` of every ``.po``
whose ``.mo`` is missing or older. The app reads the ``.mo`` files with the
standard library's :mod:`gettext`: Babel is a tool of the build, never
imported at run time nor shipped in the web build.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = Path(__file__).resolve().parent
DOMAIN = "block24"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
CONFIG = ROOT / "babel.cfg"
SOURCES = ("app", "scoring")
KEYWORDS = parse_keywords([
    # app.i18n: text(language, message), ntext(language, one, other), ptext(language, context, message)
    "text:2", "ntext:2,3", "ptext:2c,3",
    # a concern's own language (app.state.prefs.Worded): t(message), nt(one, other), pt(context, message)
    "t", "nt:1,2", "pt:1c,2",
    # a phrase looked up later by a value (a colour, a code): N_(message) only marks it
    "N_",
])
"""The calls whose literal arguments are phrases (``pybabel extract -k`` spelling)."""
DATE = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
"""Decision: fixed header dates, so an update changes only lines whose phrases changed."""
WIDTH = 100
HEADER = {"project": "Block 24", "version": "0.1.0", "copyright_holder": "Block 24", "msgid_bugs_address": "",
          "last_translator": "", "language_team": "", "charset": "utf-8"}


def catalogue_path(language: str) -> Path:
    """The ``.po`` of ``language``."""
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _languages() -> list[str]:
    from app.i18n import LANGUAGES  # the one list of languages

    return list(LANGUAGES)


def extract() -> Catalog:
    """Every phrase marked in the code, as a template catalogue (no translations)."""
    with CONFIG.open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    template = Catalog(domain=DOMAIN, creation_date=DATE, revision_date=DATE, fuzzy=False, **HEADER)

    def ours(folder: str) -> bool:
        parts = Path(folder).relative_to(ROOT).parts
        return not parts or (parts[0] in SOURCES and "__pycache__" not in parts)

    found = extract_from_dir(ROOT, method_map, options_map, keywords=KEYWORDS,
                             comment_tags=("TRANSLATORS:",), strip_comment_tags=True,
                             directory_filter=ours)
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def _write_po(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, include_lineno=False, sort_output=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def read(language: str) -> Catalog:
    """The catalogue of ``language`` as its ``.po`` holds it."""
    with catalogue_path(language).open("rb") as po:
        return read_po(po, locale=language, domain=DOMAIN)


def update() -> list[Path]:
    """Refresh the template from the code and merge it into every language's catalogue."""
    template = extract()
    _write_po(TEMPLATE, template)
    written = [TEMPLATE]
    for language in _languages():
        path = catalogue_path(language)
        catalog = read(language) if path.exists() else Catalog(
            locale=language, domain=DOMAIN, creation_date=DATE, fuzzy=False, **HEADER)
        catalog.revision_date = DATE
        # English is the code's own wording: no translation to guess from a near phrase
        catalog.update(template, no_fuzzy_matching=language == "en", update_header_comment=False)
        catalog.creation_date = DATE
        _write_po(path, catalog)
        written.append(path)
    return written


def blanks(phrase: str) -> set[str]:
    """The ``{placeholders}`` of a phrase (as :meth:`str.format` fills them)."""
    return {name for _, name, _, _ in string.Formatter().parse(phrase) if name is not None}


def problems(catalog: Catalog, template: Catalog) -> list[str]:
    """What keeps ``catalog`` from being shipped against ``template``, one line each.

    A phrase of the template missing, untranslated (not for English: the
    msgid is the English), fuzzy or obsolete; a placeholder that differs
    from the msgid's; a wrong number of plural forms or other faults that
    Babel's checkers (:mod:`babel.messages.checkers`) find.
    """
    found = []
    english = str(catalog.locale) == "en"
    for message in template:
        if message.id and catalog.get(message.id, message.context) is None:
            found.append(f"missing: {message.id!r}")
    for message in catalog:
        if not message.id:
            continue
        singular = message.id if isinstance(message.id, str) else message.id[0]
        if template.get(message.id, message.context) is None:
            found.append(f"not in the template: {singular!r}")
        if message.fuzzy:
            found.append(f"fuzzy: {singular!r}")
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if not english and not all(forms):
            found.append(f"untranslated: {singular!r}")
        wanted = blanks(singular)
        if isinstance(message.id, tuple):
            wanted |= blanks(message.id[1])
        for form in forms:
            if form and blanks(form) != wanted:
                found.append(f"placeholders {sorted(blanks(form))} instead of {sorted(wanted)}: {form!r}")
    for message in catalog.obsolete.values():
        found.append(f"obsolete: {message.id!r}")
    for message, errors in catalog.check():
        found.extend(f"{error}: {message.id!r}" for error in errors)
    return found


def compile_missing(force: bool = False) -> list[Path]:
    """Write the ``.mo`` of each ``.po`` whose ``.mo`` is missing or older; the ones written."""
    written = []
    for po in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parts[-3], domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        partial = mo.with_name(f"{mo.name}.{os.getpid()}.tmp")
        partial.write_bytes(buffer.getvalue())
        partial.replace(mo)  # a running server never reads half a catalogue
        written.append(mo)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args not in (["update"], ["compile"], ["compile", "--force"]):
        print("usage: python -m app.locale.build update | compile [--force]", file=sys.stderr)
        return 2
    done = update() if args[0] == "update" else compile_missing(force="--force" in args)
    for path in done:
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
