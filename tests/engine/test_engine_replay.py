"""Recorded games replayed move by move: every score the engine gives is the one the record wrote.

The games are test data of the Macondo project (github.com/domino14/macondo, gcgio/testdata/
doug_v_emely.gcg and vs_frentz.gcg), English tiles on the standard board. Only the moves are copied
(player, rack, coordinate, word, score, cumulative score); a line ``--`` is a withdrawn phony (its
tiles come off, the turn is lost), ``(challenge)`` a bonus for a word challenged in vain, ``(RACK)``
the end: the tournament rules these records follow give the player who went out twice the rack left.
This is not a GCG reader (that is printkit.engine.gcg): it splits the lines it needs.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from printkit.config import load_kit
from printkit.engine import Pass, State, placement
from printkit.engine.score import end_adjustments, score_word
from printkit.model import BlankValue, PremiumUse, WordPremiums

EN = load_kit("scrabble-en")

DOUG_V_EMELY = """\
>doug: DINNVWY 8D WINDY +32 32
>emely: ADEEGIL 7C GALE +16 16
>doug: AEJNOSV E3 JAVE..N +34 66
>emely: DEILOVX F2 VOX +39 55
>doug: ADENOST 10B DONATES +82 148
>emely: DEIILTZ 4B TIL.. +24 79
>emely: DEIILTZ --  -24 55
>doug: AAEINRU 9G EAU +16 164
>emely: DEIILTZ 4D Z.. +38 93
>doug: AILNORT A5 LATINO +27 191
>emely: DEEIILT B2 TEIID +29 122
>doug: ?BDERUW A1 WEB +30 221
>emely: AELLNST 11E SAT +51 173
>doug: ?DINRRU 6D R.D +22 243
>emely: ACELLMN C1 CAN +23 196
>doug: ?EFINRU B8 FU. +14 257
>emely: EILLMRR 7H RILL +12 208
>doug: ?EIINOR K5 RE.IgION +78 335
>emely: EKMORRU L11 MURK +28 236
>doug: AEIOORS 15H ARIOSE +33 368
>emely: ?CEORUY 14F COY +19 255
>doug: EGHMOPT L4 GET +12 380
>emely: ?BERSTU 2F .ERB +9 264
>doug: AEHIMOP 1G PEA +29 409
>emely: ?HOQSTU M2 QUOTH +46 310
>doug: EGHIMOP N1 HIM +42 451
>emely: ?FS 14L .aFS +21 331
>emely:  (OPEG) +14 345
"""

VS_FRENTZ = """\
>cesar: ?AACDER 8D CRAAlED +74 74
>frentz: DEENOSW E2 ENDOWE.S +74 74
>cesar: AABEIIW D4 AWA +28 102
>frentz: KNOO F2 NOOK +30 104
>cesar: BEGIIJX 9G XI +35 137
>frentz: EPY 10F YEP +30 134
>cesar: BEFGIIJ 11C JIBE +31 168
>frentz: AEFS 12B SAFE +37 171
>cesar: FGIIIOU 13C IF +39 207
>frentz: GLU 14A GUL +19 190
>cesar: EGIIORU 11H EUOI +13 220
>frentz: EEILRST 15C STERILE +86 276
>cesar: EGILORR 10J GOR +17 237
>frentz: MTU 14E TUM +17 293
>cesar: EIILNRV 3E ..NVIRILE +78 315
>cesar: ADDIPYZ (challenge) +5 320
>frentz: ?ABCEER 13G ACErBER +80 373
>cesar: ADDIPYZ H1 DA.Y +45 365
>frentz: GOUV L1 VU.GO +26 399
>cesar: DINPTTZ K5 ZIT +46 411
>frentz: HOQT 2K Q.OTH +47 446
>cesar: ADNNOPT 12L POND +28 439
>frentz: AILMNRS O6 RIMLAN.S +83 529
>frentz:  (challenge) +5 534
>frentz:  (AHNTT) +16 550
"""


def replay(record: str):
    """Play the record; return (state, cumulative scores by player, moves replayed, end line)."""
    state = State.for_kit(EN)
    totals: dict[str, int] = {}
    moves, end = 0, None
    for line in record.splitlines():
        name, rest = line[1:].split(":", 1)
        fields = rest.split()
        if fields[-3:-2] == ["--"] or fields[1] == "--":
            withdrawn = state.undo()
            state.play(Pass())
            totals[name] -= withdrawn.total
            assert -withdrawn.total == int(fields[-2]), line
        elif fields[0].startswith("("):
            end = (name, fields[0][1:-1], int(fields[1]))
            totals[name] += int(fields[1])
        elif fields[1] == "(challenge)":
            totals[name] += int(fields[2])
        else:
            coord, word, score = fields[1], fields[2], int(fields[3])
            got = state.play(placement(state, coord, word))
            assert got.total == score, f"{line}: the engine scores {got.total}: {got.explain()}"
            totals[name] = totals.get(name, 0) + got.total
            moves += 1
        assert totals[name] == int(fields[-1]), line
    return state, totals, moves, end


def test_doug_v_emely_every_move_scores_as_recorded():
    state, totals, moves, end = replay(DOUG_V_EMELY)
    assert (moves, state.turn) == (26, 26)  # 25 plays and the withdrawn phony's lost turn
    assert totals == {"doug": 451, "emely": 345}
    phony = state.history[5]
    assert (phony.move, phony.total) == (Pass(), 0)
    sat = state.history[11]  # 11E SAT: the S on the DW of E11 hooks JAVELINA; the A and T make TA and DEET
    assert [(w.word, w.total) for w in sat.words] == [("SAT", 3 * 2), ("JAVELINAS", 19 * 2), ("TA", 2), ("DEET", 5)]
    assert sat.total == 51
    religion = state.history[16]  # K5 RE.IgION: seven tiles through the L of RILL, a blank as G
    assert [w.word for w in religion.words] == ["RELIgION"]
    assert (religion.total, religion.bonus, religion.tiles) == (78, 50, 7)


def test_doug_v_emely_end_twice_over_and_as_seed_003():
    *_, end = replay(DOUG_V_EMELY)
    assert end == ("emely", "OPEG", 14)
    racks = [list("OPEG"), []]
    assert end_adjustments(racks, 1, EN.distribution, replace(EN.rules, end_award=2)) == [0, 14]
    assert end_adjustments(racks, 1, EN.distribution, EN.rules) == [-7, 7]  # the boxed rules: the same spread


def test_vs_frentz_every_move_scores_as_recorded():
    state, totals, moves, end = replay(VS_FRENTZ)
    assert (moves, state.turn) == (22, 22)
    assert totals == {"cesar": 439, "frentz": 550}
    assert end == ("frentz", "AHNTT", 16)
    assert end_adjustments([list("AHNTT"), []], 1, EN.distribution, replace(EN.rules, end_award=2)) == [0, 16]


@pytest.mark.parametrize("changes, total", [
    ({}, 451 + 331),  # the record's scores, the phony taken back
    ({"premiums": PremiumUse.ALWAYS}, None),
    ({"blank_value": BlankValue.LETTER}, None),
    ({"word_premiums": WordPremiums.ADD, "premiums": PremiumUse.ALWAYS}, None),
])
def test_the_board_scores_as_score_word_does(changes, total):
    """The state scores every move with the one scoring function: under every rule variant each
    word it reports is score_word of that word's squares, and the move's total is its words' and
    the bonus."""
    state = State.new(EN.layout, EN.distribution, replace(EN.rules, **changes))
    for line in DOUG_V_EMELY.splitlines():
        fields = line.split(":", 1)[1].split()
        if "--" in fields:
            state.undo()
            state.play(Pass())
        elif len(fields) == 5:
            score = state.play(placement(state, fields[1], fields[2]))
            rescored = tuple(score_word(w.squares, EN.distribution, state.rules) for w in score.words)
            assert rescored == score.words, line
            assert score.total == sum(w.total for w in score.words) + score.bonus
    played = sum(s.total for s in state.history)
    assert played == total if total is not None else played != 451 + 331  # the variant changed scores
