"""Every sentence the sheets print, by key, in each language: English, Russian, Ukrainian.

Placeholders in braces are filled by the sheet ({title}, {page}…). An entry written "a|b|c" is a
noun's forms for counting (ru, uk: one | few | many, as лист | листа | листов; en: one | other).
Russian and Ukrainian follow the book's own words where it has them (лист, фишка, поле, клетка).
"""

from __future__ import annotations

LANGUAGES = ("en", "ru", "uk")

TABLE: dict[str, dict[str, str]] = {
    # -- every page: the scale bar and the footer --------------------------------------------------
    "scale_mm": {"en": "{n} mm", "ru": "{n} мм", "uk": "{n} мм"},
    "print_note_long": {
        "en": "Print at 100 % / actual size: this bar must measure 50 mm",
        "ru": "Печатайте в масштабе 100 % (реальный размер): эта полоска — 50 мм",
        "uk": "Друкуйте в масштабі 100 % (реальний розмір): ця смужка — 50 мм",
    },
    "print_note_medium": {
        "en": "Print at 100 %: the bar must measure 50 mm",
        "ru": "Масштаб 100 %: полоска — 50 мм",
        "uk": "Масштаб 100 %: смужка — 50 мм",
    },
    "print_note_short": {"en": "Print at 100 %", "ru": "Масштаб 100 %", "uk": "Масштаб 100 %"},
    "page_of": {"en": "page {page} of {pages}", "ru": "лист {page} из {pages}", "uk": "аркуш {page} з {pages}"},
    "footer": {"en": "{title} · {what}", "ru": "{title} · {what}", "uk": "{title} · {what}"},
    # -- tiles ---------------------------------------------------------------------------------------
    "tiles_footer": {"en": "tiles {size} mm", "ru": "фишки {size} мм", "uk": "фішки {size} мм"},
    "backs_footer": {"en": "tile backs", "ru": "обороты фишек", "uk": "звороти фішок"},
    "backs_note": {
        "en": "print long-edge duplex: this page lands behind the page before",
        "ru": "двусторонняя печать по длинному краю: этот лист ляжет на оборот предыдущего",
        "uk": "двобічний друк по довгому краю: цей аркуш ляже на зворот попереднього",
    },
    "spares_note": {
        "en": "Spare tiles below ({n}), to replace a lost one: not part of the set of {total}",
        "ru": "Ниже — запасные фишки ({n}) на замену потерянным: в набор из {total} не входят",
        "uk": "Нижче — запасні фішки ({n}) на заміну загубленим: до набору з {total} не входять",
    },
    "doc_tiles": {"en": "{title}: tiles", "ru": "{title}: фишки", "uk": "{title}: фішки"},
    # -- laser sheets: the tiles and the kerf test coupon --------------------------------------------
    "doc_laser_tiles": {
        "en": "{title}: tiles to laser-cut, sheet {sheet} of {sheets}",
        "ru": "{title}: фишки для лазерной резки, лист {sheet} из {sheets}",
        "uk": "{title}: фішки для лазерного різання, аркуш {sheet} з {sheets}",
    },
    "doc_laser_coupon": {"en": "{title}: kerf test", "ru": "{title}: проба пропила", "uk": "{title}: проба пропилу"},
    "coupon_title": {
        "en": "Kerf test: squares of {size} mm, each marked with its kerf in mm",
        "ru": "Проба пропила: квадраты {size} мм, на каждом — его пропил в мм",
        "uk": "Проба пропилу: квадрати {size} мм, на кожному — його пропил у мм",
    },
    "coupon_howto": {
        "en": "Measure them: the one that is {size} mm across gives physical.kerf_mm",
        "ru": "Измерьте: квадрат ровно {size} мм даёт значение physical.kerf_mm",
        "uk": "Виміряйте: квадрат рівно {size} мм дає значення physical.kerf_mm",
    },
    # -- the board -----------------------------------------------------------------------------------
    "board_size_note": {
        "en": "{rows} × {cols} cells of {cell} mm",
        "ru": "{rows} × {cols} клеток по {cell} мм",
        "uk": "{rows} × {cols} клітинок по {cell} мм",
    },
    "poster_footer": {"en": "board {size}", "ru": "поле {size}", "uk": "поле {size}"},
    "board_footer": {"en": "board {paper}", "ru": "поле, {paper}", "uk": "поле, {paper}"},
    "assembly_footer": {"en": "board {paper} assembly", "ru": "сборка поля, {paper}", "uk": "складання поля, {paper}"},
    "doc_board": {"en": "{title}: board", "ru": "{title}: поле", "uk": "{title}: поле"},
    "doc_board_paper": {"en": "{title}: board on {paper}", "ru": "{title}: поле на листах {paper}",
                        "uk": "{title}: поле на аркушах {paper}"},
    "doc_assembly": {"en": "{title}: board assembly on {paper}", "ru": "{title}: сборка поля из листов {paper}",
                     "uk": "{title}: складання поля з аркушів {paper}"},
    # where a page of the split board goes
    "left": {"en": "left", "ru": "слева", "uk": "ліворуч"},
    "centre": {"en": "centre", "ru": "в центре", "uk": "в центрі"},
    "right": {"en": "right", "ru": "справа", "uk": "праворуч"},
    "top": {"en": "top", "ru": "вверху", "uk": "вгорі"},
    "middle": {"en": "middle", "ru": "посередине", "uk": "посередині"},
    "bottom": {"en": "bottom", "ru": "внизу", "uk": "внизу"},
    "nth_row": {"en": "row {n}", "ru": "ряд {n}", "uk": "ряд {n}"},
    "nth_column": {"en": "column {n}", "ru": "столбец {n}", "uk": "стовпець {n}"},
    "whole_board": {"en": "the whole board", "ru": "всё поле", "uk": "усе поле"},
    "page_where": {
        "en": "page {page} of {pages}: {where}, row {row} col {col}",
        "ru": "лист {page} из {pages}: {where}, ряд {row}, столбец {col}",
        "uk": "аркуш {page} з {pages}: {where}, ряд {row}, стовпець {col}",
    },
    "page_whole": {"en": "page 1 of 1: the whole board", "ru": "лист 1 из 1: всё поле", "uk": "аркуш 1 з 1: усе поле"},
    # the board for the laser: its pieces and the splice plates under their seams
    "doc_laser_board": {
        "en": "{title}: board for the laser, piece {piece} of {pieces}",
        "ru": "{title}: поле для лазера, часть {piece} из {pieces}",
        "uk": "{title}: поле для лазера, частина {piece} з {pieces}",
    },
    "doc_laser_plates": {
        "en": "{title}: splice plates under the seams of the laser board",
        "ru": "{title}: накладки под стыки поля для лазера",
        "uk": "{title}: накладки під стики поля для лазера",
    },
    "laser_piece": {
        "en": "piece {piece}/{pieces}: {where}, {first}–{last}",
        "ru": "часть {piece}/{pieces}: {where}, {first}–{last}",
        "uk": "частина {piece}/{pieces}: {where}, {first}–{last}",
    },
    # the glue strips
    "glue": {"en": "glue", "ru": "клей", "uk": "клей"},
    "here": {"en": "here", "ru": "сюда", "uk": "сюди"},
    "page_short": {"en": "p. {page}", "ru": "л. {page}", "uk": "арк. {page}"},
    "glue_across": {
        "en": "glue here · overlap for page {page}",
        "ru": "клей сюда · нахлёст для листа {page}",
        "uk": "клей сюди · напуск для аркуша {page}",
    },
    # the assembly map
    "pages_from": {"en": "page|pages", "ru": "листа|листов|листов", "uk": "аркуша|аркушів|аркушів"},
    "assembly_title": {
        "en": "{title}: assembling the board from {pages} of {paper}",
        "ru": "{title}: как собрать поле из {pages} {paper}",
        "uk": "{title}: як скласти поле з {pages} {paper}",
    },
    "assembly_intro": {
        "en": "board {width} × {height} mm, cells {cell} mm; {cols} × {rows} pages{landscape}, overlap {overlap} mm",
        "ru": "поле {width} × {height} мм, клетки {cell} мм; листы {cols} × {rows}{landscape}, нахлёст {overlap} мм",
        "uk": "поле {width} × {height} мм, клітинки {cell} мм; аркуші {cols} × {rows}{landscape}, напуск {overlap} мм",
    },
    "landscape": {"en": " (landscape)", "ru": " (альбомные)", "uk": " (альбомні)"},
    "step_print": {
        "en": "1. Print every page of {file} at 100 % (actual size); the bar on each must measure 50 mm.",
        "ru": "1. Напечатайте все листы {file} в масштабе 100 % (реальный размер); полоска на каждом — 50 мм.",
        "uk": "1. Надрукуйте всі аркуші {file} у масштабі 100 % (реальний розмір); смужка на кожному — 50 мм.",
    },
    "step_cut": {
        "en": "2. Cut along the short trim marks: {cuts}.",
        "ru": "2. Отрежьте по коротким меткам: {cuts}.",
        "uk": "2. Відріжте по коротких мітках: {cuts}.",
    },
    "cut_left_all": {
        "en": "the left edge of every page but those of the first column",
        "ru": "левый край всех листов, кроме листов первого столбца",
        "uk": "лівий край усіх аркушів, крім аркушів першого стовпця",
    },
    "cut_top_all": {
        "en": "the top edge of every page but those of the first row",
        "ru": "верхний край всех листов, кроме листов первого ряда",
        "uk": "верхній край усіх аркушів, крім аркушів першого ряду",
    },
    "cut_left": {"en": "the left edge of {pages}", "ru": "левый край {pages}", "uk": "лівий край {pages}"},
    "cut_top": {"en": "the top edge of {pages}", "ru": "верхний край {pages}", "uk": "верхній край {pages}"},
    "of_page": {"en": "page {numbers}", "ru": "листа {numbers}", "uk": "аркуша {numbers}"},
    "of_pages": {"en": "pages {numbers}", "ru": "листов {numbers}", "uk": "аркушів {numbers}"},
    "and": {"en": " and ", "ru": " и ", "uk": " і "},
    "step_glue": {
        "en": "3. In page order, lay each cut edge over the hatched strip of its neighbour so that the half crosses",
        "ru": "3. По порядку листов наложите каждый отрезанный край на заштрихованную полосу соседа так, чтобы",
        "uk": "3. За порядком аркушів накладіть кожен відрізаний край на заштриховану смугу сусіда так, щоб",
    },
    "step_glue_2": {
        "en": "    and the grid lines meet, then glue. The hatched strips end up hidden.",
        "ru": "    половинки крестиков и линии сетки совпали, и приклейте. Штриховка окажется под листом.",
        "uk": "    половинки хрестиків і лінії сітки збіглися, і приклейте. Штрихування опиниться під аркушем.",
    },
    # -- wood-burning templates ---------------------------------------------------------------------
    "burn_tiles_footer": {"en": "burning template, tiles {size} mm", "ru": "шаблон для выжигания, фишки {size} мм",
                          "uk": "шаблон для випалювання, фішки {size} мм"},
    "burn_mirrored_footer": {"en": "mirrored burning template, tiles {size} mm",
                             "ru": "зеркальный шаблон для выжигания, фишки {size} мм",
                             "uk": "дзеркальний шаблон для випалювання, фішки {size} мм"},
    "burn_carbon_note": {
        "en": "lay on the wood over carbon paper and trace the lines",
        "ru": "положите на дерево поверх копирки и обведите линии",
        "uk": "покладіть на дерево поверх копіювального паперу й обведіть лінії",
    },
    "burn_mirrored_note": {
        "en": "mirror image: for toner or heat transfer",
        "ru": "зеркально: для переноса тонера или термопереноса",
        "uk": "дзеркально: для перенесення тонера або термоперенесення",
    },
    "burn_board_footer": {"en": "burning template, board {paper}", "ru": "шаблон для выжигания, поле, {paper}",
                          "uk": "шаблон для випалювання, поле, {paper}"},
    "doc_burn_tiles": {"en": "{title}: burning template of the tiles", "ru": "{title}: шаблон для выжигания фишек",
                       "uk": "{title}: шаблон для випалювання фішок"},
    "doc_burn_tiles_mirrored": {"en": "{title}: burning template of the tiles, mirrored",
                                "ru": "{title}: шаблон для выжигания фишек, зеркальный",
                                "uk": "{title}: шаблон для випалювання фішок, дзеркальний"},
    "doc_burn_board": {"en": "{title}: burning template of the board on {paper}",
                       "ru": "{title}: шаблон для выжигания поля на листах {paper}",
                       "uk": "{title}: шаблон для випалювання поля на аркушах {paper}"},
    # -- play materials: score sheet, tracking sheet, reference card ---------------------------------
    "doc_scoresheet": {"en": "{title}: score sheet", "ru": "{title}: подсчёт очков", "uk": "{title}: підрахунок очок"},
    "doc_tracking": {"en": "{title}: tiles played", "ru": "{title}: вышедшие фишки", "uk": "{title}: зіграні фішки"},
    "doc_reference": {"en": "{title}: reference card", "ru": "{title}: памятка", "uk": "{title}: пам'ятка"},
    "scoresheet_footer": {"en": "score sheet", "ru": "подсчёт очков", "uk": "підрахунок очок"},
    "tracking_footer": {"en": "tiles played", "ru": "вышедшие фишки", "uk": "зіграні фішки"},
    "reference_footer": {"en": "reference card", "ru": "памятка", "uk": "пам'ятка"},
    "player_n": {"en": "Player {n}", "ru": "Игрок {n}", "uk": "Гравець {n}"},
    "col_word": {"en": "word", "ru": "слово", "uk": "слово"},
    "col_points": {"en": "points", "ru": "очки", "uk": "очки"},
    "col_total": {"en": "total", "ru": "итого", "uk": "разом"},
    "row_rack": {"en": "tiles left on the rack (−)", "ru": "фишки на руках (−)", "uk": "фішки на руках (−)"},
    "row_award": {"en": "the others' tiles (+)", "ru": "чужие фишки (+)", "uk": "чужі фішки (+)"},
    "row_final": {"en": "final score", "ru": "итог", "uk": "підсумок"},
    "target_note": {
        "en": "Playing to {target} points: when someone reaches it, finish the round, so that everyone has had as many turns.",
        "ru": "Игра до {target} очков: когда кто-то их набрал, круг доигрывается, чтобы у всех было поровну ходов.",
        "uk": "Гра до {target} очок: коли хтось їх набрав, коло догравається, щоб усі мали порівну ходів.",
    },
    "to_the_end_note": {
        "en": "The game ends when the tiles are used up; the one with most points wins.",
        "ru": "Игра идёт, пока не кончатся фишки; выигрывает тот, у кого больше очков.",
        "uk": "Гра триває, доки не скінчаться фішки; перемагає той, хто має найбільше очок.",
    },
    "date_line": {"en": "Date: ____________", "ru": "Дата: ____________", "uk": "Дата: ____________"},
    "tracking_title": {"en": "{title}: cross off each tile as it is played",
                       "ru": "{title}: зачёркивайте каждую выложенную фишку",
                       "uk": "{title}: закреслюйте кожну викладену фішку"},
    "blanks": {"en": "blanks", "ru": "пустышки", "uk": "порожні"},
    "tracking_totals": {
        "en": "{total} tiles: {vowels} vowels, {consonants} consonants, {signs} signs, {blanks} blanks",
        "ru": "всего {total}: гласных {vowels}, согласных {consonants}, знаков {signs}, пустышек {blanks}",
        "uk": "усього {total}: голосних {vowels}, приголосних {consonants}, знаків {signs}, порожніх {blanks}",
    },
    "reference_title": {"en": "{title}: the tiles, the board and the rules", "ru": "{title}: фишки, поле и правила",
                        "uk": "{title}: фішки, поле і правила"},
    "col_letter": {"en": "letter", "ru": "буква", "uk": "літера"},
    "col_count": {"en": "tiles", "ru": "фишек", "uk": "фішок"},
    "col_value": {"en": "value", "ru": "очки", "uk": "очки"},
    "tiles_total": {
        "en": "{total} tiles: {lettered} with letters and {blanks} blank; {points} points in all",
        "ru": "всего {total} фишек: {lettered} с буквами и {blanks} пустых; всего {points} очков",
        "uk": "усього {total} фішок: {lettered} з літерами і {blanks} порожніх; усього {points} очок",
    },
    "premiums_heading": {"en": "The board's premium squares", "ru": "Особые клетки поля",
                         "uk": "Особливі клітинки поля"},
    "premium_count": {"en": "{legend}: {n} squares", "ru": "{legend}: {n} клеток", "uk": "{legend}: {n} клітинок"},
    "rules_heading": {"en": "The rules of this set: {rules}", "ru": "Правила этого набора: {rules}",
                      "uk": "Правила цього набору: {rules}"},
    "rule_rack": {"en": "Each player holds {rack} tiles and draws back up to {rack} after a turn.",
                  "ru": "У каждого игрока {rack} фишек; после хода он добирает до {rack}.",
                  "uk": "Кожен гравець має {rack} фішок; після ходу добирає до {rack}."},
    "rule_first": {"en": "The first word covers the start square, the one with the star, and has at least two letters.",
                   "ru": "Первое слово проходит через клетку со звёздочкой и имеет не меньше двух букв.",
                   "uk": "Перше слово проходить через клітинку із зірочкою і має щонайменше дві літери."},
    "rule_line": {"en": "A turn's tiles go in one row or column, in one word without gaps; every word hooks onto the board.",
                  "ru": "Фишки одного хода — в одном ряду или столбце, слово без пропусков; каждое слово цепляется за выложенные.",
                  "uk": "Фішки одного ходу — в одному рядку чи стовпці, слово без пропусків; кожне слово чіпляється за викладені."},
    "rule_anywhere": {"en": "In one turn you may make one, two or more words anywhere on the board, each hooked onto the words already there.",
                      "ru": "За один ход можно составить одно, два и больше слов в любых местах поля, каждое цепляется за уже выложенные.",
                      "uk": "За один хід можна скласти одне, два й більше слів у будь-яких місцях поля, кожне чіпляється за вже викладені."},
    "rule_read": {"en": "Words read left to right or top to bottom, as in a crossword.",
                  "ru": "Слова читаются, как в кроссворде: слева направо или сверху вниз.",
                  "uk": "Слова читаються, як у кросворді: зліва направо або згори вниз."},
    "rule_blank_letter": {"en": "A blank stands for any letter and is worth as much as that letter.",
                          "ru": "Пустышка заменяет любую букву и стоит столько же, сколько эта буква.",
                          "uk": "Порожня фішка замінює будь-яку літеру і коштує стільки ж, скільки ця літера."},
    "rule_blank_zero": {"en": "A blank stands for any letter and is worth 0 points.",
                        "ru": "Пустышка заменяет любую букву и стоит 0 очков.",
                        "uk": "Порожня фішка замінює будь-яку літеру і коштує 0 очок."},
    "rule_swap": {"en": "Holding the real letter, you may take a blank off the board, put the letter in its place and play the blank in the same turn.",
                  "ru": "Имея настоящую букву, можно забрать пустышку с поля, положить букву на её место и сыграть пустышкой в тот же ход.",
                  "uk": "Маючи справжню літеру, можна забрати порожню фішку з поля, покласти літеру на її місце й зіграти порожньою в той самий хід."},
    "rule_premium_always": {"en": "A premium square counts for every word that passes through it, on every turn.",
                            "ru": "Особая клетка засчитывается каждому слову, которое через неё проходит, в любой ход.",
                            "uk": "Особлива клітинка зараховується кожному слову, що через неї проходить, у будь-який хід."},
    "rule_premium_once": {"en": "A premium square counts only on the turn a tile is first put on it.",
                          "ru": "Особая клетка засчитывается только в тот ход, когда на неё впервые ставят фишку.",
                          "uk": "Особлива клітинка зараховується лише в той хід, коли на неї вперше кладуть фішку."},
    "rule_multiply": {"en": "Letter premiums first, then word premiums; two word premiums in one word multiply (×4, ×9).",
                      "ru": "Сначала премии букв, потом слова; две премии слова в одном слове перемножаются (×4, ×9).",
                      "uk": "Спершу премії літер, потім слова; дві премії слова в одному слові перемножуються (×4, ×9)."},
    "rule_add": {"en": "Letter premiums first, then word premiums; two word premiums in one word add up (×2 and ×2 make ×3).",
                 "ru": "Сначала премии букв, потом слова; две премии слова в одном слове складываются (×2 и ×2 дают ×3).",
                 "uk": "Спершу премії літер, потім слова; дві премії слова в одному слові додаються (×2 і ×2 дають ×3)."},
    "rule_bonus": {"en": "All {rack} tiles in one turn: {bonus} points more.",
                   "ru": "Все {rack} фишек за один ход: ещё {bonus} очков.",
                   "uk": "Усі {rack} фішок за один хід: ще {bonus} очок."},
    "rule_exchange": {"en": "Instead of playing you may exchange any number of tiles (\"I exchange\"); the turn is lost.",
                      "ru": "Вместо хода можно сказать «Меняю» и поменять любое число фишек; ход пропускается.",
                      "uk": "Замість ходу можна сказати «Міняю» й поміняти будь-яку кількість фішок; хід пропускається."},
    "rule_end_deduct": {"en": "When the tiles are used up, each player's tiles left on the rack are deducted from their score.",
                        "ru": "Когда фишки кончились, у каждого вычитается сумма оставшихся у него фишек.",
                        "uk": "Коли фішки скінчилися, у кожного віднімається сума фішок, що в нього залишилися."},
    "rule_end_award": {"en": "At the end each player deducts the tiles left on their rack; the one who went out gains the others' totals.",
                       "ru": "В конце каждый вычитает свои оставшиеся фишки; тот, кто выложил все, получает сумму чужих.",
                       "uk": "Наприкінці кожен віднімає свої фішки, що залишилися; той, хто виклав усі, отримує суму чужих."},
    "rule_target": {"en": "You may also play to {target} points; the round is then finished, so that everyone has had as many turns.",
                    "ru": "Можно играть и до {target} очков; тогда круг доигрывается, чтобы у всех было поровну ходов.",
                    "uk": "Можна грати й до {target} очок; тоді коло догравається, щоб усі мали порівну ходів."},
    # -- the calibration sheet ------------------------------------------------------------------------
    "doc_calibration": {"en": "{title}: printer calibration", "ru": "{title}: калибровка принтера",
                        "uk": "{title}: калібрування принтера"},
    "calibration_title": {"en": "Printer calibration", "ru": "Калибровка принтера", "uk": "Калібрування принтера"},
    "calibration_footer": {"en": "printer calibration", "ru": "калибровка принтера", "uk": "калібрування принтера"},
    "across_mm": {"en": "{n} mm across", "ru": "{n} мм поперёк", "uk": "{n} мм упоперек"},
    "down_mm": {"en": "{n} mm down", "ru": "{n} мм вдоль", "uk": "{n} мм уздовж"},
    "square_mm": {"en": "a square of {n} mm", "ru": "квадрат {n} мм", "uk": "квадрат {n} мм"},
    "calibrate_heading": {"en": "How to calibrate", "ru": "Как откалибровать", "uk": "Як відкалібрувати"},
    "calibrate_print": {
        "en": "Print this page at 100 % (actual size, not \"fit to page\") with the printer and paper you will "
              "print the kit with.",
        "ru": "Напечатайте этот лист в масштабе 100 % (реальный размер, не «по размеру страницы») на том принтере "
              "и той бумаге, на которых будете печатать набор.",
        "uk": "Надрукуйте цей аркуш у масштабі 100 % (реальний розмір, не «за розміром сторінки») на тому принтері "
              "й тому папері, на яких друкуватимете набір.",
    },
    "calibrate_measure": {
        "en": "Measure the {across} mm ruler across the page and the {down} mm ruler down it, each from its 0 to its "
              "last mark (the long marks at its ends), to a tenth of a millimetre if you can.",
        "ru": "Измерьте линейку {across} мм поперёк листа и линейку {down} мм вдоль него, каждую от 0 до последней "
              "метки (длинные метки на концах), по возможности с точностью до десятой миллиметра.",
        "uk": "Виміряйте лінійку {across} мм упоперек аркуша і лінійку {down} мм уздовж нього, кожну від 0 до "
              "останньої позначки (довгі позначки на кінцях), по змозі з точністю до десятої міліметра.",
    },
    "calibrate_enter": {
        "en": "Write what you measured, in millimetres, into the kit: print: {{measured: {{across: A, down: D}}}} "
              "(A across, D down); or build with --scale-x {across}/A --scale-y {down}/D.",
        "ru": "Впишите измеренное, в миллиметрах, в набор: print: {{measured: {{across: A, down: D}}}} "
              "(A поперёк, D вдоль); или соберите с --scale-x {across}/A --scale-y {down}/D.",
        "uk": "Впишіть виміряне, у міліметрах, у набір: print: {{measured: {{across: A, down: D}}}} "
              "(A упоперек, D уздовж); або зберіть з --scale-x {across}/A --scale-y {down}/D.",
    },
    "calibrate_result": {
        "en": "printkit then draws the kit's sheets for this printer so much larger or smaller that they print "
              "true to size: the bar on each measures 50 mm again. Laser and plotter files stay as they are, and so "
              "does this sheet: print it again to check the printer itself.",
        "ru": "Тогда printkit рисует листы набора для этого принтера настолько крупнее или мельче, чтобы они "
              "печатались в точный размер: полоска на каждом снова будет 50 мм. Файлы для лазера и плоттера не "
              "меняются, как и этот лист: напечатайте его снова, чтобы проверить сам принтер.",
        "uk": "Тоді printkit малює аркуші набору для цього принтера настільки більшими чи меншими, щоб вони "
              "друкувалися в точний розмір: смужка на кожному знову буде 50 мм. Файли для лазера й плотера не "
              "змінюються, як і цей аркуш: надрукуйте його знову, щоб перевірити сам принтер.",
    },
    "calibrate_off": {
        "en": "A print more than 2 % off was most likely scaled in the print dialog: print at 100 % and measure "
              "again. More than 5 % is refused.",
        "ru": "Если отпечаток отличается больше чем на 2 %, скорее всего, масштаб изменили в окне печати: "
              "напечатайте в масштабе 100 % и измерьте снова. Больше 5 % не принимается.",
        "uk": "Якщо відбиток відрізняється більш ніж на 2 %, найпевніше, масштаб змінили у вікні друку: "
              "надрукуйте в масштабі 100 % і виміряйте знову. Понад 5 % не приймається.",
    },
    "calibration_none": {
        "en": "This kit has no compensation yet: everything is drawn at its true size.",
        "ru": "В этом наборе поправки пока нет: всё нарисовано в точный размер.",
        "uk": "У цьому наборі поправки поки немає: усе намальовано в точний розмір.",
    },
    "calibration_now": {
        "en": "This kit now draws its sheets ×{across} across and ×{down} down.",
        "ru": "Сейчас набор рисует листы ×{across} поперёк и ×{down} вдоль.",
        "uk": "Зараз набір малює аркуші ×{across} упоперек і ×{down} уздовж.",
    },
}
