"""``python -m scoring replay FILE|-``: replay a game record (docs/RULES.md, "The game record").

Success: the JSON report on stdout, exit 0. A record that breaks a rule, has a
wrong shape or exceeds a bound (scoring.record: file size, nesting depth,
digits; scoring.rules: start score, rounds): nothing on stdout, one line on
stderr (``round K: …`` when a round is at fault, control characters shown
escaped), exit 2. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata

from .errors import ScoringError
from .record import read_input, replay_text

EXIT_REFUSED = 2


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m scoring", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a game record and print the scores")
    replay.add_argument("file", help="the record (JSON), or - for standard input")
    args = parser.parse_args(argv)

    try:
        report = replay_text(read_input(args.file))
        out = json.dumps(report, indent=2, ensure_ascii=False).encode("utf-8")
    except ScoringError as error:
        return _refuse(str(error))
    except Exception as error:  # a bug of ours: still one line and exit 2, never a traceback
        return _refuse(f"the record cannot be replayed: {type(error).__name__}")
    sys.stdout.buffer.write(out + b"\n")
    return 0


def _refuse(message: str) -> int:
    sys.stderr.buffer.write(one_line(message).encode("utf-8", "replace") + b"\n")
    return EXIT_REFUSED


def one_line(message: str) -> str:
    """``message`` as one printable line: whitespace runs become one space, control
    characters (terminal escape sequences in a name) are shown escaped, never sent raw."""
    return "".join(
        ch if ch == " " or unicodedata.category(ch)[0] != "C" else ascii(ch)[1:-1]
        for ch in " ".join(message.split())
    )


if __name__ == "__main__":
    sys.exit(main())
