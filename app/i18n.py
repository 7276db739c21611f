"""The pad's words in the rule book's languages: English, German, Dutch.

``text(language, key, **values)`` looks a phrase up and fills in its values.
The phrases are compiled into one standard :mod:`gettext` catalogue per
language, so plurals ("1 trick", "2 tricks") come from ``ngettext`` and the
catalogue's Plural-Forms. A key missing in a language falls back to English
(a test checks none is). Refusals of the engine and the store arrive as a code
with values (:func:`reason`), worded from :mod:`app.locale.refusals`. Dates and
numbers are written the language's way; names are kept exactly as typed.
"""

from __future__ import annotations

import array
import datetime as dt
import functools
import gettext
import io
import locale
import os
import struct

from scoring import Colour, ScoringError
from scoring.errors import MESSAGES
from scoring.twenty_ab import Suit

from .locale import twenty_ab
from .locale.refusals import KINDS, REFUSALS, STORE

__all__ = ["LANGUAGES", "PLURALS", "TEXTS", "default_language", "format_date", "format_decimal",
           "format_percent", "format_score", "names_in", "reason", "text", "translations"]

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
    "game_line_start": {"en": "Not started", "de": "Noch nicht begonnen", "nl": "Nog niet begonnen"},
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
    "saved_in_memory": {"en": "Kept in memory only (this browser keeps no data)",
                        "de": "Nur im Speicher (dieser Browser speichert nichts)",
                        "nl": "Alleen in het geheugen (deze browser bewaart niets)"},
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
    "lowest": {"en": "the lowest score", "de": "die wenigsten Punkte", "nl": "de laagste score"},
    "and": {"en": "and", "de": "und", "nl": "en"},
    "rematch": {"en": "Rematch", "de": "Revanche", "nl": "Nog een keer"},
    "final_block": {"en": "Final Block", "de": "Endstand", "nl": "Eindstand"},
    "join_title": {"en": "Join the table", "de": "Am Tisch mitmachen", "nl": "Aan tafel meedoen"},
    "join_help": {"en": "Enter the 6-digit code shown on the phone that keeps the Block.",
                  "de": "Gib den 6-stelligen Code ein, den das Block-Handy zeigt.",
                  "nl": "Vul de 6-cijferige code in die de Block-telefoon toont."},
    "join_code": {"en": "Join code", "de": "Beitrittscode", "nl": "Deelcode"},
    "join": {"en": "Join", "de": "Beitreten", "nl": "Meedoen"},
    "join_wrong": {"en": "Wrong code", "de": "Falscher Code", "nl": "Verkeerde code"},
    "join_locked": {"en": "Too many wrong codes: wait {s} s", "de": "Zu viele falsche Codes: {s} s warten",
                    "nl": "Te veel verkeerde codes: wacht {s} s"},
    "other_phones": {"en": "Other phones", "de": "Weitere Handys", "nl": "Andere telefoons"},
    "new_code": {"en": "New code", "de": "Neuer Code", "nl": "Nieuwe code"},
    "joined_phones": {"en": "Joined phones (send one away: it sees the join screen again)",
                      "de": "Beigetretene Handys (entfernen: es sieht wieder die Code-Eingabe)",
                      "nl": "Aangesloten telefoons (verwijderen: hij ziet weer het codescherm)"},
    "no_phones_joined": {"en": "No other phone has joined yet", "de": "Noch kein anderes Handy dabei",
                         "nl": "Nog geen andere telefoon aangesloten"},
    "send_away": {"en": "Send away", "de": "Entfernen", "nl": "Verwijderen"},
    "other_phones_help": {"en": "Scan or open {url} and enter the code {code}",
                          "de": "Scanne oder öffne {url} und gib den Code {code} ein",
                          "nl": "Scan of open {url} en vul de code {code} in"},
    "changed_elsewhere": {"en": "Changed on another device: here is the fresh Block",
                          "de": "Auf einem anderen Gerät geändert: hier der aktuelle Block",
                          "nl": "Op een ander apparaat gewijzigd: hier is de actuele Block"},
    "notice": {"en": "Note", "de": "Hinweis", "nl": "Let op"},
    # score chart
    "chart": {"en": "Chart", "de": "Kurve", "nl": "Grafiek"},
    "block_view": {"en": "Block", "de": "Block", "nl": "Blok"},
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
    "swipe_hint": {"en": "swipe sideways for more columns", "de": "seitlich wischen für mehr Spalten",
                   "nl": "veeg opzij voor meer kolommen"},
    "no_finished": {"en": "No finished game yet: the chart shows the wins once a game ends.",
                    "de": "Noch kein Spiel beendet: das Diagramm zeigt die Siege, sobald eines endet.",
                    "nl": "Nog geen spel afgelopen: de grafiek toont de winsten zodra er een eindigt."},
    "col_name": {"en": "Player", "de": "Spieler", "nl": "Speler"},
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
    "blind_cell": {"en": "{n} · {clean} no trick · {points} pts",
                   "de": "{n} · {clean} ohne Stich · {points} P.",
                   "nl": "{n} · {clean} zonder slag · {points} ptn"},
    "wins_chart": {"en": "Wins (strong bar) of finished games (pale bar behind it)",
                   "de": "Siege (kräftiger Balken) von beendeten Spielen (blasser Balken dahinter)",
                   "nl": "Winst (sterke balk) van afgelopen spellen (bleke balk erachter)"},
    "rename_title": {"en": "Rename or merge a player", "de": "Spieler umbenennen oder zusammenführen",
                     "nl": "Speler hernoemen of samenvoegen"},
    "player": {"en": "Player", "de": "Spieler", "nl": "Speler"},
    "new_name": {"en": "New name", "de": "Neuer Name", "nl": "Nieuwe naam"},
    "rename": {"en": "Rename everywhere", "de": "Überall umbenennen", "nl": "Overal hernoemen"},
    "same_person": {"en": "Same person as", "de": "Dieselbe Person wie", "nl": "Dezelfde persoon als"},
    "merge": {"en": "Merge", "de": "Zusammenführen", "nl": "Samenvoegen"},
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
    "err_os": {"en": "the device refused to save ({reason})",
               "de": "das Gerät hat das Speichern verweigert ({reason})",
               "nl": "het apparaat weigerde op te slaan ({reason})"},
    # added with the split state, routes, undo and delete (issue 9)
    "start": {"en": "Start", "de": "Start", "nl": "Start"},
    "out_short": {"en": "out", "de": "aus", "nl": "uit"},
    "called_then": {"en": "{called}, then {final}", "de": "{called}, dann {final}",
                    "nl": "{called}, daarna {final}"},
    "who_sits_out": {"en": "Round {n} · {trump}: who sits out?", "de": "Runde {n} · {trump}: wer setzt aus?",
                     "nl": "Ronde {n} · {trump}: wie stapt uit?"},
    "play_cards": {"en": "Play the cards", "de": "Karten spielen", "nl": "Kaarten spelen"},
    "tap_to_flip": {"en": "Tap to flip the order", "de": "Antippen dreht die Reihenfolge",
                    "nl": "Tik om de volgorde om te draaien"},
    "cancel_round_q": {"en": "Cancel round {n}? What was entered is lost.",
                       "de": "Runde {n} abbrechen? Das Eingegebene geht verloren.",
                       "nl": "Ronde {n} annuleren? Wat is ingevoerd, gaat verloren."},
    "keep_playing": {"en": "Keep playing", "de": "Weiterspielen", "nl": "Verder spelen"},
    "undo_short": {"en": "Undo", "de": "Zurücknehmen", "nl": "Terugnemen"},
    "undo_back": {"en": "Undo", "de": "Rückgängig", "nl": "Ongedaan maken"},
    "undo_reopens": {"en": "Undo round {n}? The game is over; undoing it reopens the game.",
                     "de": "Runde {n} zurücknehmen? Das Spiel ist vorbei; dann geht es weiter.",
                     "nl": "Ronde {n} terugnemen? Het spel is voorbij; dan gaat het verder."},
    "keep": {"en": "Keep", "de": "Behalten", "nl": "Houden"},
    "round_restored": {"en": "Round {n} is back", "de": "Runde {n} ist wieder da",
                       "nl": "Ronde {n} is terug"},
    "delete": {"en": "Delete", "de": "Löschen", "nl": "Verwijderen"},
    "delete_game": {"en": "Delete the game {players}", "de": "Spiel {players} löschen",
                    "nl": "Spel {players} verwijderen"},
    "delete_q": {"en": "Delete the game {players}? It leaves the lists and the statistics.",
                 "de": "Spiel {players} löschen? Es verschwindet aus Listen und Statistik.",
                 "nl": "Spel {players} verwijderen? Het verdwijnt uit lijsten en statistieken."},
    "game_deleted": {"en": "Game deleted", "de": "Spiel gelöscht", "nl": "Spel verwijderd"},
    "game_gone": {"en": "That game is no longer stored", "de": "Dieses Spiel ist nicht mehr gespeichert",
                  "nl": "Dat spel is niet meer opgeslagen"},
    "memory_only": {"en": "This browser keeps no data: games are kept in memory only, until the tab closes.",
                    "de": "Dieser Browser speichert nichts: Spiele bleiben nur bis zum Schließen im "
                          "Speicher.",
                    "nl": "Deze browser bewaart niets: spellen blijven alleen in het geheugen tot "
                          "het tabblad sluit."},
    "more_games": {"en": "Show {n} more", "de": "{n} weitere zeigen", "nl": "Nog {n} tonen"},
    "storage_evictable": {
        "en": "This browser may clear stored games when space runs low: keep a copy with "
              "“Export all games”.",
        "de": "Dieser Browser kann gespeicherte Spiele löschen, wenn der Platz knapp wird: "
              "sichere eine Kopie mit „Alle Spiele exportieren“.",
        "nl": "Deze browser kan opgeslagen spellen wissen als de ruimte opraakt: bewaar een kopie "
              "met „Alle spellen exporteren”."},
    "caller_penalty_help_a": {
        "en": "Off by default with A (a changed trump is no longer the caller's own).",
        "de": "Mit A vorgeschlagen aus (ein geänderter Trumpf ist nicht mehr der eigene).",
        "nl": "Met A standaard uit (een gewijzigde troef is niet meer de eigen troef).",
    },
    "finished_only": {"en": "Counted over finished games only.", "de": "Gezählt werden nur beendete Spiele.",
                      "nl": "Alleen afgelopen spellen tellen mee."},
    "col_finished": {"en": "Games (finished)", "de": "Spiele (beendet)", "nl": "Spellen (afgelopen)"},
    "at_round": {"en": "round {n}: {reason}", "de": "Runde {n}: {reason}", "nl": "ronde {n}: {reason}"},
    "after_changing": {"en": "after changing round {n}, {reason}",
                       "de": "nach der Änderung von Runde {n}: {reason}",
                       "nl": "na het wijzigen van ronde {n}: {reason}"},
    "in_game": {"en": "game {n} of the file: {reason}", "de": "Spiel {n} der Datei: {reason}",
                "nl": "spel {n} van het bestand: {reason}"},
    "import_parts": {"en": "{name}: {new}, {updated}, {same}", "de": "{name}: {new}, {updated}, {same}",
                     "nl": "{name}: {new}, {updated}, {same}"},
    # statistics per rule book (issue 11)
    "stats_book": {"en": "Rule book", "de": "Regelwerk", "nl": "Spelregels"},
    "book_24": {"en": "24", "de": "24", "nl": "24"},
    "book_20ab": {"en": "20 ab", "de": "20 ab", "nl": "20 ab"},
    # the CSV Block's head and words (app/block_csv.py; the command line keeps its English head)
    "csv_round": {"en": "Round", "de": "Runde", "nl": "Ronde"},
    "csv_start": {"en": "Start", "de": "Start", "nl": "Start"},
    "csv_caller": {"en": "Caller", "de": "Ansager", "nl": "Troefkiezer"},
    "csv_trump": {"en": "Trump", "de": "Trumpf", "nl": "Troef"},
    "csv_final_trump": {"en": "Final trump", "de": "Letzter Trumpf", "nl": "Laatste troef"},
    "csv_blind": {"en": "blind", "de": "blind", "nl": "blind"},
    "csv_dealer": {"en": "Dealer", "de": "Geber", "nl": "Gever"},
    "csv_bid": {"en": "Bid", "de": "Gebot", "nl": "Bod"},
    "csv_knock": {"en": "knock", "de": "Klopfen", "nl": "klop"},
    "csv_misdeals": {"en": "Misdeals", "de": "Fehlgaben", "nl": "Misgiften"},
    "csv_sat_out": {"en": "Sat out", "de": "Ausgesetzt", "nl": "Uitgestapt"},
    "csv_change": {"en": "{name} change", "de": "{name} Änderung", "nl": "{name} verschil"},
    # an import's progress (issue 12)
    "import_reading": {"en": "Reading the backup…", "de": "Sicherung wird gelesen…",
                       "nl": "Back-up wordt gelezen…"},
}
assert not TEXTS.keys() & twenty_ab.TEXTS.keys(), "a 20 ab key repeats one of 24's"
TEXTS.update(twenty_ab.TEXTS)

