"""Links are never followed into the store: a linked live file is set aside, no backup is a link."""

from __future__ import annotations

import os
from pathlib import Path

from app.store import LIVE_NAME, Store
from scoring import Game


def outside_store(tmp_path: Path) -> tuple[Path, bytes]:
    """A store's live file outside the data folder (one game), and its bytes."""
    with Store.open(tmp_path / "elsewhere") as store:
        store.create_game(Game(("Eve", "Mallory", "Trent")))
    target = tmp_path / "elsewhere" / LIVE_NAME
    return target, target.read_bytes()


def test_a_linked_live_file_is_set_aside_and_never_becomes_the_backup(tmp_path: Path) -> None:
    target, before = outside_store(tmp_path)
    data = tmp_path / "data"
    data.mkdir()
    (data / LIVE_NAME).symlink_to(target)
    with Store.open(data) as store:
        assert [w.code for w in store.warnings] == ["live_damaged_no_backup"]
        assert store.list_games() == []  # nothing read through the link
        store.create_game(Game(("Anna", "Ben", "Carl")))
        store.create_game(Game(("Dora", "Emil", "Fritz")))
    live, backup = data / LIVE_NAME, data / (LIVE_NAME + ".bak")
    assert not live.is_symlink() and not backup.is_symlink()
    assert any(p.name.startswith(LIVE_NAME + ".damaged-") and p.is_symlink() for p in data.iterdir())
    assert target.read_bytes() == before  # the file outside: untouched


def test_a_linked_backup_is_not_read(tmp_path: Path) -> None:
    target, before = outside_store(tmp_path)
    data = tmp_path / "data"
    with Store.open(data) as store:
        store.create_game(Game(("Anna", "Ben", "Carl")))
    (data / LIVE_NAME).unlink()
    backup = data / (LIVE_NAME + ".bak")
    if backup.exists():
        backup.unlink()
    backup.symlink_to(target)
    with Store.open(data) as store:
        assert "Eve" not in {p for g in store.list_games() for p in g.players}
        assert "backup_damaged" in [w.code for w in store.warnings]
    assert target.read_bytes() == before


def test_a_backup_is_never_made_of_a_link(tmp_path: Path) -> None:
    from app.store.atomic import keep_backup

    target, _ = outside_store(tmp_path)
    link, backup = tmp_path / "link.json", tmp_path / "link.json.bak"
    link.symlink_to(target)
    keep_backup(link, backup)
    assert not os.path.lexists(backup)
