"""printkit check: the book's worked examples, failures, exit codes, stats and the compare table."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

from manifestread import manifest_of

from printkit.check import FAIL, NOTE, OK, check_kit
from printkit.config import kit_names, load_kit
from printkit.engine.notation import parse_word
from printkit.engine.score import Square, score_word
from printkit.model import Premium
from printkit.stats import stats


def _examples(report):
    return [f for f in report.findings if f.section.startswith("worked examples")]


def test_book_examples_reproduced(run):
    code, out, err = run("check", "krestoslovitsa")
    assert code == 0, out + err
    for line in ("ok   ПОЛКА scores 8:",
                 "ok   ПРОПОЛКА scores 13:",
                 "ok   ФЕТР (blank as Ф) scores 15: ф10 + Е1 + Т2 + Р2 = 15",
                 "ok   ЩУКА (blank as Щ) scores 16: щ10 + У3 + К2 + А1 = 16",
                 "ok   М is worth 2"):
        assert line in out
    assert "Russian text gives 14: disagrees with the table (which gives 16)" in out
    assert "Russian text gives 5: disagrees with the table (which gives 2)" in out
    # the Russian text's «б» is its figure 6 (OCR's reading of the digit), a variant as М 5 and ЩУКА 14
    assert ("    ok   ПОЛ scores 5: П2 + О1 + Л2 = 5\n"
            "           source: Ukrainian edition (\"покладені 5 очок\")\n"
            "           Russian text gives 6: disagrees with the table (which gives 5); its «б» («положенные б "
            "очков») is the usual OCR reading of 6; fits no known table (Эрудит and Russian Scrabble both give 5)\n"
            "    ok   ПОЛКА scores 8:") in out
    assert "misprint" not in out
    # 13 of tiles, board and examples, 1 of letter shares; 7 of print (every product a build makes by default:
    # the cutter's, the stickers' and the 3D tiles are made on request, and checked when asked for, below); Й × 4
    assert "passed: 22 ok, 0 failed, 1 note\n" in out


def test_check_lays_out_the_products_made_on_request_when_asked():
    """``check_kit`` with the cutter and the stickers named lays them out as ``build --only`` would."""
    from printkit.check import check_kit
    from printkit.config import load_kit

    report = check_kit(load_kit("krestoslovitsa"), products=["cutter", "stickers"])
    assert report.passed
    said = [f.text for f in report.findings if f.section == "print"]
    assert "stickers: stickers-endisch-6502020.pdf: 130 tiles of 20 mm, 4 pages of A4" in said  # 2 sheets and 2 plain
    assert ("cutter: cutter-silhouette-A4.pdf: 130 tiles of 20 mm, 2 pages of A4; silhouette: 2 pages of "
            "210 × 297 mm (dxf, svg), 80 tiles a page, marks type1 10 mm in") in said


def test_example_scores_come_from_the_engine():
    kit = load_kit("krestoslovitsa")
    found = {f.text.split(" scores ")[0]: f.status for f in _examples(check_kit(kit)) if " scores " in f.text}
    assert found == {"ПОЛ": OK, "ПОЛКА": OK, "ПРОПОЛКА": OK, "ФЕТР (blank as Ф)": OK, "ЩУКА (blank as Щ)": OK}


def test_russian_scrabble_values_fail_the_book(write, run):
    """The reference's argument: Russian Scrabble values give ПРОПОЛКА 12 and ФЕТР 13."""
    kit = write("k.yaml", """
        extends: krestoslovitsa
        distribution: scrabble-ru
        expect: {tiles: 104, blanks: 2}
    """)
    code, out, _ = run("check", kit)
    assert code == 1
    assert "FAIL ПРОПОЛКА scores 12, the example says 13" in out
    assert "FAIL ФЕТР (blank as Ф) scores 13, the example says 15" in out


def test_erudit_rules_give_the_blank_no_value(write):
    kit = load_kit("erudit")
    word = [Square(t.face, t.blank) for t in parse_word("фЕТР", kit.distribution)]
    assert score_word(word, kit.distribution, kit.rules).total == 5
    book = load_kit("krestoslovitsa")
    assert score_word(word, book.distribution, book.rules).total == 15