PLURALS: dict[str, dict[str, tuple[str, str]]] = {
    # (one, other) per language, chosen by gettext's ngettext on ``n`` (Plural-Forms: n != 1)
    "tricks_left": {"en": ("{n} trick left to give", "{n} tricks left to give"),
                    "de": ("Noch {n} Stich zu vergeben", "Noch {n} Stiche zu vergeben"),
                    "nl": ("Nog {n} slag te verdelen", "Nog {n} slagen te verdelen")},
    "tricks_over": {"en": ("{n} trick too many", "{n} tricks too many"),
                    "de": ("{n} Stich zu viel", "{n} Stiche zu viel"),
                    "nl": ("{n} slag te veel", "{n} slagen te veel")},
    # n: how many lead (a tie)
    "game_line": {"en": ("Round {round} · {leader} leads", "Round {round} · {leader} lead"),
                  "de": ("Runde {round} · {leader} führt", "Runde {round} · {leader} führen"),
                  "nl": ("Ronde {round} · {leader} leidt", "Ronde {round} · {leader} leiden")},
    # n: how many won (R13: a shared win)
    "won_line": {"en": ("{winners} won", "{winners} won"),
                 "de": ("{winners} gewann", "{winners} gewannen"),
                 "nl": ("{winners} won", "{winners} wonnen")},
    "reached_limit": {"en": ("{names} reached {score}", "{names} reached {score}"),
                      "de": ("{names} erreichte {score}", "{names} erreichten {score}"),
                      "nl": ("{names} bereikte {score}", "{names} bereikten {score}")},
    "renamed": {"en": ("{old} is now {new} ({n} game)", "{old} is now {new} ({n} games)"),
                "de": ("{old} heißt jetzt {new} ({n} Spiel)", "{old} heißt jetzt {new} ({n} Spiele)"),
                "nl": ("{old} heet nu {new} ({n} spel)", "{old} heet nu {new} ({n} spellen)")},
    "merged": {"en": ("{old} merged into {new} ({n} game)", "{old} merged into {new} ({n} games)"),
               "de": ("{old} mit {new} zusammengeführt ({n} Spiel)",
                      "{old} mit {new} zusammengeführt ({n} Spiele)"),
               "nl": ("{old} samengevoegd met {new} ({n} spel)",
                      "{old} samengevoegd met {new} ({n} spellen)")},
    "imported_new": {"en": ("{n} new game", "{n} new games"), "de": ("{n} neues Spiel", "{n} neue Spiele"),
                     "nl": ("{n} nieuw spel", "{n} nieuwe spellen")},
    "imported_updated": {"en": ("{n} updated", "{n} updated"), "de": ("{n} aktualisiert", "{n} aktualisiert"),
                         "nl": ("{n} bijgewerkt", "{n} bijgewerkt")},
    "imported_same": {"en": ("{n} already there", "{n} already there"),
                      "de": ("{n} schon vorhanden", "{n} schon vorhanden"),
                      "nl": ("{n} al aanwezig", "{n} al aanwezig")},
    "chart_label": {"en": ("Score chart after {n} round: {scores}. Limit {limit}.",
                           "Score chart after {n} rounds: {scores}. Limit {limit}."),
                    "de": ("Punktekurve nach {n} Runde: {scores}. Grenze {limit}.",
                           "Punktekurve nach {n} Runden: {scores}. Grenze {limit}."),
                    "nl": ("Puntengrafiek na {n} ronde: {scores}. Grens {limit}.",
                           "Puntengrafiek na {n} rondes: {scores}. Grens {limit}.")},
    "evening_wins": {"en": ("Wins in {n} game tonight: {wins}", "Wins in {n} games tonight: {wins}"),
                     "de": ("Siege in {n} Spiel heute Abend: {wins}",
                            "Siege in {n} Spielen heute Abend: {wins}"),
                     "nl": ("Gewonnen in {n} spel vanavond: {wins}",
                            "Gewonnen in {n} spellen vanavond: {wins}")},
    "shared_n": {"en": ("{n} shared", "{n} shared"), "de": ("{n} geteilt", "{n} geteilt"),
                 "nl": ("{n} gedeeld", "{n} gedeeld")},
    # an import's progress (issue 12); n: games in the file, {count} the same written with spaces
    "import_progress": {"en": ("Importing {done} of {count} game…", "Importing {done} of {count} games…"),
                        "de": ("{done} von {count} Spiel eingelesen…",
                               "{done} von {count} Spielen eingelesen…"),
                        "nl": ("{done} van {count} spel ingelezen…",
                               "{done} van {count} spellen ingelezen…")},
    "import_saving": {"en": ("Saving {count} game…", "Saving {count} games…"),
                      "de": ("{count} Spiel wird gespeichert…", "{count} Spiele werden gespeichert…"),
                      "nl": ("{count} spel wordt opgeslagen…", "{count} spellen worden opgeslagen…")},
}
assert not PLURALS.keys() & twenty_ab.PLURALS.keys(), "a 20 ab plural repeats one of 24's"
PLURALS.update(twenty_ab.PLURALS)


