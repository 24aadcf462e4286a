"""Reading GCG game records: 38 public games, the spec's example lines, encodings, the book's
record with printkit's extension (several words in a turn, the blank swap), and broken input."""

from __future__ import annotations

import csv
import hashlib
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from printkit.engine.gcg import (
    MAX_BYTES,
    Event,
    GcgError,
    GcgProblem,
    Group,
    Player,
    Pragma,
    Swap,
    cumulative_problems,
    parse_gcg,
    read_gcg,
    write_gcg,
)
from printkit.errors import PrintkitError
from printkit.notation import Coord

DATA = Path(__file__).parents[1] / "data" / "gcg"
KINDS = ("placement", "withdrawn", "challenge", "pass", "exchange", "end_rack", "last_rack", "time")

# Events of each kind in each public game, counted with grep over the files (one pattern per kind,
# e.g. placements: '^>\S+:\s+\S*\s+([0-9]{1,2}[A-Oa-o]|[A-Oa-o][0-9]{1,2})\s+\S+\s+[+-][0-9]+\s+-?[0-9]+'),
# and each file's kinds add up to its '>' lines.
#               placement withdrawn challenge pass exchange end_rack last_rack time
COUNTS = {
    "liwords__josh_nationals_round_1.gcg": (24, 0, 1, 0, 0, 1, 0, 0),
    "liwords__josh_nationals_round_2.gcg": (27, 1, 4, 0, 1, 1, 0, 0),
    "liwords__josh_nationals_round_3.gcg": (21, 0, 2, 0, 1, 1, 0, 0),
    "liwords__josh_nationals_round_4.gcg": (27, 1, 1, 0, 0, 1, 0, 0),
    "liwords__josh_nationals_round_5.gcg": (24, 0, 0, 0, 0, 1, 0, 0),
    "liwords__josh_nationals_round_6.gcg": (26, 0, 0, 0, 0, 1, 0, 0),
    "liwords__josh_nationals_round_7.gcg": (22, 0, 0, 0, 0, 1, 0, 0),
    "liwords__josh_nationals_round_8.gcg": (25, 0, 1, 0, 1, 1, 0, 0),
    "liwords__josh_nationals_round_9.gcg": (23, 0, 0, 0, 0, 1, 0, 0),
    "liwords__josh_nationals_round_10.gcg": (22, 1, 1, 0, 0, 1, 0, 0),
    "liwords__josh_nationals_round_11.gcg": (24, 0, 0, 0, 0, 1, 0, 0),
    "liwords__josh_nationals_round_12.gcg": (28, 1, 1, 0, 0, 1, 0, 0),
    "liwords__josh_nationals_round_13.gcg": (24, 0, 2, 0, 0, 1, 0, 0),
    "liwords__josh_nationals_round_14.gcg": (23, 0, 1, 0, 0, 1, 0, 0),
    "liwords__josh_nationals_round_15.gcg": (24, 0, 0, 0, 1, 1, 0, 0),
    "liwords__r1_mike.gcg": (25, 0, 0, 0, 0, 1, 0, 0),
    "liwords__r2_tim.gcg": (23, 0, 0, 0, 0, 1, 0, 0),
    "liwords__r3_ewans.gcg": (21, 0, 0, 0, 1, 1, 0, 0),
    "liwords__r4_lipe.gcg": (21, 0, 1, 0, 0, 1, 0, 0),
    "liwords__r5_conrad.gcg": (24, 1, 0, 0, 2, 1, 0, 0),
    "macondo__doug_v_emely.gcg": (26, 1, 0, 0, 0, 1, 0, 0),
    "macondo__guy_vs_bot.gcg": (23, 0, 0, 2, 1, 1, 0, 0),
    "macondo__noah_vs_mishu.gcg": (32, 0, 0, 0, 3, 1, 0, 0),
    "macondo__noah_vs_peter.gcg": (38, 2, 0, 4, 1, 1, 0, 0),
    "macondo__polish_endgame.gcg": (43, 2, 0, 4, 3, 1, 0, 0),
    "macondo__some_isc_game.gcg": (22, 0, 1, 0, 0, 1, 0, 0),
    "macondo__utf8_dos.gcg": (23, 0, 0, 0, 0, 1, 0, 0),
    "macondo__vs_andy.gcg": (25, 0, 0, 0, 1, 1, 0, 0),
    "macondo__vs_frentz.gcg": (22, 0, 2, 0, 0, 1, 0, 0),
    "macondo__well_played_game.gcg": (20, 0, 0, 0, 0, 1, 0, 0),
    "quackle__boys1.gcg": (22, 0, 0, 0, 0, 1, 0, 0),
    "quackle__boys2.gcg": (25, 0, 0, 0, 0, 1, 0, 0),
    "quackle__boys3.gcg": (24, 0, 0, 0, 0, 1, 0, 0),
    "quackle__boys4.gcg": (21, 0, 0, 0, 1, 1, 0, 0),
    "quackle__boys5.gcg": (22, 0, 0, 0, 0, 1, 0, 0),
    "quackle__capp.gcg": (25, 1, 1, 0, 0, 1, 0, 0),
    "quackle__fivepoint.gcg": (24, 0, 1, 0, 0, 1, 1, 0),
    "quackle__logan.gcg": (23, 0, 0, 0, 0, 1, 0, 0),
}
OURS = ("book_examples.gcg", "several_words.gcg", "latin1_german.gcg")


def parse(text: str, name: str = "t.gcg"):
    return parse_gcg(text, name)


def one(line: str, header: str = "") -> Event:
    """The only event of a record made of ``header`` and ``line``, read without problems."""
    r = parse(header + line + "\n")
    assert r.problems == (), [str(p) for p in r.problems]
    assert len(r.events) == 1
    return r.events[0]


def problems(text: str) -> list[tuple[int, str]]:
    return [(p.line, p.message) for p in parse(text).problems]


# -- the test data ---------------------------------------------------------------------------------

def test_the_data_folder_holds_the_public_games_and_ours_and_nothing_else():
    assert sorted(p.name for p in DATA.glob("*.gcg")) == sorted([*COUNTS, *OURS])


def test_every_public_game_is_the_file_its_source_names():
    """Each copy has the git blob hash SOURCES.tsv gives for the file at that commit."""
    with open(DATA / "SOURCES.tsv", encoding="utf-8", newline="") as f:
        rows = {row["file"]: row for row in csv.DictReader(f, delimiter="\t")}
    assert set(rows) == set(COUNTS) | set(OURS)
    for name in COUNTS:
        data = (DATA / name).read_bytes()
        blob = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
        assert blob == rows[name]["git_blob_sha1"], name
        assert len(rows[name]["commit"]) == 40 and rows[name]["repo"].count("/") == 1
    for name in OURS:
        assert rows[name]["repo"] == "printkit" and rows[name]["notes"].startswith("written here")


