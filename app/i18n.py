"""The pad's words in the rule book's languages: English, German, Dutch.

``text(language, key, **values)`` looks a phrase up and fills in its values.
A key missing in a language falls back to English (a test checks none is).
"""

from __future__ import annotations

import locale
import os

__all__ = ["LANGUAGES", "TEXTS", "default_language", "text"]

LANGUAGES = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}

TEXTS: dict[str, dict[str, str]] = {
    # colours and rank order
    "red": {"en": "Red", "de": "Rot", "nl": "Rood"},
    "yellow": {"en": "Yellow", "de": "Gelb", "nl": "Geel"},
    "green": {"en": "Green", "de": "Grün", "nl": "Groen"},
    "blue": {"en": "Blue", "de": "Blau", "nl": "Blauw"},
    "blind": {"en": "blind", "de": "blind", "nl": "blind"},
    "yellow_blind": {"en": "Yellow blind", "de": "Gelb blind", "nl": "Geel blind"},
    "high_11": {"en": "11 high", "de": "11 hoch", "nl": "11 hoog"},
    "high_1": {"en": "1 high", "de": "1 hoch", "nl": "1 hoog"},
    # home
    "app_title": {"en": "Block 24", "de": "Block 24", "nl": "Block 24"},
    "new_game": {"en": "New game", "de": "Neues Spiel", "nl": "Nieuw spel"},
    "open_games": {"en": "Games in progress", "de": "Laufende Spiele", "nl": "Lopende spellen"},
    "finished_games": {"en": "Finished games", "de": "Beendete Spiele", "nl": "Afgelopen spellen"},
    "no_games": {
        "en": "No games yet. Tap “New game” to start.",
        "de": "Noch keine Spiele. Tippe auf „Neues Spiel“.",
        "nl": "Nog geen spellen. Tik op „Nieuw spel”.",
    },
    "game_line": {
        "en": "Round {round} · {leader} leads",
        "de": "Runde {round} · {leader} führt",
        "nl": "Ronde {round} · {leader} leidt",
    },
    "game_line_start": {"en": "Not started", "de": "Noch nicht begonnen", "nl": "Nog niet begonnen"},
    "won_line": {"en": "{winners} won", "de": "{winners} gewann", "nl": "{winners} won"},
    "settings": {"en": "Settings", "de": "Einstellungen", "nl": "Instellingen"},
    "language": {"en": "Language", "de": "Sprache", "nl": "Taal"},
    "dark_theme": {"en": "Dark theme", "de": "Dunkles Design", "nl": "Donker thema"},
    "back": {"en": "Back", "de": "Zurück", "nl": "Terug"},
    "home": {"en": "Games", "de": "Spiele", "nl": "Spellen"},
    # new game
    "players": {"en": "Players (clockwise)", "de": "Spieler (im Uhrzeigersinn)",
                "nl": "Spelers (met de klok mee)"},
    "player_n": {"en": "Player {n}", "de": "Spieler {n}", "nl": "Speler {n}"},
    "add_player": {"en": "Add player", "de": "Spieler hinzufügen", "nl": "Speler toevoegen"},
    "remove_player": {"en": "Remove {name}", "de": "{name} entfernen", "nl": "{name} verwijderen"},
    "move_up": {"en": "Move {name} up", "de": "{name} nach oben", "nl": "{name} omhoog"},
    "known_players": {"en": "Known players", "de": "Bekannte Spieler", "nl": "Bekende spelers"},
    "first_dealer": {"en": "First dealer", "de": "Erster Geber", "nl": "Eerste gever"},
    "draw_dealer": {"en": "Draw at random", "de": "Auslosen", "nl": "Loten"},
    "start_score": {"en": "Start score", "de": "Startpunkte", "nl": "Startpunten"},
    "start_game": {"en": "Start game", "de": "Spiel starten", "nl": "Spel starten"},
    "name_empty": {"en": "Enter a name", "de": "Name fehlt", "nl": "Vul een naam in"},
    "name_taken": {"en": "{name} is already playing", "de": "{name} spielt schon mit",
                   "nl": "{name} speelt al mee"},
    "name_long": {"en": "At most {n} characters", "de": "Höchstens {n} Zeichen",
                  "nl": "Hoogstens {n} tekens"},
    "start_score_bad": {"en": "A whole number from 1 to 999", "de": "Eine ganze Zahl von 1 bis 999",
                        "nl": "Een geheel getal van 1 tot 999"},
    "variant_a": {"en": "A · Trump chaos", "de": "A · Trumpfchaos", "nl": "A · Troefchaos"},
    "variant_a_help": {
        "en": "A played 2 may name a new trump; the last one counts.",
        "de": "Wer eine 2 spielt, darf neuen Trumpf ansagen; der letzte zählt.",
        "nl": "Wie een 2 speelt, mag een nieuwe troef noemen; de laatste telt.",
    },
    "variant_b": {"en": "B · Sitting out", "de": "B · Aussetzen", "nl": "B · Uitstappen"},
    "variant_b_help": {
        "en": "After seeing their cards a player may sit the round out (not the caller).",
        "de": "Nach dem Blick in die Karten darf man eine Runde aussetzen (nicht der Ansager).",
        "nl": "Na het zien van de kaarten mag je een ronde uitstappen (niet de troefkiezer).",
    },
    "variant_c": {"en": "C · Restrictions", "de": "C · Einschränkungen", "nl": "C · Beperkingen"},
    "variant_c_help": {
        "en": "≤ 12 points: no sitting out · ≤ 6: no exchange · blind only with ≥ 25.",
        "de": "≤ 12 Punkte: kein Aussetzen · ≤ 6: kein Tausch · blind nur ab 25.",
        "nl": "≤ 12 punten: niet uitstappen · ≤ 6: niet ruilen · blind pas vanaf 25.",
    },
    "caller_penalty": {"en": "Own trump without a trick (double)", "de": "Eigentrumpf ohne Stich (doppelt)",
                       "nl": "Eigen troef zonder slag (dubbel)"},
    "caller_penalty_help": {
        "en": "The caller who makes no trick gains double (12, 24 or 48).",
        "de": "Macht der Ansager keinen Stich, bekommt er das Doppelte (12, 24 oder 48).",
        "nl": "Haalt de troefkiezer geen slag, dan krijgt hij het dubbele (12, 24 of 48).",
    },
    # the Block
    "round": {"en": "Round", "de": "Runde", "nl": "Ronde"},
    "round_n": {"en": "Round {n}", "de": "Runde {n}", "nl": "Ronde {n}"},
    "deals": {"en": "deals", "de": "gibt", "nl": "geeft"},
    "calls": {"en": "calls", "de": "sagt an", "nl": "kiest troef"},
    "no_exchange": {"en": "no exchange", "de": "kein Tausch", "nl": "niet ruilen"},
    "next_round": {"en": "Round {n}: {caller} calls trump", "de": "Runde {n}: {caller} sagt Trumpf an",
                   "nl": "Ronde {n}: {caller} kiest troef"},
    "caller": {"en": "Caller", "de": "Ansager", "nl": "Troefkiezer"},
    "sits_out": {"en": "sits out", "de": "setzt aus", "nl": "stapt uit"},
    "plays": {"en": "plays", "de": "spielt", "nl": "speelt"},
    "undo": {"en": "Undo last round", "de": "Letzte Runde zurück", "nl": "Laatste ronde terug"},
    "saved": {"en": "Saved", "de": "Gespeichert", "nl": "Opgeslagen"},
    "not_saved": {"en": "Not saved: {reason}", "de": "Nicht gespeichert: {reason}",
                  "nl": "Niet opgeslagen: {reason}"},
    "tap_to_fix": {"en": "Tap a round to correct it", "de": "Runde antippen zum Korrigieren",
                   "nl": "Tik op een ronde om te corrigeren"},
    "why_no_blind": {"en": "Blind needs {need} points ({caller} has {score})",
                     "de": "Blind erst ab {need} Punkten ({caller} hat {score})",
                     "nl": "Blind pas vanaf {need} punten ({caller} heeft {score})"},
    "why_no_sit_out_low": {"en": "{name} has {score}: may not sit out",
                           "de": "{name} hat {score}: darf nicht aussetzen",
                           "nl": "{name} heeft {score}: mag niet uitstappen"},
    "why_no_sit_out_caller": {"en": "The caller always plays", "de": "Der Ansager spielt immer",
                              "nl": "De troefkiezer speelt altijd"},
    "why_no_sit_out_two": {"en": "Two players must play", "de": "Zwei müssen mitspielen",
                           "nl": "Twee moeten meespelen"},
    # during play
    "trump_is": {"en": "Trump", "de": "Trumpf", "nl": "Troef"},
    "flip_order": {"en": "A 1 was played: flip order", "de": "Eine 1 gespielt: Reihenfolge drehen",
                   "nl": "Een 1 gespeeld: volgorde omdraaien"},
    "change_trump": {"en": "A 2 was played: new trump", "de": "Eine 2 gespielt: neuer Trumpf",
                     "nl": "Een 2 gespeeld: nieuwe troef"},
    "called_as": {"en": "called {colour}", "de": "angesagt: {colour}", "nl": "gekozen: {colour}"},
    "count_tricks": {"en": "Round over: count tricks", "de": "Runde vorbei: Stiche zählen",
                     "nl": "Ronde voorbij: slagen tellen"},
    "cancel_round": {"en": "Cancel round", "de": "Runde abbrechen", "nl": "Ronde annuleren"},
    # tricks
    "tricks_of": {"en": "Tricks", "de": "Stiche", "nl": "Slagen"},
    "tricks_left": {"en": "{n} tricks left to give", "de": "Noch {n} Stiche zu vergeben",
                    "nl": "Nog {n} slagen te verdelen"},
    "tricks_over": {"en": "{n} tricks too many", "de": "{n} Stiche zu viel", "nl": "{n} slagen te veel"},
    "tricks_done": {"en": "All 6 tricks given", "de": "Alle 6 Stiche vergeben",
                    "nl": "Alle 6 slagen verdeeld"},
    "confirm_round": {"en": "Confirm round", "de": "Runde eintragen", "nl": "Ronde invoeren"},
    "back_to_play": {"en": "Back to the table", "de": "Zurück zum Tisch", "nl": "Terug naar tafel"},
    "missing_tricks": {"en": "Tricks missing for {names}", "de": "Stiche fehlen für {names}",
                       "nl": "Slagen ontbreken voor {names}"},
    # edit
    "edit_round": {"en": "Correct round {n}", "de": "Runde {n} korrigieren", "nl": "Ronde {n} corrigeren"},
    "save_change": {"en": "Save change", "de": "Änderung speichern", "nl": "Wijziging opslaan"},
    "cancel": {"en": "Cancel", "de": "Abbrechen", "nl": "Annuleren"},
    "final_trump": {"en": "Last trump named", "de": "Zuletzt angesagter Trumpf",
                    "nl": "Laatst genoemde troef"},
    "round_changed": {"en": "Round {n} corrected", "de": "Runde {n} korrigiert",
                      "nl": "Ronde {n} gecorrigeerd"},
    "round_undone": {"en": "Round {n} removed", "de": "Runde {n} entfernt", "nl": "Ronde {n} verwijderd"},
    # game over
    "game_over": {"en": "Game over", "de": "Spielende", "nl": "Einde van het spel"},
    "wins_with": {"en": "{name} wins with {score}", "de": "{name} gewinnt mit {score}",
                  "nl": "{name} wint met {score}"},
    "share_win": {"en": "{names} share the win at {score}", "de": "{names} teilen sich den Sieg mit {score}",
                  "nl": "{names} delen de winst met {score}"},
    "reached_limit": {"en": "{names} reached {score}", "de": "{names} erreichte {score}",
                      "nl": "{names} bereikte {score}"},
    "lowest": {"en": "the lowest score", "de": "die wenigsten Punkte", "nl": "de laagste score"},
    "and": {"en": "and", "de": "und", "nl": "en"},
    "rematch": {"en": "Rematch", "de": "Revanche", "nl": "Nog een keer"},
    "final_block": {"en": "Final Block", "de": "Endstand", "nl": "Eindstand"},
    "notice": {"en": "Note", "de": "Hinweis", "nl": "Let op"},
    # score chart
    "chart": {"en": "Chart", "de": "Kurve", "nl": "Grafiek"},
    "block_view": {"en": "Block", "de": "Block", "nl": "Blok"},
    "chart_label": {"en": "Score chart after {n} rounds: {scores}. Limit {limit}.",
                    "de": "Punktekurve nach {n} Runden: {scores}. Grenze {limit}.",
                    "nl": "Puntengrafiek na {n} rondes: {scores}. Grens {limit}."},
    "limit_line": {"en": "limit {limit}", "de": "Grenze {limit}", "nl": "grens {limit}"},
    "zero_line": {"en": "0 ends the game", "de": "0 beendet das Spiel", "nl": "0 beëindigt het spel"},
    "red_short": {"en": "R", "de": "R", "nl": "R"},
    "yellow_short": {"en": "Y", "de": "Ge", "nl": "Ge"},
    "green_short": {"en": "G", "de": "Gr", "nl": "Gr"},
    "blue_short": {"en": "B", "de": "B", "nl": "B"},
    "blind_short": {"en": "bl", "de": "bl", "nl": "bl"},
    "trump_per_round": {"en": "Trump per round", "de": "Trumpf je Runde", "nl": "Troef per ronde"},
    # statistics
    "statistics": {"en": "Statistics", "de": "Statistik", "nl": "Statistieken"},
    "no_stats": {"en": "No games stored yet.", "de": "Noch keine Spiele gespeichert.",
                 "nl": "Nog geen spellen opgeslagen."},
    "sort_hint": {"en": "Tap a column to sort", "de": "Spalte antippen zum Sortieren",
                  "nl": "Tik op een kolom om te sorteren"},
    "col_name": {"en": "Player", "de": "Spieler", "nl": "Speler"},
    "col_games": {"en": "Games", "de": "Spiele", "nl": "Spellen"},
    "col_wins": {"en": "Wins", "de": "Siege", "nl": "Winst"},
    "col_win_rate": {"en": "Win %", "de": "Sieg %", "nl": "Winst %"},
    "col_average": {"en": "Avg. final", "de": "Ø Ende", "nl": "Gem. eind"},
    "col_best": {"en": "Best", "de": "Bestes", "nl": "Beste"},
    "col_worst": {"en": "Worst", "de": "Schlechtestes", "nl": "Slechtste"},
    "col_no_trick": {"en": "No trick", "de": "Ohne Stich", "nl": "Geen slag"},
    "col_calls": {"en": "Calls", "de": "Ansagen", "nl": "Troef gekozen"},
    "col_calls_no_trick": {"en": "Own trump, no trick", "de": "Eigentrumpf ohne Stich",
                           "nl": "Eigen troef zonder slag"},
    "col_blind_calls": {"en": "Yellow blind", "de": "Gelb blind", "nl": "Geel blind"},
    "col_sat_out": {"en": "Sat out", "de": "Ausgesetzt", "nl": "Uitgestapt"},
    "shared_n": {"en": "{n} shared", "de": "{n} geteilt", "nl": "{n} gedeeld"},
    "blind_cell": {"en": "{n} · {clean} no trick · {points} pts",
                   "de": "{n} · {clean} ohne Stich · {points} P.",
                   "nl": "{n} · {clean} zonder slag · {points} ptn"},
    "wins_chart": {"en": "Wins (dark) of finished games (light)",
                   "de": "Siege (dunkel) von beendeten Spielen (hell)",
                   "nl": "Winst (donker) van afgelopen spellen (licht)"},
    "rename_title": {"en": "Rename or merge a player", "de": "Spieler umbenennen oder zusammenführen",
                     "nl": "Speler hernoemen of samenvoegen"},
    "player": {"en": "Player", "de": "Spieler", "nl": "Speler"},
    "new_name": {"en": "New name", "de": "Neuer Name", "nl": "Nieuwe naam"},
    "rename": {"en": "Rename everywhere", "de": "Überall umbenennen", "nl": "Overal hernoemen"},
    "same_person": {"en": "Same person as", "de": "Dieselbe Person wie", "nl": "Dezelfde persoon als"},
    "merge": {"en": "Merge", "de": "Zusammenführen", "nl": "Samenvoegen"},
    "renamed": {"en": "{old} is now {new} ({n} games)", "de": "{old} heißt jetzt {new} ({n} Spiele)",
                "nl": "{old} heet nu {new} ({n} spellen)"},
    "merged": {"en": "{old} merged into {new} ({n} games)",
               "de": "{old} mit {new} zusammengeführt ({n} Spiele)",
               "nl": "{old} samengevoegd met {new} ({n} spellen)"},
    "rename_refused": {"en": "Not renamed: {reason}", "de": "Nicht umbenannt: {reason}",
                       "nl": "Niet hernoemd: {reason}"},
    # backup
    "backup": {"en": "Backup", "de": "Sicherung", "nl": "Back-up"},
    "backup_help": {
        "en": "A backup file holds every game. Importing adds its games and never deletes any.",
        "de": "Eine Sicherung enthält alle Spiele. Beim Einlesen kommen Spiele dazu, keines wird gelöscht.",
        "nl": "Een back-up bevat alle spellen. Inlezen voegt spellen toe en verwijdert er nooit een.",
    },
    "export_all": {"en": "Export all games", "de": "Alle Spiele exportieren",
                   "nl": "Alle spellen exporteren"},
    "export_block": {"en": "Export Block (CSV)", "de": "Block exportieren (CSV)",
                     "nl": "Blok exporteren (CSV)"},
    "import_backup": {"en": "Import a backup", "de": "Sicherung einlesen", "nl": "Back-up inlezen"},
    "exported": {"en": "{name} saved", "de": "{name} gespeichert", "nl": "{name} opgeslagen"},
    "export_failed": {"en": "Not exported: {reason}", "de": "Nicht exportiert: {reason}",
                      "nl": "Niet geëxporteerd: {reason}"},
    "import_no_data": {"en": "{name} could not be read", "de": "{name} konnte nicht gelesen werden",
                       "nl": "{name} kon niet gelezen worden"},
    "import_refused": {"en": "{name} was not imported: {reason}. Nothing was changed.",
                       "de": "{name} wurde nicht eingelesen: {reason}. Nichts wurde geändert.",
                       "nl": "{name} is niet ingelezen: {reason}. Er is niets veranderd."},
    "imported": {"en": "{name}: {new} new games, {updated} updated, {same} already there",
                 "de": "{name}: {new} neue Spiele, {updated} aktualisiert, {same} schon vorhanden",
                 "nl": "{name}: {new} nieuwe spellen, {updated} bijgewerkt, {same} al aanwezig"},
}


def default_language() -> str:
    """The system's language when it is one of ours, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value[:2] in LANGUAGES:
            return value[:2]
    found = (locale.getlocale()[0] or "")[:2]
    return found if found in LANGUAGES else "en"


def text(language: str, key: str, **values: object) -> str:
    """The phrase ``key`` in ``language`` (English when missing), with ``values`` filled in."""
    phrases = TEXTS[key]
    phrase = phrases.get(language) or phrases["en"]
    return phrase.format(**values) if values else phrase