def test_premiums_once_or_always():
    book, scr = load_kit("krestoslovitsa"), load_kit("scrabble-en")
    old_dw = [Square("П", new=False, premium=Premium.DW), Square("О"), Square("Л")]
    assert score_word(old_dw, book.distribution, book.rules).total == 10  # book: every time
    cat = [Square("C", new=False, premium=Premium.DW), Square("A"), Square("T")]
    assert score_word(cat, scr.distribution, scr.rules).total == 5  # Scrabble: only when covered
    two = [Square("C", premium=Premium.DW), Square("A"), Square("T", premium=Premium.DW)]
    assert score_word(two, scr.distribution, scr.rules).total == 20  # ×2 ×2 = ×4


def test_scrabble_examples_from_recorded_games(run):
    code, out, _ = run("check", "scrabble-en", "scrabble-pl")
    assert code == 0
    assert "ok   WINDY at 8D scores 32: W4×2 + I1 + N1 + D2 + Y4 = 16, word ×2 = 32" in out
    assert "ok   NOCTURN (blank as O, R) at 8B scores 70:" in out and "all 7 tiles +50 = 70" in out
    assert "ok   STĘPIĆ at 8G scores 46:" in out


def test_kit_declaring_wrong_totals_fails(write, run):
    kit = write("k.yaml", """
        extends: krestoslovitsa
        expect: {tiles: 131, blanks: 2}
    """)
    code, out, _ = run("check", kit)
    assert code == 1
    assert "FAIL 130 tiles: 128 lettered + 2 blanks, but the kit declares 131 tiles" in out


def test_spares_fill_with_no_room_on_the_last_page_is_said(write, run, tmp_path):
    """18 mm tiles on Letter: 130 tiles fill the page's 10 × 13 exactly, so ``spares: fill`` made no
    spare while check said all was fine. Check says so in one line, at the option; 20 mm tiles leave
    room for a row, and check says nothing."""
    from printkit.build import build_kit

    text = "extends: krestoslovitsa\nname: fill18\nphysical: {tile_mm: 18}\nprint: {paper: Letter, spares: fill}\n"
    kit = write("fill18.yaml", text)
    built = build_kit(load_kit(str(kit)), tmp_path / "out", only=["tiles"]).folder
    tiles = next(a for a in manifest_of(built)["artifacts"] if a["path"] == "tiles-Letter.pdf")
    assert (tiles["pages"], tiles["per_page"], tiles["tiles"], tiles["spares"]) == (1, 130, 130, 0)
    code, out, _ = run("check", kit)
    assert code == 0, out
    said = [line.strip() for line in out.splitlines() if "spares: fill" in line]
    assert said == [f"warn {kit}:4:32: spares: fill: the 130 tiles of 18 mm leave no room on the last page of "
                    "Letter for a row of spares, so none are made; give a number (spares: 1) for a page of its own"]
    assert out.strip().splitlines()[-1].strip() == "passed: 22 ok, 0 failed, 1 note, 1 warning"
    # what it advises: a number gives the spares a page of their own
    one = build_kit(load_kit(str(write("one.yaml", text.replace("fill", "1").replace("fill18", "one")))),
                    tmp_path / "one", only=["tiles"]).folder
    tiles = next(a for a in manifest_of(one)["artifacts"] if a["path"] == "tiles-Letter.pdf")
    assert (tiles["pages"], tiles["spares"]) == (2, 32)
    # 20 mm tiles: a row of 9 spares on the last page, and no word of it
    code, out, _ = run("check", write("fill20.yaml", text.replace("18", "20")))
    assert code == 0 and "spares: fill" not in out
    assert out.strip().splitlines()[-1].strip() == "passed: 22 ok, 0 failed, 1 note"


def test_two_more_blanks_in_three_lines(write, run):
    kit = write("four-blanks.yaml", """
        extends: krestoslovitsa
        distribution: {extends: krestoslovitsa, blanks: 4}
        expect: {tiles: 132, blanks: 4}
    """)
    code, out, _ = run("check", kit)
    assert code == 0, out
    assert "132 tiles: 128 lettered + 4 blanks, as declared" in out
    assert load_kit(str(kit)).name == "four-blanks"