def test_every_corpus_game_is_the_file_its_source_names_with_its_licence():
    corpus = DATA / "corpus"
    with open(corpus / "SOURCES.tsv", encoding="utf-8", newline="") as f:
        rows = {row["file"]: row for row in csv.DictReader(f, delimiter="\t")}
    assert sorted(rows) == sorted(p.name for p in corpus.glob("*.gcg")) and len(rows) == 42
    licences = {"domino14/macondo": "GPL-3.0-or-later", "quackle/quackle": "GPL-3.0-or-later",
                "woogles-io/liwords": "AGPL-3.0"}
    for name, row in rows.items():
        data = (corpus / name).read_bytes()
        assert hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest() == row["git_blob_sha1"], name
        assert row["licence"] == licences[row["repo"]] and len(row["commit"]) == 40
        assert name.split("__")[0] == row["repo"].split("/")[1] and row["path"].endswith(name.split("__")[1])
    readme = (DATA / "README.md").read_text("utf-8")
    assert all(repo in readme and licence.split("-")[0] in readme for repo, licence in licences.items())


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_public_game_parses_cleanly_with_its_events_counted(name):
    path = DATA / name
    r = read_gcg(path)
    assert r.problems == ()
    assert all(e.problem is None for e in r.events)
    got = r.kinds()
    assert tuple(got[k] for k in KINDS) == COUNTS[name]
    assert sum(got.values()) == len(r.events)
    lines = path.read_bytes().decode("utf-8").splitlines()
    assert len(r.events) == sum(1 for line in lines if line.startswith(">"))
    assert [e.line for e in r.events] == [i for i, line in enumerate(lines, 1) if line.startswith(">")]
    assert [e.raw for e in r.events] == [line.rstrip() for line in lines if line.startswith(">")]
    assert len(r.players) == 2 and {e.player for e in r.events} <= {p.nick for p in r.players}


def test_the_counts_cover_every_kind_that_real_games_use():
    totals = [sum(c[i] for c in COUNTS.values()) for i in range(len(KINDS))]
    # grep over all 38 files at once: 1035 lines start with '>'
    assert dict(zip(KINDS, totals)) == {"placement": 938, "withdrawn": 11, "challenge": 20, "pass": 10,
                                        "exchange": 17, "end_rack": 38, "last_rack": 1, "time": 0}
    assert sum(totals) == 1035


def test_every_record_here_keeps_its_cumulative_totals():
    """Each total is the player's previous one plus the event's score (a withdrawal takes off the
    withdrawn play's score)."""
    for path in sorted(DATA.glob("*.gcg")):
        assert cumulative_problems(read_gcg(path)) == [], path.name


# -- header ----------------------------------------------------------------------------------------

def test_header_pragmata():
    r = read_gcg(DATA / "quackle__capp.gcg")
    assert r.players == (Player(1, "Brian", "Brian Cappelletto"), Player(2, "Pakorn", "Pakorn Nemitrmansuk"))
    assert r.title == "WSC 2001 Round 20: Brian Cappelletto vs. Pakorn Nemitrmansuk"
    assert r.description == "WSC 2001 Round 20: Brian Cappelletto vs. Pakorn Nemitrmansuk at Table 1"
    assert r.character_encoding == "UTF-8" and r.decoded_as == "UTF-8"
    assert r.incomplete is True
    assert r.pragmata == (Pragma("style", "wsc2001", 6),)  # kept, not read
    r = read_gcg(DATA / "macondo__some_isc_game.gcg")
    assert (r.id_authority, r.id) == ("org.aerolith", "RfqTieg8s6eg4J9TXp5n7R")
    assert r.description == "Created with Macondo"
    assert r.incomplete is False and r.title is None


def test_the_spec_examples_of_pragmata():
    r = parse("#player1 Jamie James Chew\n#player2 Randy Randy Hoyt\n#rack2 RETAIN?\n#rack1 AB\n"
              "#lexicon NWL23\n#game-type classic\n#tile-distribution polish\n#board-layout CrosswordGame\n"
              "#tile-set default\n#tile U l\n#note before the first move\n#comment free text\n")
    assert r.problems == ()
    assert r.players == (Player(1, "Jamie", "James Chew"), Player(2, "Randy", "Randy Hoyt"))
    assert r.racks == {2: "RETAIN?", 1: "AB"}
    assert (r.lexicon, r.game_type, r.tile_distribution, r.board_layout, r.tile_set) == (
        "NWL23", "classic", "polish", "CrosswordGame", "default")
    assert r.notes == ("before the first move",)
    assert r.pragmata == (Pragma("tile", "U l", 10), Pragma("comment", "free text", 12))
    assert r.events == ()


def test_notes_belong_to_the_event_above_them():
    r = read_gcg(DATA / "macondo__well_played_game.gcg")
    first = r.events[0]
    assert first.word == "MIGHT"
    assert first.notes == ("C: this was a table 1 game, yay!",
                           "A: definitely a mistake. I should have played it at H4. #mindgameslarge")
    assert r.events[1].notes == ()
    assert r.notes == ()


def test_a_legacy_note_runs_on_to_a_line_without_a_pragma():
    r = read_gcg(DATA / "macondo__utf8_dos.gcg")
    e = next(e for e in r.events if e.word == "E.NSTEIN")
    assert e.line == 22
    assert e.notes == ("tennises dentines way more points\nsince ive been behind  and the board is not open, "
                       "ive made decision to do that risky play. win or lose. will it work?",)


def test_macondo_continuation_pragma_extends_the_note():
    r = parse(">a: AB 8H AB +8 8\n#note one\n#- two\n#note three\n", "t")
    assert r.events[0].notes == ("one\ntwo", "three")


# -- events: the spec's example lines and FORMAT.md's -----------------------------------------------

def test_placement_across_and_down():
    e = one(">cesar: ?AACDER 8D CRAAlED +74 74")
    assert (e.kind, e.player, e.rack, e.position, e.word, e.score, e.cumulative) == (
        "placement", "cesar", "?AACDER", "8D", "CRAAlED", 74, 74)
    assert e.coord == Coord(7, 3, True)
    assert e.groups == (Group("8D", Coord(7, 3, True), "CRAAlED", 1),)
    e = one(">David: ANTHER? n8 ANoTHER +73 416")  # letter first: down, legacy lower case
    assert (e.position, e.coord, e.word, e.score, e.cumulative) == ("n8", Coord(7, 13, False), "ANoTHER", 73, 416)
    e = one(">frentz: DEENOSW E2 ENDOWE.S +74 74")
    assert (e.coord, e.word) == (Coord(1, 4, False), "ENDOWE.S")


