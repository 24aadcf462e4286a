"""Words formed like diminutives that have a meaning of their own: the diminutive rule lets them through.

The rule (:mod:`printkit.engine.diminutive`) already lets through a word as common as its base or
commoner (девочка beside дева). This list holds the words it would still refuse whose ordinary meaning
is not "a small (or dear) X" of the base it finds: a sock is no small nose (носок, нос), a page no
small side (сторінка, сторона), vodka no little water. It only ever *allows* a word.

How it was made (and how to extend it): ``python bench/review_diminutives.py ru`` (and ``uk``) prints
every word among wordfreq's 40 000 commonest in the language that the rule refuses, with the base it
names; each was read, and those whose commonest meaning is not the base's, made small or dear, were
written here with that meaning. A word whose small-X sense is as common as its other one (ножка, a small
leg or a table's leg; звёздочка, a little star or an asterisk) is not listed: the book's rule refuses
it. The words of the judge's evaluation list (tests/data/judge-eval.tsv) were left out of the review,
so that list measures the rule on words it was not fitted to.
"""

from __future__ import annotations

LEXICALISED: dict[str, dict[str, str]] = {
    "ru": {
        "банка": "a jar, a can",
        "бабочка": "a butterfly",
        "боец": "a fighter, a soldier",
        "водка": "vodka",
        "гудок": "a hooter, a dial tone",
        "график": "a chart, a timetable",
        "дворец": "a palace",
        "записка": "a note",
        "значок": "a badge",
        "карточка": "a card",
        "клинок": "a blade",
        "клубок": "a ball of yarn",
        "крышка": "a lid",
        "лампочка": "a light bulb",
        "мужик": "a peasant, a man",
        "носок": "a sock",
        "образец": "a sample, a pattern",
        "палатка": "a tent",
        "повестка": "a summons, an agenda",
        "подписка": "a subscription",
        "площадка": "a ground, a platform",
        "полотенце": "a towel",
        "пробка": "a cork, a traffic jam",
        "ручка": "a pen, a handle",
        "станок": "a machine tool",
        "стрелка": "a pointer, a clock's hand",
        "трубка": "a tube, a tobacco pipe, a handset",
        "турок": "a Turk",
        "чашка": "a cup",
    },
    "uk": {
        "білок": "a protein, an egg white",
        "білоруська": "a Belarusian woman",
        "будка": "a booth, a kennel",
        "вечірка": "a party",
        "відділок": "a (police) station",
        "гурток": "a club, a study circle",
        "дзвінок": "a bell, a call",
        "заявка": "an application, a bid",
        "значок": "a badge",
        "картка": "a card",
        "кільце": "a ring",
        "колонка": "a column, a loudspeaker",
        "коханка": "a mistress",
        "куток": "a corner",
        "лампочка": "a light bulb",
        "майданчик": "a playground, a platform",
        "майка": "a T-shirt",
        "маска": "a mask",
        "матка": "a womb, a queen bee",
        "мітка": "a mark, a tag",
        "молоток": "a hammer",
        "новачок": "a newcomer, a novice",
        "новинка": "a novelty",
        "оболонка": "a shell, a casing",
        "очко": "a point (in a game)",
        "пам'ятка": "a memo, a monument",
        "пастка": "a trap",
        "пластик": "plastic",
        "плитка": "a tile, a bar",
        "покажчик": "a pointer, an index",
        "посадка": "a landing, planting",
        "постановка": "a staging, a production",
        "різка": "a birch rod",
        "ручка": "a pen, a handle",
        "рядок": "a line (of text)",
        "ставок": "a pond",
        "стілець": "a chair",
        "сторінка": "a page",
        "стрілка": "a pointer, a clock's hand",
        "сумка": "a bag",
        "сусідка": "a (woman) neighbour",
        "сутичка": "a clash",
        "сушка": "a dryer, a ring biscuit",
        "торець": "an end face",
        "трубка": "a tube, a tobacco pipe, a handset",
        "турка": "a coffee pot (cezve)",
        "чашка": "a cup",
    },
}