def default_language() -> str:
    """The system's language when it is one of ours, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value[:2] in LANGUAGES:
            return value[:2]
    found = (locale.getlocale()[0] or "")[:2]
    return found if found in LANGUAGES else "en"


def _mo(messages: dict[bytes, bytes]) -> bytes:
    """``messages`` as a GNU ``.mo`` catalogue (the format ``msgfmt`` writes), built in memory."""
    keys = sorted(messages)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    table: list[int] = []
    for id_at, id_len, _, _ in offsets:
        table += [id_len, id_at + key_start]
    for _, _, str_at, str_len in offsets:
        table += [str_len, str_at + value_start]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return header + array.array("i", table).tobytes() + ids + strs


def _catalogue(language: str) -> gettext.GNUTranslations:
    """The language's phrases as a standard ``gettext`` catalogue; ``ngettext`` picks plurals."""
    messages = {b"": (f"Language: {language}\nContent-Type: text/plain; charset=UTF-8\n"
                      "Plural-Forms: nplurals=2; plural=(n != 1);\n").encode()}
    for key, phrases in TEXTS.items():
        if language in phrases:
            messages[key.encode()] = phrases[language].encode()
    for key, forms in PLURALS.items():
        if language in forms:
            messages[f"{key}\0{key}".encode()] = "\0".join(forms[language]).encode()
    return gettext.GNUTranslations(io.BytesIO(_mo(messages)))