def test_two_digit_rows_both_ways():
    assert one(">Brian: NOOPRRU a12 UPON +30 260").coord == Coord(11, 0, False)
    assert one(">x: ACEILOR 15a   CALORIE         +83  433  ELL").coord == Coord(14, 0, True)
    assert one(">x: ?EJNŚWW A14 E. +2 191").coord == Coord(13, 0, False)
    assert one(">x: AB 15O AB +5 5").coord == Coord(14, 14, True)


def test_played_through_tiles_and_blanks_are_kept_as_written():
    assert one(">x: ABCDEFG C2 ........RIN +9 9").word == "........RIN"
    assert one(">x: U 11D .U +6 404").word == ".U"
    e = one(">1: ?ADIŁZZ 15A ZDZIAŁa. +89 168")
    assert (e.rack, e.word, e.coord) == ("?ADIŁZZ", "ZDZIAŁa.", Coord(14, 0, True))


def test_a_legacy_list_of_cross_words_after_the_total_is_kept_aside():
    e = one(">Quackle: BEDGMNP  7e   BEDIM           +26   66  BE, ET, DO")
    assert (e.coord, e.word, e.score, e.cumulative, e.extra) == (Coord(6, 4, True), "BEDIM", 26, 66, "BE, ET, DO")


@pytest.mark.parametrize("line, kind, fields", [
    (">Randy: U - +0 380", "pass", {"rack": "U", "score": 0, "cumulative": 380}),
    (">Noah: DEINNOR -  +0 402", "pass", {"rack": "DEINNOR", "score": 0, "cumulative": 402}),
    (">x: AB -0 +0 12", "pass", {"rack": "AB", "score": 0, "cumulative": 12}),
    (">Marlon: SEQSPO? -QO +0 268", "exchange", {"rack": "SEQSPO?", "tiles": "QO", "count": None, "cumulative": 268}),
    (">Marlon: SEQSPO? -2 +0 268", "exchange", {"rack": "SEQSPO?", "tiles": "", "count": 2, "cumulative": 268}),
    (">2: AOOOTWŹ -Ź +0 152", "exchange", {"tiles": "Ź", "cumulative": 152}),
    (">Ron: MOULAGD -- -76 354", "withdrawn", {"rack": "MOULAGD", "score": -76, "cumulative": 354}),
    (">Pakorn: LWGRAKE   -- +0 59", "withdrawn", {"score": 0, "cumulative": 59}),
    (">Joel: DROWNUG (challenge) +5 289", "challenge", {"rack": "DROWNUG", "score": 5, "cumulative": 289}),
    (">frentz:  (challenge) +5 534", "challenge", {"player": "frentz", "rack": "", "score": 5, "cumulative": 534}),
    (">Dave: (G) +4 539", "end_rack", {"rack": "", "tiles": "G", "score": 4, "cumulative": 539}),
    (">David:               (DATSXK)        +36  443  ", "end_rack", {"tiles": "DATSXK", "score": 36}),
    (">Ganesh: T             (T)              -1  452", "last_rack",
     {"rack": "T", "tiles": "T", "score": -1, "cumulative": 452}),
    (">Ben_Schoenbrun: EIOQRRT (EIOQRRT) -16 -16", "last_rack",
     {"rack": "EIOQRRT", "tiles": "EIOQRRT", "score": -16, "cumulative": -16}),
    (">Pakorn: ISBALI (time) -10 409", "time", {"rack": "ISBALI", "score": -10, "cumulative": 409}),
    (">whatnoloan: (time) -10 422", "time", {"rack": "", "score": -10, "cumulative": 422}),
])
def test_other_events(line, kind, fields):
    e = one(line)
    assert e.kind == kind
    assert {k: getattr(e, k) for k in fields} == fields
    assert (e.coord, e.word, e.groups) == (None, "", ())


def test_crlf_bom_blank_lines_and_runs_of_spaces():
    text = "\ufeff#player1 a A\r\n\r\n#player2 b B\r\n>a:   AB   8H   AB   +8   8   \r\n\r\n\r\n>b: CD H7 C. +6 6\r\n"
    r = parse(text)
    assert r.problems == ()
    assert [(e.line, e.raw, e.word, e.score) for e in r.events] == [
        (4, ">a:   AB   8H   AB   +8   8", "AB", 8), (7, ">b: CD H7 C. +6 6", "C.", 6)]


def test_a_file_without_a_final_line_end():
    r = read_gcg(DATA / "macondo__vs_andy.gcg")
    assert not (DATA / "macondo__vs_andy.gcg").read_bytes().endswith(b"\n")
    assert (r.events[-1].kind, r.events[-1].tiles, r.events[-1].cumulative) == ("end_rack", "DEINIR", 363)


def test_players_beyond_two_and_non_latin_nicknames():
    r = parse("#player1 Аня Анна Петровна\n#player2 Боря Борис\n#player3 Вера Вера\n>Вера: ДОМ 8H ДОМ +5 5\n")
    assert r.problems == ()
    assert r.players[2] == Player(3, "Вера", "Вера")
    assert r.player("Вера") == Player(3, "Вера", "Вера") and r.player("Гена") is None
    assert r.events[0].player == "Вера"


# -- encodings -------------------------------------------------------------------------------------

def test_utf8_polish_with_crlf():
    path = DATA / "macondo__polish_endgame.gcg"
    assert b"\r\n" in path.read_bytes()
    r = read_gcg(path)
    assert (r.decoded_as, r.character_encoding) == ("UTF-8", "UTF-8")
    assert r.players == (Player(1, "1", "ptf1559"), Player(2, "2", "smut3k"))
    e = r.events[2]
    assert (e.line, e.player, e.rack, e.position, e.word, e.score) == (6, "2", "ĆĘIKPST", "8G", "STĘPIĆ", 46)
    assert not e.raw.endswith("\r")
    e = next(e for e in r.events if e.line == 21)
    assert (e.player, e.rack, e.coord, e.word, e.score, e.cumulative) == (
        "1", "?ADIŁZZ", Coord(14, 0, True), "ZDZIAŁa.", 89, 168)
    assert r.events[-1].raw == ">2:  (BHUWZ) +22 323"


def test_utf8_names_without_a_byte_order_mark():
    r = read_gcg(DATA / "macondo__some_isc_game.gcg")
    assert r.players[1] == Player(2, "úrsula", "Úrsula Iguarán Buendía")
    assert r.events[1].player == "úrsula"


def test_iso_8859_1_is_the_default():
    path = DATA / "latin1_german.gcg"
    data = path.read_bytes()
    assert "Jürgen".encode("latin-1") in data
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    r = read_gcg(path)
    assert r.problems == () and r.decoded_as == "ISO-8859-1" and r.character_encoding is None
    assert r.players == (Player(1, "Jürgen", "Jürgen Groß"), Player(2, "Björn", "Björn Öhlund"))
    assert [(e.player, e.rack, e.word, e.score) for e in r.events] == [
        ("Jürgen", "ÄEGIRRS", "ÄRGER", 34), ("Björn", "EHNRTUÜ", ".HRE", 10)]


