"""The words a game screen shows, as plain functions of the engine's answers.

Each takes the table's :class:`~app.state.prefs.Prefs` (its language) and what
the engine said — an outcome, a count of tricks left, a cost — and words it.
None decides a rule: the figures are the engine's.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from scoring import EndReason, Evening, Game, RoundResult, worst_score

from ..i18n import dotted, format_score, names_in, notes_of
from .prefs import Prefs

__all__ = [
    "change_words",
    "changes",
    "contract_line",
    "evening_line",
    "glance",
    "misdeal_note",
    "outcome_lines",
    "shows_change",
    "sit_out_note",
    "tricks_status",
]


def outcome_lines(prefs: Prefs, game: Game) -> list[str]:
    """R13/Z20 in words: who won (ties shared, the first out alone), who ran past the limit."""
    outcome = game.outcome
    if outcome is None:
        return []
    t = prefs.t
    score = format_score(outcome.score)
    zero = outcome.reason is EndReason.ZERO
    if zero and outcome.exact_zero:  # Z16/Z19: the classic end
        score = t("exactly 0")
    if len(outcome.winners) == 1:
        name = outcome.winners[0]
        won = (t("{name} was out first and wins with {score}", name=name, score=score)
               if zero and outcome.first_out  # Z20
               else t("{name} wins with {score}", name=name, score=score))
    else:
        won = t("{names} share the win at {score}", names=names_in(prefs.language, outcome.winners),
                score=score)
    if outcome.reason is EndReason.LIMIT:
        over = game.reached_limit()
        top = worst_score(game.scores[p] for p in over)
        return [prefs.nt("{names} reached {score}", "{names} reached {score}",
                         names=names_in(prefs.language, over), score=top),
                won + ", " + t("the lowest score")]
    return [won]


def evening_line(prefs: Prefs, evening: Evening) -> str | None:
    """The rematch tally in words: "Wins in 3 games tonight: Anna 2 · Ben 1 · Carl 0"."""
    if not evening.wins:
        return None
    # no line break between a name and its count (a no-break space), nor before a dot
    wins = dotted(*(f"{name}\u00a0{count}" for name, count in evening.wins))
    if evening.mixed:  # the wins of 24 and of 20 ab summed: said, not hidden
        return prefs.nt("Wins in {n} game of 24 and 20 ab tonight: {wins}",
                        "Wins in {n} games of 24 and 20 ab tonight: {wins}", n=evening.games, wins=wins)
    return prefs.nt("Wins in {n} game tonight: {wins}", "Wins in {n} games tonight: {wins}",
                    n=evening.games, wins=wins)


def tricks_status(prefs: Prefs, left: int, total: int) -> str:
    """R7/Z10: how many of the ``total`` tricks are still to give (``left``), in words."""
    if left > 0:
        return prefs.nt("{n} trick left to give", "{n} tricks left to give", n=left)
    if left < 0:
        return prefs.nt("{n} trick too many", "{n} tricks too many", n=-left)
    return prefs.t("All {n} tricks given", n=total)


def sit_out_note(prefs: Prefs, cost: int, never: int | None) -> str | None:
    """R11/Z15 and Z9 in words: what sitting out costs, or that it is free but bounded (nobody
    sits out ``never`` rounds running)."""
    if cost:
        return prefs.t("Sitting out costs {cost}", cost=format_score(cost, signed=True))
    if never is not None:
        return prefs.t("Sitting out is free (never {n} rounds running)", n=never)
    return None


def shows_change(delta: int, sat_out: bool) -> bool:
    """Whether a player's change in a round is shown (the Block's cell, its spoken row, the
    preview before a round is saved): always for a player who played, a 0 too; for a sitter only
    when sitting out costs him (Z15) or a misdeal strike does (Z17), as a free sit-out changes
    nothing."""
    return not sat_out or delta != 0


def changes(players: tuple[str, ...], result: RoundResult, sat_out: Collection[str]
            ) -> list[tuple[str, int]]:
    """What a round changes, per player whose change is shown (:func:`shows_change`): "Anna −2"."""
    return [(name, delta) for name, delta in zip(players, result.deltas, strict=True)
            if shows_change(delta, name in sat_out)]


def change_words(prefs: Prefs, players: tuple[str, ...], result: RoundResult,
                 sat_out: Collection[str]) -> list[str]:
    """:func:`changes` in words, with what a bare number would hide: the notes the engine left on
    the round (a missed contract, a score that stays, a third strike, 100 → 10)."""
    notes = notes_of(prefs.t, result.notes)
    return [f"{name} {format_score(delta, signed=True)}"
            + "".join(f" ({note})" for note in notes.get(name, ()))
            for name, delta in changes(players, result, sat_out)]


def contract_line(prefs: Prefs, caller: str, contract: int | None) -> str | None:
    """Z14 in words while the cards are played: "Ben must make 4"."""
    return None if contract is None else prefs.t("{name} must make {n}", name=caller, n=contract)


def misdeal_note(prefs: Prefs, dealer: str, before: int, now: int, penalty: int) -> str | None:
    """Z17 in words: the misdeals entered for this deal (``now``) apart from the dealer's
    running count (``before`` this round), and "+12 now" when this deal's reach a third strike
    (``None`` before his first). A running count alone is not a misdeal of this deal."""
    if not now:
        return prefs.nt("{name}: {n} misdeal so far", "{name}: {n} misdeals so far",
                        name=dealer, n=before) if before else None
    said = prefs.nt("{name}: {n} misdeal in this deal", "{name}: {n} misdeals in this deal",
                    name=dealer, n=now)
    if before:
        said += " · " + prefs.t("{n} in all", n=before + now)
    return said + (" · " + prefs.t("+{points} now", points=penalty) if penalty else "")


def glance(prefs: Prefs, game: Game | None) -> dict[str, Any] | None:
    """The game being played, worded for the web build's loading screen (``None``: none; a
    finished game is not resumed at a start)."""
    if game is None or game.finished:
        return None
    return {"v": 1, "lang": prefs.language, "dark": prefs.dark,
            "round": prefs.t("Round {n}", n=len(game.rounds)) if game.rounds else "",
            "players": [[name, format_score(score)] for name, score in game.scores.items()]}