@functools.cache
def translations(language: str) -> gettext.GNUTranslations:
    """The catalogue of ``language``, falling back to English for a missing phrase."""
    found = _catalogue(language if language in LANGUAGES else "en")
    if language != "en":
        found.add_fallback(translations("en"))
    return found


def text(language: str, key: str, **values: object) -> str:
    """The phrase ``key`` in ``language`` with ``values`` filled in; a plural by ``values["n"]``."""
    catalogue = translations(language)
    if key in PLURALS:
        count = values.get("n", 1)
        phrase = catalogue.ngettext(key, key, count if isinstance(count, int) else 1)
    elif key in TEXTS:
        phrase = catalogue.gettext(key)
    else:
        raise KeyError(f"no phrase {key!r}")
    return phrase.format(**values) if values else phrase


def format_score(value: int, signed: bool = False) -> str:
    """A score as the Block writes it: a real minus sign, ``+`` on gains when ``signed``."""
    if value < 0:
        return f"−{-value}"
    return f"+{value}" if signed and value > 0 else str(value)


def names_in(language: str, names: tuple[str, ...] | list[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carl`` (names exactly as typed)."""
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {text(language, 'and')} {names[-1]}"


class _Blanks(dict):
    """Values for a template; a blank the error did not fill reads "?" instead of failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def _localised(language: str, values: dict[str, object]) -> _Blanks:
    """A refusal's values in ``language``: colours and suits named, JSON kinds worded, names kept as typed."""
    shown = _Blanks()
    for key, value in values.items():
        word = None
        if isinstance(value, Colour | Suit) and language != "en":
            word = value.value
        elif key == "why" and language != "en":  # Z9: the round a sitter may not sit out
            word = "clubs" if value == "clubs" else f"why_{value}"
        if word is not None:  # Dutch writes colours and suits small inside a sentence
            value = text(language, word).lower() if language == "nl" else text(language, word)
        elif key == "kind" and isinstance(value, str) and language != "en":
            value = KINDS.get(value, {}).get(language, value)
        shown[key] = value
    return shown


def reason(language: str, error: BaseException) -> str:
    """Why a command failed, in ``language``, worded from the error's code and values.

    The engine's :class:`scoring.ScoringError` and the store's errors carry a
    ``code`` with its ``values``: the rules' refusals are worded from
    :data:`app.locale.refusals.REFUSALS` (English from the engine's own
    templates), the store's from :data:`~app.locale.refusals.STORE`, with the
    round at fault named first. An OS error is worded from its errno. No
    internal id or path is shown.
    """
    code = getattr(error, "code", None)
    values = dict(getattr(error, "values", None) or {})
    if isinstance(error, ScoringError) and code in MESSAGES:
        template = MESSAGES[code] if language == "en" else REFUSALS.get(code, {}).get(language,
                                                                                      MESSAGES[code])
        words = template.format_map(_localised(language, values))
        edited = getattr(error, "edited_round", None)
        if edited is not None:
            words = text(language, "after_changing", n=edited, reason=words)
        if error.round_number is not None:
            words = text(language, "at_round", n=error.round_number, reason=words)
        return words
    cause = getattr(error, "cause", None) or error.__cause__ or error.__context__
    if isinstance(cause, ScoringError) and code == "import_refused":  # which game, then the rule
        return text(language, "in_game", n=values.get("game", "?"), reason=reason(language, cause))
    if code in STORE:
        words = STORE[code].get(language, STORE[code]["en"]).format_map(_localised(language, values))
        return text(language, "at_round", n=values["round"], reason=words) \
            if isinstance(values.get("round"), int) and code == "import_refused" else words
    if isinstance(error, OSError):
        return text(language, "err_os", reason=error.strerror or type(error).__name__)
    return str(error)


_MONTHS = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
}


def format_date(language: str, moment: dt.datetime) -> str:
    """A date and time the language's way.

    ``22 Nov 2026, 15:30`` (en), ``22.11.2026 15:30`` (de), ``22-11-2026 15:30`` (nl).
    """
    local = moment.astimezone()
    if language == "de":
        return f"{local:%d.%m.%Y %H:%M}"
    if language == "nl":
        return f"{local.day}-{local:%m-%Y %H:%M}"
    return f"{local.day} {_MONTHS['en'][local.month - 1]} {local:%Y, %H:%M}"


def format_decimal(language: str, value: float, digits: int = 1) -> str:
    """``22.5`` in English, ``22,5`` in German and Dutch; a real minus sign."""
    shown = f"{abs(value):.{digits}f}"
    if language in ("de", "nl"):
        shown = shown.replace(".", ",")
    return f"−{shown}" if value < 0 else shown


def format_percent(language: str, share: float) -> str:
    """A share 0–1 as a percentage: ``67%`` (en, nl), ``67 %`` (de)."""
    number = round(share * 100)
    return f"{number} %" if language == "de" else f"{number}%"