def test_encoding_pragma_and_byte_order_mark(tmp_path):
    body = "#player1 ö Ö\n>ö: ÄB 8H ÄB +9 9\n"
    cases = {
        "declared-latin1.gcg": ("#character-encoding ISO-8859-1\n" + body).encode("latin-1"),
        "declared-utf8.gcg": ("#character-encoding UTF-8\n" + body).encode("utf-8"),
        "bom.gcg": b"\xef\xbb\xbf" + body.encode("utf-8"),
        "plain-utf8.gcg": body.encode("utf-8"),
    }
    got = {}
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        r = read_gcg(tmp_path / name)
        assert r.problems == (), name
        assert r.events[0].word == "ÄB" and r.players[0].name == "Ö"
        got[name] = r.decoded_as
    assert got == {"declared-latin1.gcg": "ISO-8859-1", "declared-utf8.gcg": "UTF-8", "bom.gcg": "UTF-8",
                   "plain-utf8.gcg": "UTF-8"}


def test_a_file_that_says_utf8_but_is_not(tmp_path):
    path = tmp_path / "liar.gcg"
    path.write_bytes("#character-encoding UTF-8\n#player1 a A\n#player2 Jürgen Jürgen\n".encode("latin-1"))
    r = read_gcg(path)
    assert r.decoded_as == "ISO-8859-1"
    assert r.players[1].nick == "Jürgen"
    assert [str(p) for p in r.problems] == [
        f"{path}:3: the file says UTF-8 but byte 0xfc is not UTF-8: the file is read as ISO-8859-1"]


def test_a_windows_ellipsis_does_not_break_a_line(tmp_path):
    """Byte 0x85 (… in Windows-1252) is U+0085 in ISO-8859-1, a line break to str.splitlines()."""
    path = tmp_path / "cp1252.gcg"
    path.write_bytes(b"#player1 a A\r\n>a: AB 8H AB +8 8\r\n#note hmm\x85 maybe\r\n>a: CD 9H CD +7 15\r\n")
    r = read_gcg(path)
    assert r.problems == () and r.decoded_as == "ISO-8859-1"
    assert [(e.line, e.notes) for e in r.events] == [(2, ("hmm\x85 maybe",)), (4, ())]


def test_encoding_pragma_elsewhere_or_unknown():
    assert problems("#player1 a A\n#character-encoding UTF-8\n") == [
        (2, "#character-encoding must be the first line of the file")]
    assert problems("#character-encoding KOI8-R\n") == [
        (1, "character encoding 'KOI8-R' is not one printkit reads (UTF-8 or ISO-8859-1)")]


# -- the book's record and printkit's extension ----------------------------------------------------

def test_the_book_examples_are_five_turns_with_the_books_scores():
    r = read_gcg(DATA / "book_examples.gcg")
    assert r.problems == ()
    assert [p.nick for p in r.players] == ["Первый", "Второй", "Третий"]
    assert (r.game_type, r.tile_distribution, r.board_layout, r.incomplete) == (
        "krestoslovitsa", "krestoslovitsa", "plain-15", True)
    assert len(r.turns) == 5 and r.turns == r.events
    assert [(e.player, e.rack, str(e.coord), e.coord.across, e.word, e.score, e.cumulative) for e in r.events] == [
        ("Первый", "ПОЛ", "8H", True, "ПОЛ", 5, 5),
        ("Второй", "КА", "8H", True, "...КА", 8, 8),
        ("Третий", "ПРО", "8E", True, "ПРО.....", 13, 13),
        ("Первый", "?ЕТР", "F5", False, "фЕТ.", 15, 20),
        ("Второй", "ФУКА", "K6", False, "щУ.А", 16, 24),
    ]
    assert all(len(e.groups) == 1 for e in r.events)
    assert [e.swaps for e in r.events[:4]] == [(), (), (), ()]
    assert r.events[4].swaps == (Swap("F5", 4, 5, "Ф", 28),)
    # the swap takes the blank off the square where the ФЕТР turn put it
    fetr = r.events[3]
    assert (fetr.coord.row, fetr.coord.col, fetr.word[0]) == (4, 5, "ф")
    assert len(r.notes) == 3 and all(len(e.notes) >= 2 for e in r.events)
    assert "положенные б очков" in r.events[0].notes[0]


def test_several_words_in_one_turn():
    r = read_gcg(DATA / "several_words.gcg")
    assert r.problems == ()
    assert [len(e.groups) for e in r.events] == [1, 2, 3, 0]
    two, three = r.events[1], r.events[2]
    assert two.groups == (Group("D8", Coord(7, 3, False), ".ЕС", 13), Group("H8", Coord(7, 7, False), ".РКА", 14))
    assert (two.position, two.coord, two.word, two.score, two.cumulative) == ("D8", Coord(7, 3, False), ".ЕС", 19, 19)
    assert [(g.position, g.coord.across, g.word, g.line) for g in three.groups] == [
        ("F8", False, ".ОХ", 16), ("8D", True, ".....С", 17), ("11G", True, "З.Л", 18)]
    assert (three.score, three.cumulative) == (50, 70)
    assert r.events[3].kind == "exchange" and r.events[3].tiles == "ЫЬ"


def test_extension_lines_in_the_wrong_place():
    text = ("#+ 8H AB\n#player1 a A\n>a: AB 8H AB +8 8\n#swap 8h Ab\n#swap 8H\n#+ H8 .B +3\n#+ Z H\n"
            ">a: AB - +0 8\n#+ H8 .B\n#swap H8 A\n")
    assert problems(text) == [
        (1, "#+ (a further word of the turn) before any event: it must follow the placement it belongs to"),
        (4, "#swap: 'Ab' is not a tile's letter (the real tile, in upper case)"),
        (5, "#swap takes a square and the letter put there, e.g. #swap F5 Ф"),
        (6, "#+ takes a coordinate and a word, e.g. #+ K5 ...ЕТР (no score: the turn's score is on its > line); "
            "found 3 fields"),
        (7, "'Z' is not a coordinate such as 8D (across) or D8 (down)"),
        (9, "#+ (a further word of the turn) must follow a placement; line 8 is a pass"),
        (10, "#swap must follow a placement; line 8 is a pass"),
    ]
    r = parse(text)
    assert r.events[0].problem.line == 4  # the placement cannot be trusted: its first problem
    assert r.events[0].groups == (Group("8H", Coord(7, 7, True), "AB", 3),)


# -- broken input ----------------------------------------------------------------------------------

