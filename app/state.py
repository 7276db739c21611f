"""The app's state: one observable object whose methods are the commands.

Data flows one way: a tap calls a command here → :mod:`scoring` validates and
scores → the store persists → the fields change → the views redraw. Views
read these fields and call these methods; they hold no rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum

import flet as ft

from scoring import (
    TWENTY_FOUR,
    Colour,
    EndReason,
    Game,
    ScoringError,
    Settings,
    name_key,
)

from . import backup
from .draft import Phase, RoundDraft
from .i18n import default_language, text
from .lan import JoinGate, Verdict
from .stats import PlayerStats, player_stats, sort_stats
from .store import GameStatus, GameSummary, StaleGameError, Store, StoreError

__all__ = ["AppState", "Screen", "format_score"]

MAX_START_SCORE = 999


class Screen(StrEnum):
    """Which screen is showing."""

    HOME = "home"
    NEW_GAME = "new_game"
    GAME = "game"
    EDIT = "edit"
    SETTINGS = "settings"
    STATS = "stats"


def format_score(value: int, signed: bool = False) -> str:
    """A score as the Block writes it: a real minus sign, ``+`` on gains when ``signed``."""
    if value < 0:
        return f"−{-value}"
    return f"+{value}" if signed and value > 0 else str(value)


@ft.observable
@dataclass
class AppState:
    """Everything one browser tab (or phone) shows, and the commands that change it."""

    store: Store
    screen: Screen = Screen.HOME
    language: str = "en"
    dark: bool = False
    width: float = 0
    """The window's width (wider screens get a centred column, not stretched buttons)."""
    games: list[GameSummary] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)

    # several phones (serve --lan)
    gate: JoinGate | None = None
    client: str | None = None
    """This device's address, as the server sees it."""
    locked: bool = False
    """A device that has not entered the join code yet: it sees the join screen only."""
    join_url: str | None = None
    join_text: str = ""
    join_error: str | None = None
    show_join: bool = False
    announce: Callable[[str, int], None] | None = None
    """Tells the other devices that a game was saved (Flet pubsub; set by app.main)."""

    # the open game
    game_id: str | None = None
    game: Game | None = None
    version: int | None = None
    draft: RoundDraft | None = None
    message: str | None = None
    """What the last command did or why it was refused, shown where the table looks."""
    saved: bool = False
    """The last change has been written to the store (shown only after the write returned)."""
    last_round: int | None = None
    """The round whose result is highlighted on the Block."""

    # correcting a past round
    edit_number: int | None = None
    edit_draft: RoundDraft | None = None
    edit_version: int | None = None
    edit_error: str | None = None

    # the new-game form
    setup_names: list[str] = field(default_factory=lambda: ["", "", ""])
    setup_first_dealer: int = 0
    setup_settings: Settings = field(default_factory=Settings)
    setup_start_text: str = str(TWENTY_FOUR.default_start_score)
    setup_error: str | None = None

    # the Block shown as a chart
    show_chart: bool = False

    # statistics across all stored games
    stats: list[PlayerStats] = field(default_factory=list)
    stats_sort: str = "wins"
    stats_descending: bool = True
    rename_from: str | None = None
    rename_text: str = ""
    merge_into: str | None = None
    stats_message: str | None = None
    stats_error: bool = False

    # backup
    backup_message: str | None = None
    backup_error: bool = False

    @classmethod
    def open(cls, store: Store, gate: JoinGate | None = None, client: str | None = None,
             join_url: str | None = None) -> AppState:
        """The state for a new session: settings from the store, the last open game resumed.

        With a ``gate`` (``serve --lan``) a device other than the serving one
        sees only the join screen, and no game is loaded for it, until its code
        is right.
        """
        state = cls(
            store=store,
            language=store.get_setting("language", None) or default_language(),
            dark=bool(store.get_setting("dark", False)),
            notices=list(store.warnings),
            gate=gate,
            client=client,
            join_url=join_url,
            locked=gate is not None and not gate.trusted(client),
        )
        if not state.locked:
            state._resume()
        return state

    def _resume(self) -> None:
        self.refresh_games()
        last = self.store.get_setting("last_game", None)
        if last and any(g.id == last and g.status is GameStatus.PLAYING for g in self.games):
            self.open_game(last)

    # -- several phones (serve --lan) ------------------------------------------

    def set_join_text(self, value: str) -> None:
        """Type the join code."""
        self.join_text = value

    def join(self) -> None:
        """Enter the join code shown on the serving device (rate limited per device)."""
        if self.gate is None or not self.locked:
            return
        verdict = self.gate.try_code(self.client, self.join_text)
        if verdict is Verdict.OPEN:
            self.locked, self.join_error = False, None
            self._resume()
        elif verdict is Verdict.LOCKED:
            self.join_error = self.t("join_locked", s=self.gate.wait_s(self.client))
        else:
            self.join_error = self.t("join_wrong")
        self.join_text = ""

    def toggle_join_panel(self) -> None:
        """Show or hide the QR code and join code for other phones."""
        self.show_join = not self.show_join

    def game_changed(self, game_id: str, version: int) -> None:
        """Another device saved ``game_id``: show the fresh game (pubsub, within a second)."""
        if self.locked:
            return
        if self.screen is Screen.HOME:
            self.refresh_games()
        if game_id == self.game_id and version != self.version:
            self._reload()

    def _reload(self) -> None:
        """Read the open game again from the store (it changed elsewhere)."""
        stored = self.store.load_game(self.game_id)
        rounds_before = len(self.game.rounds) if self.game else -1
        self.game, self.version = stored.game, stored.version
        renamed = self.draft is not None and self.draft.caller not in stored.game.players
        if len(stored.game.rounds) != rounds_before or stored.game.finished or renamed:
            busy = self.draft is not None and (self.draft.trump is not None or self.draft.tricks)
            self.draft = self._fresh_draft()
            self.last_round = len(stored.game.rounds) or None
            if busy:  # the round being entered here was recorded elsewhere first
                self.message = self.t("changed_elsewhere")
        if self.screen is Screen.EDIT and (self.edit_number or 0) > len(stored.game.rounds):
            self.cancel_edit()

    # -- words ---------------------------------------------------------------

    def t(self, key: str, **values: object) -> str:
        """A phrase in the chosen language."""
        return text(self.language, key, **values)

    def names(self, names: tuple[str, ...] | list[str]) -> str:
        """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carl``."""
        if len(names) == 1:
            return names[0]
        return f"{', '.join(names[:-1])} {self.t('and')} {names[-1]}"

    # -- home and settings ---------------------------------------------------

    def refresh_games(self) -> None:
        """Reload the list of stored games."""
        self.games = self.store.list_games()

    def go_home(self) -> None:
        """Back to the list of games."""
        self.refresh_games()
        self.screen = Screen.HOME
        self.message = None
        self.store.set_setting("last_game", None)

    def open_settings(self) -> None:
        """Show language and theme."""
        self.backup_message = None
        self.screen = Screen.SETTINGS

    def set_language(self, language: str) -> None:
        """Choose the pad's language (kept for next time)."""
        self.language = language
        self.store.set_setting("language", language)

    def set_dark(self, dark: bool) -> None:
        """Light or dark theme (kept for next time)."""
        self.dark = dark
        self.store.set_setting("dark", dark)

    def resize(self, width: float | None) -> None:
        """The window changed size."""
        self.width = width or 0

    def dismiss_notices(self) -> None:
        """The user has read the store's warnings."""
        self.notices = []

    # -- new game ------------------------------------------------------------

    def new_game_form(self, players: tuple[str, ...] = (), first_dealer: int = 0,
                      settings: Settings | None = None) -> None:
        """Open the new-game form, empty or filled (rematch)."""
        self.setup_names = list(players) or ["", "", ""]
        self.setup_first_dealer = first_dealer
        self.setup_settings = settings or Settings()
        self.setup_start_text = str(self.setup_settings.start_score)
        self.setup_error = None
        self.screen = Screen.NEW_GAME

    def set_player_name(self, seat: int, name: str) -> None:
        """Type the name in seat ``seat``."""
        self.setup_names[seat] = name

    def add_player(self, name: str = "") -> None:
        """Another seat (R1: at most 5); a known name fills the first empty seat."""
        if name and "" in [n.strip() for n in self.setup_names]:
            self.setup_names[[n.strip() for n in self.setup_names].index("")] = name
        elif len(self.setup_names) < TWENTY_FOUR.max_players:
            self.setup_names.append(name)

    def can_add_player(self) -> bool:
        """R1: fewer than 5 seats."""
        return len(self.setup_names) < TWENTY_FOUR.max_players

    def remove_player(self, seat: int) -> None:
        """Take a seat away (R1: at least 2 stay)."""
        if len(self.setup_names) > TWENTY_FOUR.min_players:
            del self.setup_names[seat]
            self.setup_first_dealer = min(self.setup_first_dealer, len(self.setup_names) - 1)

    def move_player_up(self, seat: int) -> None:
        """Swap a seat with the one before it (seat order is clockwise)."""
        if seat > 0:
            names = self.setup_names
            names[seat - 1], names[seat] = names[seat], names[seat - 1]

    def set_first_dealer(self, seat: int) -> None:
        """R4: who deals round 1."""
        self.setup_first_dealer = seat

    def draw_first_dealer(self) -> None:
        """R4: draw the first dealer at random."""
        self.setup_first_dealer = random.randrange(len(self.setup_names))

    def set_variant(self, name: str, on: bool) -> None:
        """Switch a variant (``trump_chaos``, ``sit_out``, ``restrictions``) or R10."""
        if name == "trump_chaos":  # variant A proposes dropping R10 (RULES.md decision)
            self.setup_settings = self.setup_settings.with_trump_chaos(on)
        else:
            self.setup_settings = replace(self.setup_settings, **{name: on})

    def set_start_text(self, value: str) -> None:
        """Type the start score (R2)."""
        self.setup_start_text = value

    def name_error(self, seat: int) -> str | None:
        """R1, inline: why the name in ``seat`` cannot be used, or ``None``."""
        name = self.setup_names[seat]
        if not name.strip():
            return self.t("name_empty")
        if len(name.strip()) > TWENTY_FOUR.max_name_length:
            return self.t("name_long", n=TWENTY_FOUR.max_name_length)
        earlier = [name_key(n) for n in self.setup_names[:seat]]
        if name_key(name) in earlier:
            return self.t("name_taken", name=name.strip())
        return None

    def start_score(self) -> int | None:
        """R2: the typed start score, or ``None`` when it is not a whole number 1–999."""
        value = self.setup_start_text.strip()
        if value.isdigit() and 1 <= int(value) <= MAX_START_SCORE:
            return int(value)
        return None

    def can_start_game(self) -> bool:
        """Every name is fine and the start score is a number."""
        return self.start_score() is not None and not any(
            self.name_error(i) for i in range(len(self.setup_names))
        )

    def start_game(self) -> None:
        """Create the game from the form, store it, and open its Block."""
        start = self.start_score()
        if start is None or not self.can_start_game():
            self.setup_error = self.t("start_score_bad") if start is None else self.t("name_empty")
            return
        players = tuple(n.strip() for n in self.setup_names)
        try:
            game = Game(players, replace(self.setup_settings, start_score=start),
                        first_dealer=self.setup_first_dealer)
            game_id = self.store.create_game(game)
            self.store.remember_players(players)
        except (ScoringError, StoreError) as error:
            self.setup_error = str(error)
            return
        self.open_game(game_id)

    # -- the open game -------------------------------------------------------

    def open_game(self, game_id: str) -> None:
        """Show a stored game's Block, resuming a round that was being entered."""
        stored = self.store.load_game(game_id)
        self.game_id, self.game, self.version = game_id, stored.game, stored.version
        self.message, self.saved, self.last_round = None, False, None
        self.draft = self._stored_draft() or self._fresh_draft()
        self.screen = Screen.GAME
        self.store.set_setting("last_game", game_id)

    def _fresh_draft(self) -> RoundDraft | None:
        game = self.game
        if game is None or game.finished:
            return None
        return RoundDraft(caller=game.next_caller)

    def _stored_draft(self) -> RoundDraft | None:
        saved = self.store.load_draft(self.game_id)
        if saved is None:
            return None
        if saved.get("round") != len(self.game.rounds) + 1 or self.game.finished:
            return None
        try:
            draft = RoundDraft.from_json(saved["draft"])
        except (KeyError, ValueError, TypeError):
            return None
        return draft if draft.caller in self.game.players else None

    def _set_draft(self, draft: RoundDraft | None) -> None:
        self.draft = draft
        self.message = None
        # Kept so a closed tab resumes mid-round (a draft is not a round: no scores).
        self.store.save_draft(self.game_id, None if draft is None else {
            "round": len(self.game.rounds) + 1, "draft": draft.to_json()})

    @property
    def next_number(self) -> int:
        """The number of the round being entered."""
        return len(self.game.rounds) + 1 if self.game else 1

    # -- a round at the table (also used to correct a past round) -------------

    def _target(self) -> tuple[RoundDraft | None, int]:
        if self.screen is Screen.EDIT:
            return self.edit_draft, self.edit_number  # type: ignore[return-value]
        return self.draft, self.next_number

    def _change(self, draft: RoundDraft) -> None:
        if self.screen is Screen.EDIT:
            self.edit_draft, self.edit_error = draft, None
        else:
            self._set_draft(draft)

    def set_caller(self, caller: str) -> None:
        """R4: the table overrides the proposed caller."""
        draft, _ = self._target()
        if draft and caller in self.game.players:
            self._change(draft.with_caller(caller))

    def call_trump(self, colour: Colour, blind: bool = False) -> None:
        """R5/R6: the caller names trump (or yellow blind); the table display shows it."""
        draft, _ = self._target()
        if draft is None or (blind and not self.can_call_blind()):
            return
        self._change(draft.with_trump(colour, blind))

    def change_trump(self, colour: Colour) -> None:
        """Variant A: a 2 was played and a new trump named; the last one counts."""
        draft, _ = self._target()
        if draft and self.game.settings.trump_chaos:
            self._change(draft.with_final_trump(colour))

    def flip_order(self) -> None:
        """A 1 was played: the rank order turns round (display only)."""
        if self.draft:
            self._set_draft(self.draft.flipped())

    def count_tricks(self) -> None:
        """The six tricks are played: enter the counts."""
        if self.draft and self.draft.trump:
            self._set_draft(self.draft.at(Phase.TRICKS))

    def back_to_play(self) -> None:
        """Back from counting to the table display."""
        if self.draft:
            self._set_draft(self.draft.at(Phase.PLAY))

    def cancel_round(self) -> None:
        """Forget the round being entered (nothing was recorded)."""
        if self.game and not self.game.finished:
            self._set_draft(self._fresh_draft())

    def toggle_sit_out(self, player: str) -> None:
        """Variant B: ``player`` sits out, or plays after all."""
        draft, _ = self._target()
        if draft is None:
            return
        out = player not in draft.sat_out
        if out and self.sit_out_reason(player) is not None:
            return
        self._change(draft.with_sat_out(player, out))

    def set_tricks(self, player: str, made: int) -> None:
        """R7: ``player`` made ``made`` tricks (the last count fills itself in)."""
        draft, _ = self._target()
        if draft is None or player in draft.sat_out:
            return
        self._change(draft.with_tricks(self.game, player, made))

    # questions for the controls

    def can_call_blind(self) -> bool:
        """Variant C: the caller has 25 points or more (R6 otherwise always)."""
        draft, number = self._target()
        return bool(draft) and self.game.can_call_blind(draft.caller, number)

    def blind_reason(self) -> str | None:
        """Why yellow blind is disabled, in words, or ``None``."""
        draft, number = self._target()
        if draft is None or self.can_call_blind():
            return None
        score = self.game.scores_before(number)[self.game.players.index(draft.caller)]
        return self.t("why_no_blind", need=self.game.settings.rulebook.blind_needs_at_least,
                      caller=draft.caller, score=format_score(score))

    def sit_out_reason(self, player: str) -> str | None:
        """Why ``player`` may not sit out now, in words, or ``None`` when they may (B, C)."""
        draft, number = self._target()
        game = self.game
        if draft is None or game.can_sit_out(player, draft.caller, draft.sat_out, number):
            return None
        if player == draft.caller:
            return self.t("why_no_sit_out_caller")
        score = game.scores_before(number)[game.players.index(player)]
        if game.settings.restrictions and score <= game.settings.rulebook.no_sit_out_at_or_below:
            return self.t("why_no_sit_out_low", name=player, score=format_score(score))
        return self.t("why_no_sit_out_two")

    def tricks_status(self) -> str:
        """R7: how many tricks are still to give, in words."""
        draft, _ = self._target()
        left = self.game.tricks_left(draft.tricks)
        if left > 0:
            return self.t("tricks_left", n=left)
        if left < 0:
            return self.t("tricks_over", n=-left)
        return self.t("tricks_done")

    def round_problem(self) -> str | None:
        """Why the round cannot be confirmed yet (``None`` when it can)."""
        draft, number = self._target()
        if draft is None or draft.trump is None:
            return None
        missing = [p for p in self.game.takes_part(draft.to_round()) if p not in draft.tricks]
        if missing:
            return self.t("missing_tricks", names=self.names(missing))
        try:
            if self.screen is Screen.EDIT:
                self.game.verify_replace(number, draft.to_round())
            else:
                self.game.verify_round(draft.to_round())
        except ScoringError as error:
            return str(error)
        return None

    # commands that write

    def confirm_round(self) -> None:
        """Record the round: scoring checks it, the store saves it, the Block shows it."""
        draft = self.draft
        if draft is None or draft.trump is None:
            return
        try:
            game = self.game.record(draft.to_round())
        except ScoringError as error:
            self.message = str(error)
            return
        if self._save(game):
            self.last_round = len(game.rounds)
            self._set_draft(self._fresh_draft())

    def undo_round(self) -> None:
        """Remove the last round (the draft restarts for that round)."""
        if not self.game or not self.game.rounds:
            return
        number = len(self.game.rounds)
        if self._save(self.game.undo()):
            self.last_round = None
            self._set_draft(self._fresh_draft())
            self.message = self.t("round_undone", n=number)

    def edit_round(self, number: int) -> None:
        """Open round ``number`` for correction."""
        if self.game and 1 <= number <= len(self.game.rounds):
            self.edit_number = number
            self.edit_draft = RoundDraft.from_round(self.game.rounds[number - 1])
            self.edit_version = self.version  # the correction is made to this version
            self.edit_error = None
            self.screen = Screen.EDIT

    def save_edit(self) -> None:
        """Replace the corrected round; refused with the reason when a later round breaks."""
        number, draft = self.edit_number, self.edit_draft
        if number is None or draft is None:
            return
        try:
            game = self.game.replace(number, draft.to_round())
        except ScoringError as error:
            self.edit_error = str(error)
            return
        if self._save(game, on_error="edit", base=self.edit_version):
            self.screen = Screen.GAME
            self.edit_number = self.edit_draft = None
            self.last_round = number
            self.message = self.t("round_changed", n=number)
            if self.draft is None or self.draft.caller not in game.players or game.finished:
                self._set_draft(self._fresh_draft())

    def cancel_edit(self) -> None:
        """Leave the correction without changing anything."""
        self.screen = Screen.GAME
        self.edit_number = self.edit_draft = self.edit_error = None

    def _save(self, game: Game, on_error: str = "message", base: int | None = None) -> bool:
        """Persist ``game``, a change made to version ``base`` (default: the one shown).

        Only after the write returned does the state change. A change made to an
        older version (another device saved since) is refused with "changed on
        another device" and the fresh game is shown: no change is lost.
        """
        self.saved = False
        try:
            self.version = self.store.save_game(
                self.game_id, game, expected_version=self.version if base is None else base)
        except StaleGameError:
            self._reload()
            if self.screen is Screen.EDIT:
                self.cancel_edit()
            self.message = self.t("changed_elsewhere")
            return False
        except StoreError as error:
            reason = self.t("not_saved", reason=str(error))
            if on_error == "edit":
                self.edit_error = reason
            else:
                self.message = reason
            return False
        self.game, self.saved = game, True
        if self.announce is not None:
            self.announce(self.game_id, self.version)
        return True

    def set_chart(self, on: bool) -> None:
        """Show the running scores as a chart (``True``) or as the Block table."""
        self.show_chart = on

    def rematch(self) -> None:
        """Same seats and settings, the next dealer deals first."""
        game = self.game
        self.new_game_form(game.players, game.players.index(game.next_dealer), game.settings)
        self.start_game()

    # -- what the Block shows --------------------------------------------------

    def outcome_lines(self) -> list[str]:
        """R13 in words: who won, ties shared, who ran past the limit."""
        game = self.game
        outcome = game.outcome if game else None
        if outcome is None:
            return []
        score = format_score(outcome.score)
        if len(outcome.winners) == 1:
            won = self.t("wins_with", name=outcome.winners[0], score=score)
        else:
            won = self.t("share_win", names=self.names(outcome.winners), score=score)
        if outcome.reason is EndReason.LIMIT:
            scores = game.scores
            over = [p for p in game.players if scores[p] >= game.settings.limit]
            top = max(scores[p] for p in over)
            return [self.t("reached_limit", names=self.names(over), score=top),
                    f"{won}, {self.t('lowest')}"]
        return [won]

    # -- statistics ------------------------------------------------------------------

    def open_stats(self) -> None:
        """Show every known player's statistics, replayed from all stored games."""
        self.stats_message = None
        self.refresh_stats()
        self.screen = Screen.STATS

    def refresh_stats(self) -> None:
        """Replay every stored game into the statistics table."""
        store = self.store
        try:
            games = [store.load_game(g.id).game for g in store.list_games()]
            rows = player_stats(games, store.known_players())
        except StoreError as error:
            self.stats_message, self.stats_error = str(error), True
            rows = []
        self.stats = sort_stats(rows, self.stats_sort, self.stats_descending)
        names = [r.name for r in self.stats]
        if self.rename_from not in names:
            self.rename_from = names[0] if names else None
        if self.merge_into not in names or self.merge_into == self.rename_from:
            self.merge_into = None

    def sort_by(self, column: str) -> None:
        """Tap on a column header: sort by it; a second tap turns the order round.

        Names start A–Z; numbers start with the largest.
        """
        if column == self.stats_sort:
            self.stats_descending = not self.stats_descending
        else:
            self.stats_sort, self.stats_descending = column, column != "name"
        self.stats = sort_stats(self.stats, self.stats_sort, self.stats_descending)

    def choose_rename(self, name: str) -> None:
        """Pick the player to rename or merge."""
        self.rename_from = name
        self.rename_text = name
        if self.merge_into == name:
            self.merge_into = None

    def set_rename_text(self, value: str) -> None:
        """Type the new name."""
        self.rename_text = value

    def choose_merge(self, name: str | None) -> None:
        """Pick the name the chosen player is the same person as."""
        self.merge_into = name if name != self.rename_from else None

    def rename_player(self) -> None:
        """Rename the chosen player in every stored game (an existing name merges)."""
        self._rename(self.rename_from, self.rename_text, "renamed")

    def merge_players(self) -> None:
        """The chosen player and ``merge_into`` are one person: keep ``merge_into``'s name."""
        self._rename(self.rename_from, self.merge_into, "merged")

    def _rename(self, old: str | None, new: str | None, done: str) -> None:
        if not old or not new or not new.strip():
            self.stats_message, self.stats_error = self.t("name_empty"), True
            return
        new = new.strip()
        if len(new) > TWENTY_FOUR.max_name_length:
            self.stats_message = self.t("name_long", n=TWENTY_FOUR.max_name_length)
            self.stats_error = True
            return
        try:
            changed = self.store.rename_player(old, new)
        except StoreError as error:
            self.stats_message, self.stats_error = self.t("rename_refused", reason=str(error)), True
            return
        self.stats_message = self.t(done, old=old, new=new, n=len(changed))
        self.stats_error = False
        if self.game_id is not None and self.game_id in changed:  # the open game was renamed
            self._reload()
        self.rename_from, self.rename_text, self.merge_into = new, new, None
        self.refresh_games()
        self.refresh_stats()

    # -- backup ------------------------------------------------------------------------

    def export_all(self) -> tuple[str, bytes]:
        """Every stored game as ``block24 export`` writes it: a file name and its bytes."""
        return backup.export_name(), backup.export_json(self.store)

    def export_block(self) -> tuple[str, bytes] | None:
        """The open game's Block as CSV: a file name and its bytes."""
        if self.game is None:
            return None
        return backup.block_name(self.game_id), backup.block_csv(self.game).encode("utf-8")

    def exported(self, name: str, failed: str | None = None) -> None:
        """The browser (or the phone) received the file ``name``, or could not."""
        if failed:
            self.backup_message, self.backup_error = self.t("export_failed", reason=failed), True
        else:
            self.backup_message, self.backup_error = self.t("exported", name=name), False
        if self.screen is Screen.GAME:
            self.message, self.saved = self.backup_message, not self.backup_error

    def import_backup(self, name: str, data: bytes | None) -> None:
        """Import a backup file: every game in it, or none, with the reason when refused."""
        if data is None:
            self.backup_message, self.backup_error = self.t("import_no_data", name=name), True
            return
        try:
            report = backup.import_bytes(self.store, data)
        except backup.BackupRefused as error:
            self.backup_message = self.t("import_refused", name=name, reason=str(error))
            self.backup_error = True
            return
        self.backup_message = self.t("imported", name=name, new=len(report.added),
                                     updated=len(report.updated), same=len(report.unchanged))
        self.backup_error = False
        self.refresh_games()

