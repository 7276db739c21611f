"""A data folder where no lock file can be made answers at once (it used to wait a minute)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_folder_where_no_lock_file_can_be_made_answers_at_once():
    for command in (["games"], ["export"]):
        done = subprocess.run([sys.executable, "-m", "app.cli", "--data", "/proc/self", *command],
                              cwd=ROOT, capture_output=True, text=True, timeout=30)
        assert "stayed locked" not in done.stderr, done.stderr
        assert "Traceback" not in done.stderr, done.stderr