def test_a_broken_line_is_a_bad_event_and_the_parse_goes_on():
    text = ("#player1 a A\n#player2 b B\n>a: AB 8H AB +8 8\n>b CD H7 C. +6 6\n>b: CD 8-H C. +6 6\n"
            ">b: CD H7 C. 6 6\n>b: CD H7 C. +6\n>a: EF 9H EF +9 17\n")
    r = parse(text, "broken.gcg")
    assert [(e.kind, e.line) for e in r.events] == [
        ("placement", 3), ("bad", 4), ("bad", 5), ("bad", 6), ("bad", 7), ("placement", 8)]
    assert [str(p) for p in r.problems] == [
        "broken.gcg:4: an event starts with >NICK: (the player's nickname and a colon)",
        "broken.gcg:5: '8-H' is not a coordinate such as 8D (across) or D8 (down)",
        "broken.gcg:6: the score '6' has no sign: write +6",
        "broken.gcg:7: the event ends without its score and cumulative total (e.g. +26 66)",
    ]
    assert [e.problem for e in r.events if e.kind == "bad"] == list(r.problems)
    bad = r.events[2]
    assert (bad.raw, bad.player, bad.score, bad.coord) == (">b: CD 8-H C. +6 6", "b", None, None)
    assert r.events[5].cumulative == 17


@pytest.mark.parametrize("line, message", [
    (">a:AB 8H AB +8 8", "a space must follow the player's nickname and its ':'"),
    (">a:", "the event has nothing after the player's name"),
    (">a: AB", "the event has a rack but no move"),
    (">a: A1B 8H AB +8 8", "'A1B' is not a coordinate such as 8D (across) or D8 (down)"),
    (">a: A,B 8H AB +8 8", "'A,B' is not a rack (letters, '?' for a blank)"),
    (">a: AB 0H AB +8 8", "'0H' is not a coordinate: rows count from 1"),
    (">a: AB 8H A1 +8 8", "'A1' is not a word (letters, '.' for a tile already on the board, lower case for a blank)"),
    (">a: AB 8H ... +0 8", "'...' places no tile"),
    (">a: AB 8H +8 8", "'+8' is not a word (letters, '.' for a tile already on the board, lower case for a blank)"),
    (">a: AB 8H AB", "the event ends without its score and cumulative total (e.g. +26 66)"),
    (">a: AB 8H AB +8 x", "'x' is not a cumulative total (a number such as 66 or -16)"),
    (">a: AB 8H AB ++8 8", "'++8' is not a score (a signed number such as +26 or -20)"),
    (">a: AB - 0 8", "the score '0' has no sign: write +0"),
    (">a: AB - +0 8 9", "unexpected text after the cumulative total: '9'"),
    (">a: AB -A1 +0 8", "'-A1': an exchange names tiles (-QO) or a number of tiles (-2)"),
    (">a: AB (challenge +5 8", "'(challenge': a bracket must hold tiles, (challenge) or (time)"),
    (">a: (A.B) +5 8", "'(A.B)' holds something other than tiles"),
])
def test_broken_event_lines(line, message):
    r = parse("#player1 a A\n" + line + "\n", "f.gcg")
    assert [(e.kind, e.line) for e in r.events] == [("bad", 2)]
    assert [str(p) for p in r.problems] == [f"f.gcg:2: {message}"]


def test_an_unknown_action_keeps_its_figures():
    r = parse("#player1 a A\n>a: AB SWAP +0 8\n")
    e = r.events[0]
    assert (e.kind, e.rack, e.score, e.cumulative) == ("unknown", "AB", 0, 8)
    assert [(p.line, p.message) for p in r.problems] == [
        (2, "'SWAP' is not an action printkit knows (a coordinate, -, --, -TILES, (challenge), (time) or (TILES))")]
    assert e.problem == r.problems[0]


def test_an_unknown_pragma_is_kept_as_it_is():
    r = parse("#player1 a A\n#game-board 15x15 hex\n>a: AB 8H AB +8 8\n#clock 12:30   left\n#\n")
    assert r.problems == ()
    assert r.pragmata == (Pragma("game-board", "15x15 hex", 2), Pragma("clock", "12:30   left", 4), Pragma("", "", 5))


def test_players_and_stray_lines():
    text = ("#player1 a A\n#player2 a B\n#player1 b B\n#player3\n#rack1\n#id woogles\nstray text\n"
            ">c: AB 8H AB +8 8\n")
    assert problems(text) == [  # two players may share a nickname: turns then go by order (Quackle's NoName)
        (3, "player 1 is named twice"),
        (4, "#player3 takes a nickname and a name, e.g. #player3 Jamie Jamie Chew"),
        (5, "#rack1 takes one rack, e.g. #rack1 RETAIN?"),
        (6, "#id takes an authority and an identifier, e.g. #id io.woogles 2r8QNJNpbP"),
        (7, "neither a pragma (#…) nor an event (>…) and not after a #note"),
        (8, "'c' is not a player of this game (a)"),
    ]
    e = parse(text).events[0]
    assert (e.kind, e.word, e.problem.line) == ("placement", "AB", 8)


def test_unreadable_files_raise_one_line(tmp_path):
    cases = {}
    cases["missing"] = tmp_path / "missing.gcg"
    cases["folder"] = tmp_path
    (tmp_path / "binary.gcg").write_bytes(b"#player1 a A\n\x00\x01\x02PNG")
    cases["binary"] = tmp_path / "binary.gcg"
    (tmp_path / "utf16.gcg").write_bytes("#player1 a A\n".encode("utf-16"))
    cases["utf16"] = tmp_path / "utf16.gcg"
    big = tmp_path / "big.gcg"
    with open(big, "wb") as f:
        f.truncate(MAX_BYTES + 1)
    cases["big"] = big
    got = {}
    for what, path in cases.items():
        with pytest.raises(GcgError) as exc:
            read_gcg(path)
        assert isinstance(exc.value, PrintkitError)
        assert len(exc.value.lines()) == 1
        got[what] = str(exc.value)
    assert got == {
        "missing": f"{tmp_path}/missing.gcg: no such file",
        "folder": f"{tmp_path}: is a folder, not a game record",
        "binary": f"{tmp_path}/binary.gcg: not a text file (byte 0x00 at offset 13)",
        "utf16": f"{tmp_path}/utf16.gcg: UTF-16 text, which GCG readers do not read: save it as UTF-8",
        "big": f"{tmp_path}/big.gcg: the file is {MAX_BYTES + 1:,} bytes: the limit for a game record is "
               f"{MAX_BYTES:,} bytes",  # printkit.inputs.read_bounded's words, as for every file
    }


def test_an_empty_file_is_a_problem_not_an_error(tmp_path):
    path = tmp_path / "empty.gcg"
    for data in (b"", b"\n \r\n\t\n"):
        path.write_bytes(data)
        r = read_gcg(path)
        assert r.events == () and [str(p) for p in r.problems] == [
            f"{path}:1: no pragma (#…) and no event (>…): not a game record"]
    assert parse("#title only a title\n").problems == ()


