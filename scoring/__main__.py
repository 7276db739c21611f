"""``python -m scoring replay FILE|-``: replay a game record (RULES.md §6).

Success: the JSON report on stdout, exit 0. A record that breaks a rule or
has a wrong shape: nothing on stdout, one line on stderr (``round K: …`` when
a round is at fault), exit 2. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

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
    except ScoringError as error:
        return _refuse(str(error))
    except Exception as error:
        return _refuse(f"the record cannot be replayed: {type(error).__name__}: {error}")
    out = json.dumps(report, indent=2, ensure_ascii=False)
    sys.stdout.buffer.write(out.encode("utf-8") + b"\n")
    return 0


def _refuse(message: str) -> int:
    line = " ".join(message.split())  # one line, whatever the names hold
    sys.stderr.buffer.write(line.encode("utf-8", "replace") + b"\n")
    return EXIT_REFUSED


if __name__ == "__main__":
    sys.exit(main())
