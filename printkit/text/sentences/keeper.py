"""The score keeper at the table (:mod:`printkit.keeper`): why a turn or a game record is refused, in the
page's language (``serve_`` keys: the page's words). The engine's other reasons stay its own English sentence."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    # -- the record and the request ---------------------------------------------------------------------
    "serve_keeper_err_gcg_type": {
        "en": "the game record (gcg) is text in GCG",
        "ru": "запись игры (gcg) — это текст в формате GCG",
        "uk": "запис гри (gcg) — це текст у форматі GCG",
    },
    "serve_keeper_err_gcg_long": {
        "en": "the game record is {n} characters long; the keeper takes at most {limit}",
        "ru": "запись игры длиной {n} знаков; счётчик принимает не больше {limit}",
        "uk": "запис гри завдовжки {n} знаків; лічильник приймає не більше {limit}",
    },
    "serve_keeper_err_gcg_bad": {
        "en": "the game record cannot be read: {why}",
        "ru": "запись игры не читается: {why}",
        "uk": "запис гри не читається: {why}",
    },
    "serve_keeper_err_gcg_set": {
        "en": "the game record is a game of {named}, not of this kit's set ({kit}): choose its kit",
        "ru": "это запись игры набором {named}, а не набором этого комплекта ({kit}): выберите её набор",
        "uk": "це запис гри набором {named}, а не набором цього комплекту ({kit}): виберіть її набір",
    },
    "serve_keeper_err_players": {
        "en": "the players are a list of names",
        "ru": "игроки — это список имён",
        "uk": "гравці — це список імен",
    },
    "serve_keeper_err_turn": {
        "en": "a turn is one of {kinds}; not {kind}",
        "ru": "ход — одно из: {kinds}; а не {kind}",
        "uk": "хід — одне з: {kinds}; а не {kind}",
    },
    "serve_keeper_err_field": {
        "en": "the turn {kind} needs {field}: {what}",
        "ru": "для хода {kind} нужно поле {field}: {what}",
        "uk": "для ходу {kind} потрібне поле {field}: {what}",
    },
    # -- turns the rules refuse ---------------------------------------------------------------------------
    "serve_keeper_err_not_joined": {
        "en": "{squares}: not joined: every word after the first takes in a tile already on the board",
        "ru": "{squares}: не примыкает: каждое слово после первого проходит через фишку, уже лежащую на поле",
        "uk": "{squares}: не прилягає: кожне слово після першого проходить через фішку, що вже лежить на полі",
    },
    "serve_keeper_err_gap": {
        "en": "{squares}: a gap at {at}: only tiles already on the board may lie between the tiles of a turn",
        "ru": "{squares}: пропуск на {at}: между фишками хода могут лежать только фишки, уже лежащие на поле",
        "uk": "{squares}: пропуск на {at}: між фішками ходу можуть лежати лише фішки, що вже лежать на полі",
    },
    "serve_keeper_err_not_line": {
        "en": "{squares}: not in one row or column: the tiles of a turn go in one line",
        "ru": "{squares}: не в одном ряду или столбце: фишки хода кладутся в одну линию",
        "uk": "{squares}: не в одному рядку чи стовпці: фішки ходу кладуть в одну лінію",
    },
    "serve_keeper_err_start": {
        "en": "{squares}: the first move covers the start square {at}",
        "ru": "{squares}: первый ход закрывает стартовую клетку {at}",
        "uk": "{squares}: перший хід закриває стартову клітинку {at}",
    },
    "serve_keeper_err_first_two": {
        "en": "{squares}: the first move places two tiles or more",
        "ru": "{squares}: первым ходом кладут две фишки или больше",
        "uk": "{squares}: першим ходом кладуть дві фішки або більше",
    },
    "serve_keeper_err_no_word": {
        "en": "{squares}: makes no word: each tile is part of a word read left to right or top to bottom",
        "ru": "{squares}: не составляет слова: каждая фишка входит в слово, читаемое слева направо или сверху "
              "вниз",
        "uk": "{squares}: не складає слова: кожна фішка входить у слово, що читається зліва направо або згори "
              "донизу",
    },
    "serve_keeper_err_taken": {
        "en": "{at} is taken: {tile} is there",
        "ru": "клетка {at} занята: там {tile}",
        "uk": "клітинка {at} зайнята: там {tile}",
    },
    "serve_keeper_err_off_board": {
        "en": "{what}: off the board ({extent})",
        "ru": "{what}: за пределами поля ({extent})",
        "uk": "{what}: поза межами поля ({extent})",
    },
    "serve_keeper_err_run_off": {
        "en": "{what}: the word runs off the board: only {n} fit",
        "ru": "{what}: слово выходит за край поля: помещается только {n}",
        "uk": "{what}: слово виходить за край поля: вміщується лише {n}",
    },
    "serve_keeper_err_no_tile": {
        "en": "{what}: the set has no tile {letter}",
        "ru": "{what}: в наборе нет фишки {letter}",
        "uk": "{what}: у наборі немає фішки {letter}",
    },
    "serve_keeper_err_too_many": {
        "en": "{what}: too many {tile}: the set has {limit}, {on} of them on the board",
        "ru": "{what}: слишком много {tile}: в наборе {limit}, на поле уже {on}",
        "uk": "{what}: забагато {tile}: у наборі {limit}, на полі вже {on}",
    },
    "serve_keeper_err_blank": {"en": "blanks", "ru": "пустышек", "uk": "порожніх фішок"},
    "serve_keeper_err_no_play": {
        "en": "there is no play to withdraw: the last turn is not a play standing on the board",
        "ru": "снимать нечего: последний ход — не выложенное слово",
        "uk": "знімати нічого: останній хід — не викладене слово",
    },
    "serve_keeper_err_no_undo": {
        "en": "nothing to undo: no turn has been played",
        "ru": "отменять нечего: ходов ещё не было",
        "uk": "скасовувати нічого: ходів ще не було",
    },
    "serve_keeper_err_over": {
        "en": "the game is over: undo its end to play on",
        "ru": "игра окончена: чтобы продолжить, отмените её конец",
        "uk": "гру закінчено: щоб продовжити, скасуйте її кінець",
    },
    "serve_keeper_err_racks": {
        "en": "the end takes a rack for each of the {n} players, in their order (empty for the one who went out)",
        "ru": "для конца игры нужна подставка каждого из {n} игроков по порядку (пустая у того, кто выложил всё)",
        "uk": "для кінця гри потрібна підставка кожного з {n} гравців по черзі (порожня в того, хто виклав усе)",
    },
    "serve_keeper_err_out_twice": {
        "en": "only one player can go out; these have no tiles left: {names}",
        "ru": "выложить всё может только один игрок; без фишек остались: {names}",
        "uk": "викласти все може лише один гравець; без фішок лишилися: {names}",
    },
    "serve_keeper_err_rack_long": {
        "en": "{name}: {n} tiles, but a rack holds {limit}",
        "ru": "{name}: {n} фишек, а на подставке помещается {limit}",
        "uk": "{name}: {n} фішок, а на підставці вміщується {limit}",
    },
    "serve_keeper_err_left": {
        "en": "{tile}: {n} on the racks, but only {left} of the set's {count} are off the board",
        "ru": "{tile}: на подставках {n}, а вне поля только {left} из {count} в наборе",
        "uk": "{tile}: на підставках {n}, а поза полем лише {left} з {count} у наборі",
    },
    "serve_keeper_err_exchanges_spent": {
        "en": "the rules allow {n:exchange|exchanges} a game, and this player has made them: pass or play",
        "ru": "правила разрешают {n:обмен|обмена|обменов} за партию, и этот игрок их сделал: пропустите ход или играйте",
        "uk": "правила дозволяють {n:обмін|обміни|обмінів} за партію, і цей гравець їх зробив: пропустіть хід або грайте",
    },
    "serve_keeper_err_exchange": {
        "en": "an exchange puts back 1 to {limit} tiles: the tiles (АБВ, ? a blank) or how many",
        "ru": "при обмене возвращают от 1 до {limit} фишек: сами фишки (АБВ, ? — пустышка) или их число",
        "uk": "при обміні повертають від 1 до {limit} фішок: самі фішки (АБВ, ? — порожня) або їхнє число",
    },
    "serve_keeper_err_bonus": {
        "en": "a bonus is 1 to {limit} points",
        "ru": "премия — от 1 до {limit} очков",
        "uk": "премія — від 1 до {limit} очок",
    },
    "serve_keeper_err_not_play": {
        "en": "{move}: a play is a square and a word, as 8H WORD (across) or H8 WORD (down)",
        "ru": "{move}: ход — это клетка и слово, например 8H СЛОВО (по горизонтали) или H8 СЛОВО (по вертикали)",
        "uk": "{move}: хід — це клітинка і слово, наприклад 8H СЛОВО (по горизонталі) або H8 СЛОВО (по "
              "вертикалі)",
    },
    # the words around a word's figures in its explanation (printkit.engine.score.EXPLAINED: the command line's)
    "serve_keeper_explain_word": {"en": ", word ×{mult} = {total}", "ru": ", слово ×{mult} = {total}",
                                  "uk": ", слово ×{mult} = {total}"},
    "serve_keeper_explain_words": {"en": ", words {each} {how}: ×{mult} = {total}",
                                   "ru": ", слова {each} {how}: ×{mult} = {total}",
                                   "uk": ", слова {each} {how}: ×{mult} = {total}"},
    "serve_keeper_explain_multiplied": {"en": "multiplied", "ru": "перемножены", "uk": "перемножені"},
    "serve_keeper_explain_added": {"en": "added", "ru": "сложены", "uk": "додані"},
}