def test_a_dos_end_of_file_mark_is_not_binary(tmp_path):
    path = tmp_path / "dos.gcg"
    path.write_bytes(b"#player1 a A\r\n>a: AB 8H AB +8 8\r\n\x1a")
    r = read_gcg(path)
    assert r.problems == () and r.events[0].word == "AB"


def test_problem_text_is_one_line():
    r = parse("#player1 a A\n>a: AB\x0b 8H AB +8 8\n", "f.gcg")
    assert [str(p) for p in r.problems] == []  # \x0b is whitespace: the fields split around it
    r = parse("#player1 a A\n>a: A\x1bB 8H AB +8 8\n", "f.gcg")
    assert [str(p) for p in r.problems] == ["f.gcg:2: 'A\\u001bB' is not a rack (letters, '?' for a blank)"]
    assert isinstance(r.problems[0], GcgProblem)


# -- the cumulative check --------------------------------------------------------------------------

def test_cumulative_problems_name_the_line():
    text = ("#player1 a A\n#player2 b B\n>a: AB 8H AB +8 8\n>b: CD H7 C. +6 6\n>a: EF 9H EF +9 18\n"
            ">a: EF -- -9 9\n>b: (XY) +10 16\n")
    assert [(p.line, p.message) for p in cumulative_problems(parse(text))] == [
        (5, "a's total 8 +9 is 17, the record says 18")]
    assert [p.line for p in cumulative_problems(parse(text.replace("+10 16", "+10 17")))] == [5, 7]
    assert [(p.line, p.message) for p in cumulative_problems(parse("#player1 a A\n>a: AB -- -8 0\n"))] == [
        (2, "a withdraws a play but has made none")]


def test_a_legacy_withdrawal_written_as_plus_zero_takes_off_the_play():
    r = read_gcg(DATA / "quackle__capp.gcg")
    e = next(e for e in r.events if e.kind == "withdrawn")
    assert (e.line, e.score, e.cumulative) == (14, 0, 59)
    assert cumulative_problems(r) == []
    tampered = (DATA / "quackle__capp.gcg").read_text("utf-8").replace("-- +0 59", "-- +0 104")
    assert [p.line for p in cumulative_problems(parse_gcg(tampered))] == [14, 16]  # and Pakorn's next total


# -- numbers no game has ---------------------------------------------------------------------------

@pytest.mark.parametrize("line, message", [
    (">a: AB 8H AB +" + "9" * 5000 + " 8",
     "the score '+9999999999… (5001 characters)' has 5000 digits: no game comes near that (at most 6)"),
    (">a: AB 8H AB -" + "9" * 7 + " 8", "the score '-9999999' has 7 digits: no game comes near that (at most 6)"),
    (">a: AB 8H AB +8 " + "9" * 5000, "the cumulative total '99999999999… (5000 characters)' has 5000 digits: no "
                                      "game comes near that (at most 6)"),
    (">a: AB -" + "7" * 5000 + " +0 8", "the number of tiles exchanged '77777777777… (5000 characters)' has 5000 "
                                        "digits: no game comes near that (at most 6)"),
    ("#player" + "1" * 5000 + " x X", "#player: the player number '11111111111… (5000 characters)' has 5000 "
                                      "digits: no game comes near that (at most 6)"),
    ("#rack" + "2" * 5000 + " AB", "#rack: the player number '22222222222… (5000 characters)' has 5000 digits: no "
                                   "game comes near that (at most 6)"),
    (">a: " + "A" * 5000 + ", 8H AB +8 8", "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA… (5001 characters)' is not a "
                                           "rack (letters, '?' for a blank)"),
])
def test_a_number_no_game_has_is_a_problem_in_one_short_line(line, message):
    """Python refuses to read an int of more than 4300 digits: such a score was an internal error;
    a long field is shortened where a message quotes it."""
    r = parse("#player1 a A\n" + line + "\n", "f.gcg")
    assert [str(p) for p in r.problems] == [f"f.gcg:2: {message}"]


def test_six_digits_are_read():
    assert one(">a: AB 8H AB +999999 -999999").score == 999999
    assert one(">a: AB 8H AB +0000000000008 8").score == 8  # leading zeros are no digits of the number


# -- players: by nickname, or by order where two share one -------------------------------------------

def test_each_event_knows_its_players_number():
    r = read_gcg(DATA / "macondo__vs_frentz.gcg")
    seats = {e.player: e.seat for e in r.events}
    assert seats == {"cesar": 1, "frentz": 2}
    assert not r.by_order and r.name_of(2) == "frentz"
    r = parse(">x: AB 8H AB +8 8\n>y: CD H7 C. +6 6\n>x: EF 9H EF +9 17\n")  # no #player lines
    assert [e.seat for e in r.events] == [1, 2, 1]


def test_a_shared_nickname_goes_by_turn_order():
    """Quackle writes NoName for both players and reads turns by order: each turn to the next
    player; a withdrawal, a challenge bonus and the going-out points to the player of the turn
    before; a last rack to the player whose written total it continues."""
    r = parse("#player1 NoName Ann\n#player2 NoName Bob\n"
              ">NoName: AB 8H AB +8 8\n"  # 1
              ">NoName: CD H7 C. +6 6\n"  # 2
              ">NoName: CD -- -6 0\n"  # 2 (the turn before)
              ">NoName: EF 9H EF +9 17\n"  # 1
              ">NoName: (challenge) +5 22\n"  # 1
              ">NoName: GH - +0 0\n"  # 2
              ">NoName: IJ - +0 22\n"  # 1
              ">NoName: KL (KL) -7 -7\n"  # 2: 0 - 7
              ">NoName: IJ (IJ) -9 13\n"  # 1: 22 - 9
              ">NoName: (XY) +9 31\n")  # 2... no: the turn before was 1's
    assert r.problems == ()
    assert r.by_order and r.name_of(2) == "NoName (2)"
    assert [e.seat for e in r.events] == [1, 2, 2, 1, 1, 2, 1, 2, 1, 1]
    assert cumulative_problems(r) == [GcgProblem("t.gcg", 12, "NoName (1)'s total 13 +9 is 22, the record says 31")]


def test_the_quackle_noname_record():
    r = read_gcg(DATA / "corpus" / "quackle__consonant_heaviness_tendency.gcg")
    assert r.problems == () and r.by_order
    assert [p.name for p in r.players] == ["New Player 2", "jasonkb"]
    assert [e.seat for e in r.events] == [1, 2] * 8 + [1]
    assert cumulative_problems(r) == []


# -- writing ---------------------------------------------------------------------------------------