def test_missing_letter_and_asymmetric_board_fail(write, run):
    write("d.yaml", """
        extends: scrabble-en
        tiles: [[A, 9, 1], [B, 2, 3]]
    """)
    write("l.yaml", """
        rows: |
          TW .. ..
          .. *  DL
          .. .. ..
    """)
    kit = write("k.yaml", """
        extends: scrabble-en
        distribution: d.yaml
        layout: l.yaml
        expect: {}
    """)
    code, out, _ = run("check", kit)
    assert code == 1
    assert "FAIL letters of the alphabet without a tile: C D E F G" in out
    assert "FAIL not symmetric: A1 C1 A2 C2 A3 B3 differ from their mirror images" in out


def test_stats_are_exact():
    kit = load_kit("krestoslovitsa")
    s = stats(kit)
    assert (s.tiles, s.points, s.vowel_tiles) == (130, 315, 47)
    # a blank can be a vowel: 47 vowels + 2 blanks; the other 81 tiles are neither
    assert s.no_vowel == Fraction(comb(81, 7), comb(130, 7))
    assert abs(float(s.no_vowel) - 0.0329) < 0.0001
    assert s.mean_value == Fraction(315, 128)


def test_rack_probability_matches_brute_force(write):
    write("d.yaml", """
        name: tiny
        language: en
        script: Latin
        alphabet: A B C
        vowels: A
        blanks: 1
        tiles: [[A, 2, 1], [B, 3, 2], [C, 2, 3]]
    """)
    kit = write("k.yaml", """
        extends: scrabble-en
        distribution: d.yaml
        rules: {extends: scrabble, rack: 3}
        expect: {}
    """)
    s = stats(load_kit(str(kit)))
    bag = list("AABBBCC?")
    racks = list(combinations(range(len(bag)), 3))
    none_v = sum(1 for r in racks if not any(bag[i] in "A?" for i in r))
    none_c = sum(1 for r in racks if not any(bag[i] in "BC?" for i in r))
    assert s.no_vowel == Fraction(none_v, len(racks))
    assert s.no_consonant == Fraction(none_c, len(racks))


def test_stats_and_compare_print(run):
    code, out, _ = run("check", "krestoslovitsa", "--stats", "--compare", "erudit", "scrabble-ru")
    assert code == 0
    assert "P(first 7 no vowel)        3.2916%" in out
    header = [ln for ln in out.splitlines() if "krestoslovitsa" in ln and "erudit" in ln and "scrabble-ru" in ln]
    assert header, out
    row = next(ln for ln in out.splitlines() if ln.startswith("tiles "))
    assert row.split()[1:] == ["130", "131", "104"]


def test_compare_alone_prints_the_table_only(run):
    """--compare without --stats or a kit to check: the side-by-side table alone (it was an internal error, the
    table's helpers imported only with --stats)."""
    code, out, err = run("check", "--compare", "erudit", "scrabble-en")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["erudit", "scrabble-en"] and "passed" not in out
    assert next(ln for ln in lines if ln.startswith("tiles ")).split()[1:] == ["131", "100"]


def test_check_all_and_list(run, check_all):
    code, out, _ = check_all
    assert code == 0 and out.count("passed:") == len(kit_names()) == 27 and "FAILED" not in out
    code, out, _ = run("list")
    assert code == 0
    lines = out.splitlines()
    line = next(ln for ln in lines if ln.startswith("  krestoslovitsa "))
    assert line.split()[:6] == ["krestoslovitsa", "130", "(2", "blanks)", "15×15", "standard-15,"]
    assert "22 mm" in line
    # grouped by language, each group headed by its code, its name in itself and its number of kits
    heads = [ln for ln in lines if not ln.startswith("  ")]
    assert heads[:4] == ["af · Afrikaans · 1 kit", "ca · català · 1 kit", "cs · čeština · 1 kit",
                         "cy · Cymraeg · 1 kit"]
    assert "ru · русский · 4 kits" in heads and "hu · magyar · 1 kit" in heads and len(heads) == 24
    at = lines.index("ru · русский · 4 kits")
    assert [ln.split()[0] for ln in lines[at + 1:at + 5]] == ["erudit", "krestoslovitsa", "krestoslovitsa-mini",
                                                              "scrabble-ru"]


def test_notes_do_not_fail():
    report = check_kit(load_kit("erudit"))
    assert report.passed and any(f.status == NOTE for f in report.findings)
    assert not any(f.status == FAIL for f in report.findings)