PUBLIC = sorted([*DATA.glob("*.gcg"), *(DATA / "corpus").glob("*.gcg")])


def game(r):
    """What a record says about the game: players, header, and each event's figures (not its line
    numbers, the spelling of its coordinates, or the legacy list of cross-words after a total)."""
    events = [(e.kind, e.player, e.seat, e.rack, e.coord, e.word, tuple((g.coord, g.word) for g in e.groups),
               tuple((s.row, s.col, s.letter) for s in e.swaps), e.tiles, e.count, e.score, e.cumulative, e.notes,
               e.raw if e.kind in ("bad", "unknown") else None) for e in r.events]
    head = (tuple((p.number, p.nick, p.name or p.nick) for p in r.players), r.title, r.description, r.id_authority,
            r.id, r.lexicon, r.game_type, r.tile_set,
            r.tile_distribution, r.board_layout, r.incomplete, dict(r.racks), r.notes,
            tuple((p.name, p.text) for p in r.pragmata))
    return head, events


@pytest.mark.parametrize("path", PUBLIC, ids=lambda p: p.name)
def test_every_record_reads_back_the_same_game(path):
    """read → write → read: the same players, header, moves, scores and notes, in UTF-8 with the
    encoding line first, whatever the file's own encoding; and writing again gives the same text."""
    r = read_gcg(path)
    text = write_gcg(r)
    assert text.startswith("#character-encoding UTF-8\n") and text.endswith("\n")
    again = parse_gcg(text, str(path))
    assert game(again) == game(r)
    assert again.problems == ()  # the one record with a problem names an encoding printkit does not read
    assert (r.problems == ()) == (path.name != "macondo__name_weird_encoding_with_header.gcg")
    assert write_gcg(again) == text
    assert [(p.line, p.message) for p in cumulative_problems(again)] == [] == [
        (p.line, p.message) for p in cumulative_problems(r)]


def test_written_lines_are_the_ones_strict_readers_take(tmp_path):
    """The shapes Macondo's reader matches (read there, written here from that description):
    header pragmata before the first event, a rack on every turn, the modern signs, two spaces
    before a challenge bonus with no rack; and the bytes are UTF-8 with the encoding line first."""
    r = read_gcg(DATA / "quackle__capp.gcg")  # old notation: lower case coordinates, "-- +0", a legacy list
    lines = write_gcg(r).splitlines()
    first_event = next(i for i, line in enumerate(lines) if line.startswith(">"))
    assert all(not line.startswith("#player") and not line.startswith("#title") for line in lines[first_event:])
    move = re.compile(r">\S+: \S+ (\d+[A-O]|[A-O]\d+) \S+ \+\d+ -?\d+\Z")
    assert ">Pakorn: AFFIABE E8 TAFFIA +24 24" in lines and ">Brian: CNNTU?? 8B NoCTUrN +70 70" in lines
    assert ">Pakorn: LWGRAKE -- -0 59" in lines  # capp.gcg's "-- +0 59"
    placements = [line for line in lines if line.startswith(">") and re.search(r" \+\d+ -?\d+$", line)
                  and "(" not in line and " -" not in line]
    assert placements and all(move.match(line) for line in placements), [p for p in placements if not move.match(p)]
    assert not any("BE, ET" in line for line in lines)
    r = read_gcg(DATA / "macondo__vs_frentz.gcg")
    assert ">frentz:  (challenge) +5 534" in write_gcg(r).splitlines()


def test_notes_of_several_lines_go_on_with_a_continuation():
    r = parse("#player1 a A\n>a: AB 8H AB +8 8\n#note one\n#- two\n#note three\n")
    assert write_gcg(r).splitlines()[-3:] == ["#note one", "#- two", "#note three"]
    r = read_gcg(DATA / "macondo__utf8_dos.gcg")  # a legacy note that runs on without a pragma
    e = next(e for e in parse_gcg(write_gcg(r)).events if e.word == "E.NSTEIN")
    assert e.notes[0].startswith("tennises dentines way more points\nsince ive been behind")


def test_a_latin1_record_is_written_as_utf8(tmp_path):
    r = read_gcg(DATA / "latin1_german.gcg")
    path = tmp_path / "out.gcg"
    path.write_bytes(write_gcg(r).encode("utf-8"))
    again = read_gcg(path)
    assert (again.decoded_as, again.character_encoding) == ("UTF-8", "UTF-8")
    assert again.players[0].name == "Jürgen Groß" and again.events[0].word == "ÄRGER"


def test_the_books_extension_is_written_after_its_turn():
    lines = write_gcg(read_gcg(DATA / "several_words.gcg")).splitlines()
    i = lines.index(next(line for line in lines if " D8 .ЕС " in line))
    assert lines[i + 1] == "#+ H8 .РКА"
    lines = write_gcg(read_gcg(DATA / "book_examples.gcg")).splitlines()
    i = lines.index(next(line for line in lines if " K6 щУ.А " in line))
    assert lines[i + 1] == "#swap F5 Ф"


def test_a_line_the_reader_could_not_read_is_written_as_it_was():
    r = parse("#player1 a A\n>a: AB 8H AB +8\n>a: AB SWAP +0 8\n")
    assert write_gcg(r).splitlines()[-2:] == [">a: AB 8H AB +8", ">a: AB SWAP +0 8"]


# -- writing, as a property --------------------------------------------------------------------------

NICK = st.sampled_from(["a", "Боря", "NoName", "x_y", "úrsula", "1"])
RACK = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ?ЖЁŁ", min_size=1, max_size=7)
WORD = st.text(alphabet="ABCDEXYZabcЖжŁł.", min_size=1, max_size=15).filter(lambda w: w.strip("."))
COORD = st.builds(lambda r, c, a: Coord(r, c, a), st.integers(0, 14), st.integers(0, 14), st.booleans())
NUMBER = st.integers(-999_999, 999_999)
NOTE = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=30).map(str.strip)


@st.composite
def events(draw):
    kind = draw(st.sampled_from(["placement", "withdrawn", "challenge", "pass", "exchange", "end_rack",
                                 "last_rack", "time"]))
    nick, score, total = draw(NICK), draw(NUMBER), draw(NUMBER)
    rack = draw(RACK)
    notes = tuple(n for n in draw(st.lists(st.lists(NOTE, min_size=1, max_size=2).map("\n".join), max_size=2)))
    if kind == "placement":
        groups = tuple((draw(COORD), draw(WORD)) for _ in range(draw(st.integers(1, 3))))
        return ("placement", nick, rack, groups, score, total, notes)
    if kind == "exchange":
        what = draw(st.one_of(RACK.filter(lambda t: "?" not in t or len(t) > 1), st.integers(1, 7)))
        return ("exchange", nick, rack, what, 0, total, notes)
    if kind in ("end_rack", "last_rack"):
        return (kind, nick, "" if kind == "end_rack" else rack, draw(RACK), score, total, notes)
    if kind in ("challenge", "time"):
        return (kind, nick, draw(st.sampled_from(["", rack])), None, score, total, notes)
    return (kind, nick, rack, None, score, total, notes)


def text_of(players, items) -> str:
    lines = [f"#player{i} {nick} {name}" for i, (nick, name) in enumerate(players, 1)]
    for kind, nick, rack, what, score, total, notes in items:
        head = f">{nick}: {rack} " if rack else f">{nick}:  "
        if kind == "placement":
            (coord, word), *more = what
            lines.append(f"{head}{coord} {word} {score:+d} {total}")
            lines += [f"#+ {c} {w}" for c, w in more]
        elif kind == "withdrawn":
            lines.append(f"{head}-- {score:+d} {total}")
        elif kind == "pass":
            lines.append(f"{head}- {score:+d} {total}")
        elif kind == "exchange":
            lines.append(f"{head}-{what} +0 {total}")
        elif kind == "end_rack":
            lines.append(f">{nick}: ({what}) {score:+d} {total}")
        elif kind == "last_rack":
            lines.append(f"{head}({what}) {score:+d} {total}")
        else:
            lines.append(f"{head}({kind}) {score:+d} {total}")
        for note in notes:
            first, *rest = note.split("\n")
            lines.append(f"#note {first}")
            lines += [f"#- {r}" for r in rest]
    return "\n".join(lines) + "\n"


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(st.lists(st.tuples(NICK, NOTE.filter(bool)), min_size=1, max_size=4, unique_by=lambda p: p[1]),
       st.lists(events(), max_size=12))
def test_any_record_reads_back_the_same_game(players, items):
    """Records made of every kind of event, any nicknames (shared ones too), scores and notes:
    what printkit writes it reads back into the same game, and writes again the same."""
    players = [(nick, name) for nick, name in players]
    nicks = {nick for nick, _ in players}
    items = [item for item in items if item[1] in nicks]
    r = parse(text_of(players, items))
    assert r.problems == (), [str(p) for p in r.problems]
    text = write_gcg(r)
    again = parse(text)
    assert again.problems == ()
    assert game(again) == game(r)
    assert write_gcg(again) == text


# -- game_record: the racks, and the lines that settle them at the end ------------------------------

def _scored(kit_name: str, moves: list[str], rules: dict | None = None):
    import dataclasses

    from printkit.config import load_kit
    from printkit.engine.move import parse_move
    from printkit.engine.state import State

    kit = load_kit(kit_name)
    if rules:
        kit = dataclasses.replace(kit, rules=dataclasses.replace(kit.rules, **rules))
    state = State.for_kit(kit)
    for text in moves:
        state.play(parse_move(state, text))
    return kit, state


@pytest.mark.parametrize("rules, tail", [
    (None, [">Player_1: (?QZ) +20 68", ">Player_2: ?QZ (?QZ) -20 -20"]),  # boxed: once, the others deduct
    ({"end_award": 2}, [">Player_1: (?QZ) +40 88"]),  # tournaments: twice, and the others keep their score
])
def test_game_record_settles_the_racks_as_the_rules_do(run, tmp_path, rules, tail):
    """Player 1 goes out with WINDY and GALE; player 2 passed holding Q, Z and a blank: the record
    ends with the lines end_adjustments gives, each rack written blanks first (as Quackle writes
    them), and printkit replay matches every line."""
    from printkit.engine.replay import game_record
    from printkit.engine.score import end_adjustments

    moves = ["8D WINDY", "pass", "7C GALE"]
    kit, state = _scored("scrabble-en", moves, rules)
    racks = [list("YNWDI"), list("ZQ?"), list("LEGA")]  # the whole rack before each turn
    record = game_record(kit, state, moves, ["Player 1", "Player 2"], racks=racks, end=[[], list("QZ?")],
                         went_out=0, incomplete=False)
    text = write_gcg(record)
    assert "#incomplete" not in text
    assert text.splitlines()[-3 - len(tail):] == [">Player_1: DINWY 8D WINDY +32 32", ">Player_2: ?QZ - +0 0",
                                                  ">Player_1: AEGL 7C GALE +16 48", *tail]
    adjust = end_adjustments([[], list("QZ?")], 0, kit.distribution, kit.rules)
    assert [int(line.split()[-1]) for line in tail] == [48 + adjust[0], 0 + adjust[1]][:len(tail)]
    path = tmp_path / "out.gcg"
    path.write_text(text, encoding="utf-8")
    assert read_gcg(path).incomplete is False
    code, out, _ = run("replay", path, "--kit", "scrabble-en")
    n = 3 + len(tail)
    assert (code, out.splitlines()[-1]) == (0, f"moves: {n}, matched: {n}, differ: 0")


def test_game_record_under_the_books_rules_deducts_each_rack_and_leaves_the_rest_as_it_was(run, tmp_path):
    """The book (deduct): whoever went out, each player with tiles left deducts them, and nobody
    gains them; with no racks given the record is as score --gcg writes it (the tiles put down,
    #incomplete)."""
    from printkit.engine.replay import game_record

    moves = ["H5 ЛАЗАРЕТ", "5F ПО."]
    kit, state = _scored("krestoslovitsa", moves)
    plain = write_gcg(game_record(kit, state, moves, ["А", "Б"]))
    assert "#incomplete" in plain and plain.splitlines()[-2:] == [">А: ЛАЗАРЕТ H5 ЛАЗАРЕТ +28 28",
                                                                  ">Б: ПО 5F ПО. +5 5"]
    record = game_record(kit, state, moves, ["А", "Б"], racks=[list("ТЕРАЗАЛ"), list("ЯОП?Ф")],
                         end=[list("ЩЖ"), list("ЯФ?")], went_out=None, incomplete=False)
    lines = write_gcg(record).splitlines()
    values = kit.distribution.value
    assert lines[-4:] == [">А: ААЕЗЛРТ H5 ЛАЗАРЕТ +28 28", ">Б: ?ОПФЯ 5F ПО. +5 5",
                          f">А: ЖЩ (ЖЩ) -{values('Ж') + values('Щ')} {28 - values('Ж') - values('Щ')}",
                          f">Б: ?ФЯ (?ФЯ) -{values('Ф') + values('Я')} {5 - values('Ф') - values('Я')}"]
    path = tmp_path / "book.gcg"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run("replay", path, "--kit", "krestoslovitsa")
    assert (code, out.splitlines()[-1]) == (0, "moves: 4, matched: 4, differ: 0")
    with pytest.raises(ValueError, match="1 racks for 2 turns"):
        game_record(kit, state, moves, ["А", "Б"], racks=[list("ТЕРАЗАЛ")])
