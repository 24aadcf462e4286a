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
    # -- the chart of printkit fit ---------------------------------------------------------------------
    "fit_title": {"en": "{title}: tiles against the language ({language})",
                  "ru": "{title}: фишки и язык ({language})", "uk": "{title}: фішки і мова ({language})"},
    "fit_tiles": {"en": "tiles (share of the set's lettered tiles)", "ru": "фишки (доля среди фишек с буквами)",
                  "uk": "фішки (частка серед фішок з літерами)"},
    "fit_language": {"en": "language (mean of running text and lexicon)",
                     "ru": "язык (среднее по тексту и словарю)", "uk": "мова (середнє за текстом і словником)"},
    "fit_flagged": {"en": "flagged: {faces}", "ru": "под вопросом: {faces}", "uk": "під питанням: {faces}"},
    "fit_value": {"en": "value", "ru": "очки", "uk": "очки"},
    "fit_suggested": {"en": "suggested", "ru": "совет", "uk": "порада"},
    "fit_source": {"en": "letters by {source}", "ru": "буквы: {source}", "uk": "літери: {source}"},
    # -- printkit simulate: the report of self-play games ------------------------------------------------
    "sim_header": {"en": "simulate {kit}: {games} games, {players} players, seed {seed}; {who}",
                   "ru": "simulate {kit}: партий {games}, игроков {players}, seed {seed}; {who}",
                   "uk": "simulate {kit}: партій {games}, гравців {players}, seed {seed}; {who}"},
    "sim_greedy": {"en": "each player takes the highest-scoring move", "ru": "каждый игрок берёт самый дорогой ход",
                   "uk": "кожен гравець бере найдорожчий хід"},
    "sim_greedy_leave": {"en": "each player takes the highest score plus a simple leave value (blanks kept, no "
                                "duplicates, two vowels in five)",
                         "ru": "каждый игрок берёт ход по очкам и простой оценке остатка (пустышки, без повторов, "
                               "две гласные из пяти)",
                         "uk": "кожен гравець бере хід за очками і простою оцінкою залишку (порожні, без повторів, "
                               "дві голосні з п’яти)"},
    "sim_lexicon": {"en": "lexicon: {words} words from {source}; {left} left out ({unspellable} the set cannot "
                          "spell, {misfit} shorter than 2 tiles or longer than the board)",
                    "ru": "словарь: {words} слов, {source}; не вошли {left} ({unspellable} не выложить фишками "
                          "набора, {misfit} короче 2 фишек или длиннее поля)",
                    "uk": "словник: {words} слів, {source}; не ввійшли {left} ({unspellable} не викласти фішками "
                          "набору, {misfit} коротші за 2 фішки або довші за поле)"},
    "sim_one_line": {"en": "moves: every placement in one row or column; the book's turns of several words in "
                           "different places are not generated",
                     "ru": "ходы: все выкладки в одном ряду или столбце; ходы книги из нескольких слов в разных "
                           "местах поля не перебираются",
                     "uk": "ходи: усі викладки в одному ряду чи стовпці; ходи книги з кількох слів у різних місцях "
                           "поля не перебираються"},
    "sim_swap": {"en": "the blank swap is generated: {n} moves made with it",
                 "ru": "замена пустышки перебирается: ходов с ней {n}",
                 "uk": "заміна порожньої фішки перебирається: ходів з нею {n}"},
    "sim_end": {"en": "games ended: {out} by a player going out, {target} at the target score, {stuck} with no "
                      "moves left, {limit} at the turn limit",
                "ru": "партии закончились: {out} — фишки игрока кончились, {target} — набран предел очков, "
                      "{stuck} — ходов нет, {limit} — предел ходов",
                "uk": "партії закінчилися: {out} — фішки гравця скінчилися, {target} — набрано межу очок, "
                      "{stuck} — ходів немає, {limit} — межа ходів"},
    "sim_game": {"en": "per game: mean final score {score}, mean turns {turns}; a rack had no move in {nomove} % "
                       "of turns; bonus for all tiles {bonus} per game ({bonus_share} % of placements)",
                 "ru": "за партию: средний итог {score}, ходов в среднем {turns}; ходов не было в {nomove} % "
                       "ходов; премия за все фишки {bonus} за партию ({bonus_share} % выкладок)",
                 "uk": "за партію: середній підсумок {score}, ходів у середньому {turns}; ходів не було в "
                       "{nomove} % ходів; премія за всі фішки {bonus} за партію ({bonus_share} % викладок)"},
    "sim_formula": {"en": "suggested: value × turns held ÷ the mean turns a tile is held, rounded, at least 1",
                    "ru": "совет: очки × ходов на подставке ÷ среднее число ходов на подставке, округлено, не меньше 1",
                    "uk": "порада: очки × ходів на підставці ÷ середню кількість ходів на підставці, округлено, "
                          "не менше 1"},
    "sim_columns": {"en": "face;tiles;value;ended %;held;points/tile;played;suggested",
                    "ru": "буква;фишек;очки;осталась %;ходов;очков/фишку;сыграно;совет",
                    "uk": "літера;фішок;очки;лишилася %;ходів;очок/фішку;зіграно;порада"},
    "sim_columns_note": {"en": "ended %: share of games it was left on a rack; held: turns a tile spent on a rack; "
                               "points/tile: what a tile played earned (letter premium and word multiplier)",
                         "ru": "осталась %: доля партий, где буква осталась на подставке; ходов: сколько ходов "
                               "фишка пролежала на подставке; очков/фишку: что принесла сыгранная фишка (с "
                               "премиями)",
                         "uk": "лишилася %: частка партій, де літера лишилася на підставці; ходів: скільки ходів "
                               "фішка пролежала на підставці; очок/фішку: що принесла зіграна фішка (з преміями)"},
    "sim_stopped": {"en": "stopped (Ctrl-C): {done} of {games} games finished; the figures are of those",
                    "ru": "остановлено (Ctrl-C): сыграно {done} из {games} партий; цифры — по ним",
                    "uk": "зупинено (Ctrl-C): зіграно {done} з {games} партій; цифри — за ними"},
    "sim_gcg": {"en": "game records: {n} in {folder}", "ru": "записи партий: {n} в {folder}",
                "uk": "записи партій: {n} у {folder}"},
    "sim_chart": {"en": "chart: {files}", "ru": "диаграмма: {files}", "uk": "діаграма: {files}"},
    "sim_chart_ended": {"en": "under each letter: % of games it was left on a rack",
                        "ru": "под буквой: % партий, где она осталась на подставке",
                        "uk": "під літерою: % партій, де вона лишилася на підставці"},
    "sim_compare": {"en": "simulate, sets side by side: {kits}; games of each: {games}, {players} players, seed {seed}",
                    "ru": "simulate, наборы рядом: {kits}; партий каждого: {games}, игроков {players}, seed {seed}",
                    "uk": "simulate, набори поруч: {kits}; партій кожного: {games}, гравців {players}, seed {seed}"},
    "sim_cmp_unplayed": {"en": "not played (stopped before them): {kits}", "ru": "не сыграны (остановлено до них): {kits}",
                         "uk": "не зіграні (зупинено до них): {kits}"},
    "sim_cmp_score": {"en": "mean final score", "ru": "средний итог", "uk": "середній підсумок"},
    "sim_cmp_turns": {"en": "mean turns", "ru": "ходов в среднем", "uk": "ходів у середньому"},
    "sim_cmp_nomove": {"en": "turns with no move", "ru": "ходов без выкладки", "uk": "ходів без викладки"},
    "sim_cmp_bonus": {"en": "bonuses per game", "ru": "премий за партию", "uk": "премій за партію"},
    "sim_cmp_letter": {"en": "face", "ru": "буква", "uk": "літера"},
    "sim_cmp_note": {"en": "per letter: value/suggested, and the share of games it was left on a rack",
                     "ru": "по буквам: очки/совет и доля партий, где буква осталась на подставке",
                     "uk": "за літерами: очки/порада і частка партій, де літера лишилася на підставці"},
    "sim_title": {"en": "{title}: values the games suggest ({games} games)",
                  "ru": "{title}: очки по итогам партий ({games})", "uk": "{title}: очки за підсумками партій ({games})"},
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
        "en": "{rows} × {cols:cell|cells} of {cell} mm",
        "ru": "{rows} × {cols:клетка|клетки|клеток} по {cell} мм",
        "uk": "{rows} × {cols:клітинка|клітинки|клітинок} по {cell} мм",
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
        "en": "If you have agreed to play to {target:point|points}: when someone reaches them, finish the round, so that everyone has had as many turns.",
        "ru": "Если договорились играть до {target:очка|очков|очков}: когда кто-то их набрал, круг доигрывается, чтобы у всех было поровну ходов.",
        "uk": "Якщо домовилися грати до {target:очка|очок|очок}: коли хтось їх набрав, коло догравається, щоб усі мали порівну ходів.",
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
    "blank_as_letter": {"en": "as its letter", "ru": "как буква", "uk": "як літера"},
    "tracking_totals": {
        "en": "{total:tile|tiles}: {groups}",
        "ru": "всего {total:фишка|фишки|фишек}: {groups}",
        "uk": "усього {total:фішка|фішки|фішок}: {groups}",
    },
    # the groups of tracking_totals, each left out when it has no tiles
    "count_vowels": {"en": "{n:vowel|vowels}", "ru": "{n:гласная|гласные|гласных}", "uk": "{n:голосна|голосні|голосних}"},
    "count_consonants": {"en": "{n:consonant|consonants}", "ru": "{n:согласная|согласные|согласных}",
                         "uk": "{n:приголосна|приголосні|приголосних}"},
    "count_signs": {"en": "{n:sign|signs}", "ru": "{n:знак|знака|знаков}", "uk": "{n:знак|знаки|знаків}"},
    "count_blanks": {"en": "{n:blank|blanks}", "ru": "{n:пустышка|пустышки|пустышек}", "uk": "{n:порожня|порожні|порожніх}"},
    "list_comma": {"en": ", ", "ru": ", ", "uk": ", "},
    "reference_title": {"en": "{title}: the tiles, the board and the rules", "ru": "{title}: фишки, поле и правила",
                        "uk": "{title}: фішки, поле і правила"},
    "col_letter": {"en": "letter", "ru": "буква", "uk": "літера"},
    "col_count": {"en": "tiles", "ru": "фишки", "uk": "фішки"},
    "col_value": {"en": "value", "ru": "очки", "uk": "очки"},
    "tiles_total": {
        "en": "{total:tile|tiles}: {lettered} with letters and {blanks:blank|blanks}; {points:point|points} in all",
        "ru": "всего {total:фишка|фишки|фишек}: {lettered} с буквами и {blanks:пустая|пустые|пустых}; всего {points:очко|очка|очков}",
        "uk": "усього {total:фішка|фішки|фішок}: {lettered} з літерами і {blanks:порожня|порожні|порожніх}; усього {points:очко|очка|очок}",
    },
    "premiums_heading": {"en": "The board's premium squares", "ru": "Особые клетки поля",
                         "uk": "Особливі клітинки поля"},
    "premium_count": {"en": "{legend}: {n:square|squares}", "ru": "{legend}: {n:клетка|клетки|клеток}",
                      "uk": "{legend}: {n:клітинка|клітинки|клітинок}"},
    "rules_heading": {"en": "The rules of this set: {rules}", "ru": "Правила этого набора: {rules}",
                      "uk": "Правила цього набору: {rules}"},
    "rule_rack": {"en": "Each player holds {rack:tile|tiles} and draws back up to {rack} after a turn.",
                  "ru": "У каждого игрока {rack:фишка|фишки|фишек}; после хода он добирает до {rack}.",
                  "uk": "Кожен гравець має {rack:фішку|фішки|фішок}; після ходу добирає до {rack}."},
    # whose rule a statement is: the headings of the card's groups of rules
    "by_book": {"en": "By the book «Твое свободное время»", "ru": "По книге «Твое свободное время»",
                "uk": "За книгою «Твое свободное время»"},
    "by_scrabble": {"en": "By the rules of boxed Scrabble", "ru": "По правилам Скрабла (коробочное издание)",
                    "uk": "За правилами Скрабла (коробкове видання)"},
    "by_erudit": {"en": "By the rules of Erudit, as its editions give them", "ru": "По правилам «Эрудита» (его изданий)",
                  "uk": "За правилами «Ерудита» (його видань)"},
    "by_records": {"en": "As recorded tournament games score it", "ru": "Как в записях турнирных партий",
                   "uk": "Як у записах турнірних партій"},
    "by_agreed": {"en": "By agreement: a house rule of this set", "ru": "По договорённости: правило этого набора",
                  "uk": "За домовленістю: правило цього набору"},
    "rule_first": {"en": "The first word covers the start square, the one with the star.",
                   "ru": "Первое слово проходит через клетку со звёздочкой.",
                   "uk": "Перше слово проходить через клітинку із зірочкою."},
    "rule_first_length": {"en": "The first word has at least two letters.",
                          "ru": "В первом слове не меньше двух букв.",
                          "uk": "Перше слово має щонайменше дві літери."},
    # which words count: the nouns of the book and of Эрудит, with the kinds of proper noun the rules allow
    "rule_words_nouns": {
        "en": "Words: common nouns in the nominative singular (or plural, for a noun that has no singular, as scissors){also}.",
        "ru": "Слова — имена существительные нарицательные в именительном падеже единственного числа (или множественного, если у слова нет единственного, как «ножницы»){also}.",
        "uk": "Слова — загальні іменники в називному відмінку однини (або множини, якщо слово не має однини, як «ножиці»){also}.",
    },
    "rule_words_also": {"en": "; also {kinds}", "ru": "; а также {kinds}", "uk": "; а також {kinds}"},
    "kind_places": {"en": "place names", "ru": "географические названия", "uk": "географічні назви"},
    "kind_surnames": {"en": "the surnames of famous people", "ru": "фамилии знаменитых людей",
                      "uk": "прізвища знаменитих людей"},
    "kind_names": {"en": "first names", "ru": "имена", "uk": "імена"},
    "kind_organisations": {"en": "names of organisations", "ru": "названия организаций", "uk": "назви організацій"},
    "kind_works": {"en": "one-word titles of plays, films and operas", "ru": "названия пьес, фильмов и опер из одного слова",
                    "uk": "назви п'єс, фільмів і опер з одного слова"},
    "kind_heroes": {"en": "the names of heroes of literature and art", "ru": "имена героев литературы и искусства",
                    "uk": "імена героїв творів літератури й мистецтва"},
    "rule_words_no_proper": {"en": "Proper nouns do not count.", "ru": "Имена собственные не считаются.",
                             "uk": "Власні назви не зараховуються."},
    "rule_words_no_names": {"en": "First names and pet names do not count.", "ru": "Имена и клички не считаются.",
                            "uk": "Імена та прізвиська не зараховуються."},
    "rule_words_no_names_but_works": {
        "en": "First names and pet names do not count, unless they are the name of a town, a river or a work (“Kashtanka”).",
        "ru": "Имена и клички не считаются, если это не название города, реки или произведения («Каштанка»).",
        "uk": "Імена та прізвиська не зараховуються, якщо це не назва міста, річки чи твору («Каштанка»).",
    },
    "rule_words_no_diminutives": {"en": "Words with a diminutive suffix do not count.",
                                  "ru": "Слова с уменьшительными суффиксами не считаются.",
                                  "uk": "Слова зі зменшувальними суфіксами не зараховуються."},
    "rule_words_list": {"en": "Words: those of the dictionary the players agree on before the game.",
                        "ru": "Слова — из словаря, о котором игроки договорились перед игрой.",
                        "uk": "Слова — зі словника, про який гравці домовилися перед грою."},
    "rule_challenge": {
        "en": "A word may be challenged before the next player's turn: if it is not in the dictionary, its player takes the tiles back and loses the turn; if it is, the challenger loses their next turn.",
        "ru": "Слово можно оспорить до хода следующего игрока: если его нет в словаре, игрок забирает фишки и пропускает ход; если есть — ход пропускает тот, кто оспаривал.",
        "uk": "Слово можна оскаржити до ходу наступного гравця: якщо його немає в словнику, гравець забирає фішки й пропускає хід; якщо є — хід пропускає той, хто оскаржував.",
    },
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
    "rule_bonus": {"en": "All {rack:tile|tiles} in one turn: {bonus:point|points} more.",
                   "ru": "Все {rack:фишка|фишки|фишек} за один ход: ещё {bonus:очко|очка|очков}.",
                   "uk": "Усі {rack:фішка|фішки|фішок} за один хід: ще {bonus:очко|очка|очок}."},
    "rule_exchange": {"en": "Instead of playing you may exchange any number of tiles (\"I exchange\"); the turn is lost.",
                      "ru": "Вместо хода можно сказать «Меняю» и поменять любое число фишек; ход пропускается.",
                      "uk": "Замість ходу можна сказати «Міняю» й поміняти будь-яку кількість фішок; хід пропускається."},
    "rule_exchange_stuck": {"en": "If you cannot make a word, you miss the turn and may say \"I exchange\" and exchange any number of tiles.",
                            "ru": "Кто не может составить ни одного слова, пропускает ход и, сказав «Меняю», может поменять любое число фишек.",
                            "uk": "Хто не може скласти жодного слова, пропускає хід і, сказавши «Міняю», може поміняти будь-яку кількість фішок."},
    "rule_end_deduct": {"en": "When the tiles are used up, each player's tiles left on the rack are deducted from their score.",
                        "ru": "Когда фишки кончились, у каждого вычитается сумма оставшихся у него фишек.",
                        "uk": "Коли фішки скінчилися, у кожного віднімається сума фішок, що в нього залишилися."},
    "rule_end_award": {"en": "At the end each player deducts the tiles left on their rack; the one who went out gains the others' totals.",
                       "ru": "В конце каждый вычитает свои оставшиеся фишки; тот, кто выложил все, получает сумму чужих.",
                       "uk": "Наприкінці кожен віднімає свої фішки, що залишилися; той, хто виклав усі, отримує суму чужих."},
    "rule_target": {"en": "You may also play to {target:point|points}; the round is then finished, so that everyone has had as many turns.",
                    "ru": "Можно играть и до {target:очка|очков|очков}; тогда круг доигрывается, чтобы у всех было поровну ходов.",
                    "uk": "Можна грати й до {target:очка|очок|очок}; тоді коло догравається, щоб усі мали порівну ходів."},
    # -- the calibration sheet ------------------------------------------------------------------------
    "doc_calibration": {"en": "{title}: printer calibration", "ru": "{title}: калибровка принтера",
                        "uk": "{title}: калібрування принтера"},
    "calibration_title": {"en": "Printer calibration", "ru": "Калибровка принтера", "uk": "Калібрування принтера"},
    "calibration_footer": {"en": "printer calibration", "ru": "калибровка принтера", "uk": "калібрування принтера"},
    "across_mm": {"en": "{n} mm across", "ru": "{n} мм поперёк", "uk": "{n} мм упоперек"},
    "down_mm": {"en": "{n} mm down", "ru": "{n} мм вдоль", "uk": "{n} мм уздовж"},
    "across_in": {"en": "{n:inch|inches} across", "ru": "{n:дюйм|дюйма|дюймов} поперёк",
                  "uk": "{n:дюйм|дюйми|дюймів} упоперек"},
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
    # -- print-all: every page of the kit's paper in one file, after a page of contents -------------
    "doc_printall": {"en": "{title}: everything to print on {paper}", "ru": "{title}: всё для печати на листах {paper}",
                     "uk": "{title}: усе для друку на аркушах {paper}"},
    "printall_footer": {"en": "everything to print", "ru": "всё для печати", "uk": "усе для друку"},
    "printall_title": {"en": "{title}: everything to print", "ru": "{title}: всё для печати",
                       "uk": "{title}: усе для друку"},
    "printall_intro": {
        "en": "This file holds every page of the set on {paper} paper, in the order to print them: one print job, or one file for a print shop.",
        "ru": "В этом файле все листы набора формата {paper} в порядке печати: одно задание на печать или один файл для копицентра.",
        "uk": "У цьому файлі всі аркуші набору формату {paper} у порядку друку: одне завдання на друк або один файл для копіцентру.",
    },
    "printall_scale": {
        "en": "Print at 100 % / actual size, never “fit to page”: the bar at the foot of every page must measure 50 mm.",
        "ru": "Печатайте в масштабе 100 % (реальный размер), не «по размеру страницы»: полоска внизу каждого листа должна быть 50 мм.",
        "uk": "Друкуйте в масштабі 100 % (реальний розмір), не «за розміром сторінки»: смужка внизу кожного аркуша має бути 50 мм.",
    },
    "col_pages": {"en": "pages", "ru": "листы", "uk": "аркуші"},
    "col_file": {"en": "file", "ru": "файл", "uk": "файл"},
    "col_what": {"en": "what it is", "ru": "что это", "uk": "що це"},
    "col_how": {"en": "how to print", "ru": "как печатать", "uk": "як друкувати"},
    "how_simplex": {"en": "one-sided, 100 %", "ru": "с одной стороны, 100 %", "uk": "з одного боку, 100 %"},
    "how_duplex": {"en": "long-edge duplex, 100 %", "ru": "с двух сторон по длинному краю, 100 %",
                   "uk": "з двох боків по довгому краю, 100 %"},
    "printall_duplex": {
        "en": "Pages {pages} are the tiles' fronts, each page followed by its backs: print them as a job of their own, long-edge duplex, so that every back lands behind its front.",
        "ru": "Листы {pages} — лицевые стороны фишек, за каждой её оборот: печатайте их отдельным заданием, с двух сторон по длинному краю, чтобы оборот лёг за лицевой стороной.",
        "uk": "Аркуші {pages} — лицьові боки фішок, за кожним його зворот: друкуйте їх окремим завданням, з двох боків по довгому краю, щоб зворот ліг за лицьовим боком.",
    },
    "printall_left_out": {
        "en": "Not in this file: {files}; the laser and wood-burning files.",
        "ru": "Не вошли в этот файл: {files}; файлы для лазера и выжигания.",
        "uk": "Не ввійшли до цього файлу: {files}; файли для лазера й випалювання.",
    },
    "left_out_larger": {
        "en": "{file}, a page of {size} mm, larger than {paper} (for a print shop or a plotter)",
        "ru": "{file} — лист {size} мм, больше листа {paper} (для копицентра или плоттера)",
        "uk": "{file} — аркуш {size} мм, більший за аркуш {paper} (для копіцентру або плотера)",
    },
    "left_out_smaller_same": {
        "en": "{file}, a page of {size} mm, smaller than {paper}: the same is in this file as {other}",
        "ru": "{file} — лист {size} мм, меньше листа {paper}: то же самое есть в этом файле как {other}",
        "uk": "{file} — аркуш {size} мм, менший за аркуш {paper}: те саме є в цьому файлі як {other}",
    },
    "left_out_smaller": {
        "en": "{file}, a page of {size} mm, smaller than {paper}",
        "ru": "{file} — лист {size} мм, меньше листа {paper}",
        "uk": "{file} — аркуш {size} мм, менший за аркуш {paper}",
    },
    "printall_calibrate_first": {
        "en": "Print page {page}, the calibration sheet, on its own first and measure its 50 mm square and its rulers before you print the rest: if they are off, the sheet says what to do.",
        "ru": "Сначала напечатайте отдельно лист {page} — калибровку принтера — и измерьте его квадрат 50 мм и линейки, прежде чем печатать остальное: если размеры не те, на листе сказано, что делать.",
        "uk": "Спершу надрукуйте окремо аркуш {page} — калібрування принтера — і виміряйте його квадрат 50 мм і лінійки, перш ніж друкувати решту: якщо розміри не ті, на аркуші сказано, що робити.",
    },
    "printall_left_out_none": {
        "en": "Not in this file: the laser and wood-burning files.",
        "ru": "Не вошли в этот файл: файлы для лазера и выжигания.",
        "uk": "Не ввійшли до цього файлу: файли для лазера й випалювання.",
    },
    # -- the gallery: index.html in the kit's folder -------------------------------------------------
    "gallery_made": {"en": "Kit {name}, made by printkit {version}", "ru": "Набор {name}, сделан printkit {version}",
                     "uk": "Набір {name}, зроблено printkit {version}"},
    "gallery_set": {"en": "The set", "ru": "Набор", "uk": "Набір"},
    "fig_tiles": {"en": "tiles", "ru": "фишки", "uk": "фішки"},
    "fig_tiles_value": {"en": "{total}, {blanks} of them blank", "ru": "{total} (пустышек: {blanks})",
                        "uk": "{total} (порожніх: {blanks})"},
    "fig_spares": {"en": "spare tiles", "ru": "запасные фишки", "uk": "запасні фішки"},
    "fig_letters": {"en": "letters", "ru": "буквы", "uk": "літери"},
    "fig_tile_size": {"en": "tile", "ru": "фишка", "uk": "фішка"},
    "fig_board": {"en": "board", "ru": "поле", "uk": "поле"},
    "fig_board_value": {"en": "{rows} × {cols} cells of {cell} mm, {width} × {height} mm",
                        "ru": "{rows} × {cols} клеток по {cell} мм, {width} × {height} мм",
                        "uk": "{rows} × {cols} клітинок по {cell} мм, {width} × {height} мм"},
    "fig_rules": {"en": "rules", "ru": "правила", "uk": "правила"},
    "fig_rules_value": {"en": "{rules}, {rack:tile|tiles} on a rack", "ru": "{rules}, {rack:фишка|фишки|фишек} на руках",
                        "uk": "{rules}, {rack:фішка|фішки|фішок} на руках"},
    "mm": {"en": "{n} mm", "ru": "{n} мм", "uk": "{n} мм"},
    "gallery_print": {"en": "Printing", "ru": "Печать", "uk": "Друк"},
    "gallery_print_note": {
        "en": "Print every PDF at 100 % / actual size, never “fit to page”; the 50 mm bar at the foot of every page checks it.",
        "ru": "Печатайте каждый PDF в масштабе 100 % (реальный размер), не «по размеру страницы»; полоска 50 мм внизу каждого листа это проверяет.",
        "uk": "Друкуйте кожен PDF у масштабі 100 % (реальний розмір), не «за розміром сторінки»; смужка 50 мм унизу кожного аркуша це перевіряє.",
    },
    "gallery_print_all": {
        "en": "Everything to print on {paper} in one file: {file}, {pages}.",
        "ru": "Всё для печати на листах {paper} одним файлом: {file}, {pages}.",
        "uk": "Усе для друку на аркушах {paper} одним файлом: {file}, {pages}.",
    },
    "how_some_duplex": {"en": "100 %; pages {pages} long-edge duplex", "ru": "100 %; листы {pages} с двух сторон по длинному краю",
                        "uk": "100 %; аркуші {pages} з двох боків по довгому краю"},
    "gallery_scale": {
        "en": "These files are drawn for a printer that prints 200 mm as {across} mm across and {down} mm down (×{kx} and ×{ky}); calibration.pdf and the laser files are true to size.",
        "ru": "Эти файлы нарисованы для принтера, который печатает 200 мм как {across} мм поперёк и {down} мм вдоль (×{kx} и ×{ky}); calibration.pdf и файлы для лазера — в натуральную величину.",
        "uk": "Ці файли намальовано для принтера, що друкує 200 мм як {across} мм упоперек і {down} мм уздовж (×{kx} і ×{ky}); calibration.pdf і файли для лазера — у натуральну величину.",
    },
    "col_paper": {"en": "paper", "ru": "бумага", "uk": "папір"},
    "how_large": {"en": "100 %, on a sheet of {size} mm (print shop, plotter)",
                  "ru": "100 %, на листе {size} мм (копицентр, плоттер)",
                  "uk": "100 %, на аркуші {size} мм (копіцентр, плотер)"},
    "how_trimmed": {"en": "100 %, trimmed to {size} mm (the TrimBox), {bleed} mm bleed on every side, on a sheet of {sheet} mm (print shop, plotter)",
                    "ru": "100 %, обрезной формат {size} мм (TrimBox), вылеты за обрез {bleed} мм с каждой стороны, на листе {sheet} мм (копицентр, плоттер)",
                    "uk": "100 %, обрізний формат {size} мм (TrimBox), виліт за обріз {bleed} мм з кожного боку, на аркуші {sheet} мм (копіцентр, плотер)"},
    "page_count": {"en": "page|pages", "ru": "лист|листа|листов", "uk": "аркуш|аркуші|аркушів"},
    "gallery_files": {"en": "Files", "ru": "Файлы", "uk": "Файли"},
    "gallery_pages": {"en": "Pages:", "ru": "Листы:", "uk": "Аркуші:"},
    "gallery_laser": {"en": "Laser plan", "ru": "План для лазера", "uk": "План для лазера"},
    "gallery_laser_intro": {
        "en": "Profile {profile}, bed {bed} mm, kerf {kerf} mm: cut {cut} m, travel {travel} m, about {time} in all.",
        "ru": "Профиль {profile}, стол {bed} мм, пропил {kerf} мм: резка {cut} м, холостой ход {travel} м, всего около {time}.",
        "uk": "Профіль {profile}, стіл {bed} мм, пропил {kerf} мм: різання {cut} м, холостий хід {travel} м, усього близько {time}.",
    },
    "gallery_laser_layers": {
        "en": "Operations in job order: {layers}. The inner cuts go before the outer cut that frees the tiles: "
              "where the software makes a step of each colour, keep that order there.",
        "ru": "Операции по порядку: {layers}. Внутренние резы — до внешнего, который освобождает фишки: "
              "где программа делает из каждого цвета свой шаг, сохраните там этот порядок.",
        "uk": "Операції по порядку: {layers}. Внутрішні різи — до зовнішнього, який звільняє фішки: "
              "де програма робить із кожного кольору свій крок, збережіть там цей порядок.",
    },
    "layer_engrave": {"en": "engrave", "ru": "гравировка", "uk": "гравіювання"},
    "layer_score": {"en": "score", "ru": "надрез", "uk": "надріз"},
    "layer_inner": {"en": "inner cuts", "ru": "внутренние резы", "uk": "внутрішні різи"},
    "layer_outer": {"en": "outer cut", "ru": "внешний рез", "uk": "зовнішній різ"},
    "col_tiles_spares": {"en": "tiles + spares", "ru": "фишки + запасные", "uk": "фішки + запасні"},
    "col_bed": {"en": "bed, mm", "ru": "стол, мм", "uk": "стіл, мм"},
    "col_cut": {"en": "cut, m", "ru": "резка, м", "uk": "різання, м"},
    "col_travel": {"en": "travel, m", "ru": "холостой ход, м", "uk": "холостий хід, м"},
    "col_time": {"en": "time", "ru": "время", "uk": "час"},
    "minutes": {"en": "{n} min", "ru": "{n} мин", "uk": "{n} хв"},
    "hours": {"en": "{n} h", "ru": "{n} ч", "uk": "{n} год"},
    "gallery_manifest": {"en": "Every file with its figures: {file}", "ru": "Все файлы с их размерами: {file}",
                         "uk": "Усі файли з їхніми розмірами: {file}"},
    "product_tiles": {"en": "Tiles", "ru": "Фишки", "uk": "Фішки"},
    "product_board": {"en": "Board", "ru": "Поле", "uk": "Поле"},
    "product_laser": {"en": "Laser cutting", "ru": "Лазерная резка", "uk": "Лазерне різання"},
    "product_burn": {"en": "Wood-burning templates", "ru": "Шаблоны для выжигания", "uk": "Шаблони для випалювання"},
    "product_play": {"en": "Play sheets", "ru": "Для игры", "uk": "Для гри"},
    "product_print_all": {"en": "Everything to print", "ru": "Всё для печати", "uk": "Усе для друку"},
    "product_calibration": {"en": "Printer calibration", "ru": "Калибровка принтера", "uk": "Калібрування принтера"},
    "product_3d": {"en": "3D-printed tiles", "ru": "Фишки для 3D-печати", "uk": "Фішки для 3D-друку"},
    "product_cutter": {"en": "Craft cutter: print and cut", "ru": "Плоттер: печать и резка",
                       "uk": "Плотер: друк і різання"},
    "doc_cutter": {"en": "{title}: print and cut ({cutter})", "ru": "{title}: печать и резка ({cutter})",
                   "uk": "{title}: друк і різання ({cutter})"},
    "product_racks": {"en": "Tile racks: laser and card", "ru": "Подставки для фишек: лазер и картон",
                      "uk": "Підставки для фішок: лазер і картон"},
    "doc_racks": {"en": "{title}: tile racks", "ru": "{title}: подставки для фишек", "uk": "{title}: підставки для фішок"},
    "doc_racks_paper": {"en": "{title}: card tile racks", "ru": "{title}: подставки для фишек из картона",
                        "uk": "{title}: підставки для фішок з картону"},
    "racks_paper_howto": {"en": "Cut along the solid lines, fold along the dashed ones: the lip up, the shelf flat, "
                          "the face and the rear into a triangle; glue the tab under the shelf.",
                          "ru": "Вырежьте по сплошным линиям, согните по пунктирным: бортик вверх, полку ровно, "
                          "стенки треугольником; приклейте клапан под полку.",
                          "uk": "Виріжте по суцільних лініях, зігніть по пунктирних: бортик угору, полицю рівно, "
                          "стінки трикутником; приклейте клапан під полицю."},
    "product_box": {"en": "The box for the set", "ru": "Коробка для набора", "uk": "Коробка для набору"},
    "doc_box": {"en": "{title}: the box", "ru": "{title}: коробка", "uk": "{title}: коробка"},
    "doc_box_paper": {"en": "{title}: card box", "ru": "{title}: коробка из картона", "uk": "{title}: коробка з картону"},
    "box_tray": {"en": "tray", "ru": "коробка", "uk": "коробка"},
    "box_lid": {"en": "lid", "ru": "крышка", "uk": "кришка"},
    "box_paper_howto": {"en": "Cut along the solid lines, fold along the dashed ones: the walls up, the tabs in; glue "
                        "each tab inside the wall beside it.",
                        "ru": "Вырежьте по сплошным линиям, согните по пунктирным: стенки вверх, клапаны внутрь; "
                        "приклейте каждый клапан изнутри к соседней стенке.",
                        "uk": "Виріжте по суцільних лініях, зігніть по пунктирних: стінки вгору, клапани всередину; "
                        "приклейте кожен клапан зсередини до сусідньої стінки."},
    # the drawstring bag's sewing pattern (--only bag)
    "product_bag": {"en": "Drawstring bag: sewing pattern", "ru": "Мешочек для фишек: выкройка",
                    "uk": "Торбинка для фішок: викрійка"},
    "doc_bag": {"en": "{title}: bag pattern on {paper}", "ru": "{title}: выкройка мешочка на листах {paper}",
                "uk": "{title}: викрійка торбинки на аркушах {paper}"},
    "doc_bag_instructions": {"en": "{title}: sewing the bag", "ru": "{title}: как сшить мешочек",
                             "uk": "{title}: як пошити торбинку"},
    "bag_footer": {"en": "bag pattern {paper}", "ru": "выкройка мешочка, {paper}", "uk": "викрійка торбинки, {paper}"},
    "bag_instructions_footer": {"en": "sewing the bag", "ru": "как сшить мешочек", "uk": "як пошити торбинку"},
    "bag_page_whole": {"en": "page 1 of 1: the whole pattern", "ru": "лист 1 из 1: вся выкройка",
                       "uk": "аркуш 1 з 1: уся викрійка"},
    "bag_title": {"en": "{title}: a drawstring bag for the tiles", "ru": "{title}: мешочек для фишек на шнурке",
                  "uk": "{title}: торбинка для фішок на шнурку"},
    "bag_intro_size": {
        "en": "Finished: {w} × {d} × {h} mm (width × depth × height), a flat base {w} × {d} mm; it holds {room} cm³, "
              "at least {factor} times the {tiles_cm3} cm³ of the {tiles} tiles ({side} × {side} × {t} mm) with the "
              "spares, so a hand fits in among them.",
        "ru": "Готовый мешочек: {w} × {d} × {h} мм (ширина × глубина × высота), плоское дно {w} × {d} мм; вмещает "
              "{room} см³, не меньше чем {factor} × {tiles_cm3} см³ всех {tiles} фишек ({side} × {side} × {t} мм) с "
              "запасными, так что рука проходит между ними.",
        "uk": "Готова торбинка: {w} × {d} × {h} мм (ширина × глибина × висота), пласке дно {w} × {d} мм; вміщує "
              "{room} см³, не менше ніж {factor} × {tiles_cm3} см³ усіх {tiles} фішок ({side} × {side} × {t} мм) "
              "із запасними, тож рука проходить між ними."},
    "bag_intro_cut": {
        "en": "Cut one piece of woven fabric (cotton, linen) {w} × {h} mm, seam allowances of {n} cm included; "
              "a cord of {cord} cm, 4–5 mm thick.",
        "ru": "Вырежьте одну деталь из плотной ткани (хлопок, лён) {w} × {h} мм, припуски на швы {n} см уже "
              "включены; шнур {cord} см толщиной 4–5 мм.",
        "uk": "Виріжте одну деталь із щільної тканини (бавовна, льон) {w} × {h} мм, припуски на шви {n} см уже "
              "враховано; шнур {cord} см завтовшки 4–5 мм."},
    "bag_glue_head": {"en": "The pattern", "ru": "Выкройка", "uk": "Викрійка"},
    "bag_glue_print": {
        "en": "1. Print the {pages:page|pages} of {file} at 100 % (actual size); the bar on each must measure 50 mm.",
        "ru": "1. Напечатайте {pages:лист|листа|листов} {file} в масштабе 100 % (реальный размер); полоска на каждом — 50 мм.",
        "uk": "1. Надрукуйте {pages:аркуш|аркуші|аркушів} {file} у масштабі 100 % (реальний розмір); смужка на кожному — 50 мм."},
    "bag_glue_join": {
        "en": "3. In page order, lay each cut edge over the hatched strip of its neighbour so that the half crosses "
              "and the pattern's lines meet, then glue.",
        "ru": "3. По порядку листов наложите каждый отрезанный край на заштрихованную полосу соседа так, чтобы "
              "половинки крестиков и линии выкройки совпали, и приклейте.",
        "uk": "3. За порядком аркушів накладіть кожен відрізаний край на заштриховану смугу сусіда так, щоб "
              "половинки хрестиків і лінії викрійки збіглися, і приклейте."},
    "bag_sew_head": {"en": "Sewing", "ru": "Шитьё", "uk": "Шиття"},
    "bag_step_cut": {
        "en": "1. Lay the pattern on the fabric, the grain arrow along the threads; pin it and cut one piece along "
              "the solid line, the two notches too. Mark the fold lines and the stops with chalk.",
        "ru": "1. Положите выкройку на ткань, стрелкой вдоль долевой нити; приколите и вырежьте одну деталь по "
              "сплошной линии, вместе с двумя вырезами. Перенесите мелом линии сгиба и отметки «стоп».",
        "uk": "1. Покладіть викрійку на тканину, стрілкою вздовж пайової нитки; приколіть і виріжте одну деталь по "
              "суцільній лінії, разом із двома вирізами. Перенесіть крейдою лінії згину та позначки «стоп»."},
    "bag_step_fold": {
        "en": "2. Fold the piece in half along the bottom fold, right sides together, notch on notch.",
        "ru": "2. Сложите деталь пополам по линии сгиба дна, лицом внутрь, вырез на вырез.",
        "uk": "2. Складіть деталь навпіл по лінії згину дна, лицем досередини, виріз на виріз."},
    "bag_step_sides": {
        "en": "3. Sew each side along the dashed line, {n} cm from the edge, from the notch up to the stop; leave it "
              "open above the stop, for the cord. Press the seams open.",
        "ru": "3. Стачайте бока по пунктиру, в {n} см от края, от выреза до отметки «стоп»; выше неё оставьте "
              "открытым для шнура. Разутюжьте швы.",
        "uk": "3. Зшийте боки по пунктиру, за {n} см від краю, від вирізу до позначки «стоп»; вище неї залиште "
              "відкритим для шнура. Розпрасуйте шви."},
    "bag_step_base": {
        "en": "4. The base: pull each notch open so that the side seam lies on the bottom fold, and sew its edges "
              "together {n} cm in: a seam {d} mm long across the corner.",
        "ru": "4. Дно: разверните каждый вырез так, чтобы боковой шов лёг на линию сгиба дна, и стачайте его края в "
              "{n} см от края: поперечный шов длиной {d} мм.",
        "uk": "4. Дно: розгорніть кожен виріз так, щоб боковий шов ліг на лінію згину дна, і зшийте його краї за "
              "{n} см від краю: поперечний шов завдовжки {d} мм."},
    "bag_step_channel": {
        "en": "5. The channel: turn each top edge {n} cm under, fold it down again along the channel's line ({c} mm) "
              "and stitch along the turned edge, all round.",
        "ru": "5. Кулиса: подогните каждый верхний край на {n} см, затем ещё раз по линии кулисы ({c} мм) и "
              "прострочите по подогнутому краю по кругу.",
        "uk": "5. Куліса: підгорніть кожен верхній край на {n} см, потім ще раз по лінії куліси ({c} мм) і "
              "прострочіть по підгорнутому краю по колу."},
    "bag_step_cord": {
        "en": "6. Turn the bag right side out. Thread {cord} cm of cord through the channel with a safety pin, all "
              "round, both ends out at one side, and knot them.",
        "ru": "6. Выверните мешочек. Проденьте булавкой шнур {cord} см через кулису по кругу, оба конца выведите с "
              "одной стороны и завяжите узлом.",
        "uk": "6. Виверніть торбинку. Протягніть шпилькою шнур {cord} см крізь кулісу по колу, обидва кінці "
              "виведіть з одного боку і зав'яжіть вузлом."},
    "bag_step_turn": {"en": "7. Put the tiles in and pull the cord.", "ru": "7. Положите фишки и затяните шнур.",
                      "uk": "7. Покладіть фішки і затягніть шнур."},
    "bag_piece": {"en": "{title}: bag for the tiles", "ru": "{title}: мешочек для фишек",
                  "uk": "{title}: торбинка для фішок"},
    "bag_cut_one": {"en": "cut 1 from fabric", "ru": "выкроить 1 деталь", "uk": "викроїти 1 деталь"},
    "bag_finished": {"en": "finished {w} × {d} × {h} mm", "ru": "готовый {w} × {d} × {h} мм",
                     "uk": "готова {w} × {d} × {h} мм"},
    "bag_cut_size": {"en": "cut {w} × {h} mm, seams included", "ru": "деталь {w} × {h} мм с припусками",
                     "uk": "деталь {w} × {h} мм з припусками"},
    "bag_grain": {"en": "grain", "ru": "долевая нить", "uk": "пайова нитка"},
    "bag_fold_bottom": {"en": "fold: the bottom of the bag", "ru": "сгиб: дно мешочка", "uk": "згин: дно торбинки"},
    "bag_fold_hem": {"en": "turn under {n} cm", "ru": "подогнуть {n} см", "uk": "підгорнути {n} см"},
    "bag_fold_channel": {"en": "fold: the top edge, channel {c} mm", "ru": "сгиб: верх мешочка, кулиса {c} мм",
                         "uk": "згин: верх торбинки, куліса {c} мм"},
    "bag_stop": {"en": "stop", "ru": "стоп", "uk": "стоп"},
    "bag_stitch": {"en": "stitch {n} cm in", "ru": "строчка в {n} см", "uk": "строчка за {n} см"},
    "bag_stitch_channel": {"en": "stitch the channel here", "ru": "строчка кулисы", "uk": "строчка куліси"},
    "bag_cut_out": {"en": "cut out", "ru": "вырезать", "uk": "вирізати"},
    "product_stickers": {"en": "Tile stickers", "ru": "Наклейки на фишки", "uk": "Наліпки на фішки"},
    "doc_stickers": {"en": "{title}: tile stickers ({stock})", "ru": "{title}: наклейки на фишки ({stock})",
                     "uk": "{title}: наліпки на фішки ({stock})"},
    "stickers_footer": {"en": "stickers, {stock}", "ru": "наклейки, {stock}", "uk": "наліпки, {stock}"},
    "stickers_alignment_title": {"en": "Alignment page: print on plain paper", "ru": "Проверка: печатайте на "
                                 "обычной бумаге", "uk": "Перевірка: друкуйте на звичайному папері"},
    "stickers_alignment": {
        "en": "Print this page at 100 % on plain paper, lay it on a sheet of {stock} and hold both against the "
              "light: each of the {n} outlines must lie on a label. Then print the other pages on the labels.",
        "ru": "Напечатайте эту страницу в масштабе 100 % на обычной бумаге, положите на лист {stock} и посмотрите "
              "на просвет: каждый из {n} контуров должен лечь на наклейку. Затем печатайте остальные страницы на "
              "наклейках.",
        "uk": "Надрукуйте цю сторінку в масштабі 100 % на звичайному папері, покладіть на аркуш {stock} і "
              "подивіться на світло: кожен з {n} контурів має лягти на наліпку. Потім друкуйте інші сторінки на "
              "наліпках."},
    "cricut_title": {"en": "Print Then Cut in Cricut Design Space", "ru": "Печать и резка в Cricut Design Space",
                     "uk": "Друк і різання в Cricut Design Space"},
    "cricut_step_upload": {
        "en": "1. Upload: New Project, Upload, Upload Image, choose {png} (one page of tiles). Keep the transparent "
              "background and save it as a Print Then Cut image. Each tile's face is its own shape: Design Space "
              "cuts round each one.",
        "ru": "1. Загрузка: «Новый проект», «Загрузить», «Загрузить изображение», выберите {png} (одна страница "
              "фишек). Оставьте прозрачный фон и сохраните как изображение «Печать, затем резка». Каждая фишка — "
              "отдельная фигура: Design Space вырежет каждую по контуру.",
        "uk": "1. Завантаження: «Новий проєкт», «Завантажити», «Завантажити зображення», виберіть {png} (одна "
              "сторінка фішок). Залиште прозоре тло і збережіть як зображення «Друк, потім різання». Кожна фішка — "
              "окрема фігура: Design Space виріже кожну за контуром."},
    "cricut_step_svg": {
        "en": "   Or upload {svg}: the faces (group Print) and the cut squares (group Cut, unfilled lines). Select "
              "the whole page and Flatten it, so the faces print and their outlines are cut.",
        "ru": "   Или загрузите {svg}: лица фишек (группа Print) и квадраты резки (группа Cut, линии без заливки). "
              "Выделите всю страницу и нажмите «Сгладить» (Flatten): лица напечатаются, контуры вырежутся.",
        "uk": "   Або завантажте {svg}: лиця фішок (група Print) і квадрати різання (група Cut, лінії без заливки). "
              "Виділіть усю сторінку й натисніть «Звести» (Flatten): лиця надрукуються, контури виріжуться."},
    "cricut_step_size": {
        "en": "2. Check the size: the image is {w} × {h} mm ({dpi} dpi), a tile {side} mm. If Design Space shows "
              "another size, type the width {w} mm with the proportions lock closed.",
        "ru": "2. Проверьте размер: изображение {w} × {h} мм ({dpi} dpi), фишка {side} мм. Если Design Space "
              "показывает другой размер, введите ширину {w} мм при закрытом замке пропорций.",
        "uk": "2. Перевірте розмір: зображення {w} × {h} мм ({dpi} dpi), фішка {side} мм. Якщо Design Space "
              "показує інший розмір, введіть ширину {w} мм при закритому замку пропорцій."},
    "cricut_step_bleed": {
        "en": "3. Make It, then Send to Printer: turn Bleed on (Design Space runs each face's colour past its cut "
              "line) and print at 100 %, with the printer's own scaling off.",
        "ru": "3. «Создать», затем «Отправить на принтер»: включите «Выпуск за обрез» (Bleed: цвет фишки выйдет "
              "за линию резки) и печатайте в масштабе 100 %, без масштабирования принтера.",
        "uk": "3. «Створити», потім «Надіслати на принтер»: увімкніть «Виліт за обріз» (Bleed: колір фішки вийде "
              "за лінію різання) і друкуйте в масштабі 100 %, без масштабування принтера."},
    "cricut_step_material": {
        "en": "4. Material: Cardstock (medium or heavy) for card tiles; Chipboard with the Knife Blade (Maker) for "
              "board 1–2 mm thick. Put the printed sheet on the mat at its top left corner, as Design Space shows.",
        "ru": "4. Материал: «Картон» (Cardstock, средний или плотный) для фишек из картона; «Чипборд» (Chipboard) с "
              "ножом Knife Blade (Maker) для картона толщиной 1–2 мм. Положите отпечаток на коврик в левый верхний "
              "угол, как показывает Design Space.",
        "uk": "4. Матеріал: «Картон» (Cardstock, середній або щільний) для фішок з картону; «Чипборд» (Chipboard) з "
              "ножем Knife Blade (Maker) для картону завтовшки 1–2 мм. Покладіть відбиток на килимок у лівий "
              "верхній кут, як показує Design Space."},
    "cricut_pages": {"en": "{n:page|pages} of tiles: {files}", "ru": "{n:страница|страницы|страниц} фишек: {files}",
                     "uk": "{n:сторінка|сторінки|сторінок} фішок: {files}"},
    "cutter_footer": {"en": "print and cut, {cutter}, tiles {size} mm", "ru": "печать и резка, {cutter}, фишки {size} мм",
                      "uk": "друк і різання, {cutter}, фішки {size} мм"},
    # -- the kit reader's messages about a value out of its range (the page says them in the kit's language) --
    "cfg_whole_low": {"en": "'{key}' must be {lo} or more, not {value}", "ru": "'{key}' должно быть не меньше {lo}, а не {value}",
                      "uk": "'{key}' має бути не менше {lo}, а не {value}"},
    "cfg_whole_high": {"en": "'{key}' is {value}: the limit is {hi}", "ru": "'{key}' равно {value}: предел {hi}",
                       "uk": "'{key}' дорівнює {value}: межа {hi}"},
    "cfg_least": {"en": "'{key}' is {value}: it must be at least {lo}", "ru": "'{key}' равно {value}: нужно не меньше {lo}",
                  "uk": "'{key}' дорівнює {value}: потрібно не менше {lo}"},
    "cfg_least_mm": {"en": "'{key}' is {value} mm: it must be at least {lo} mm",
                     "ru": "'{key}' равно {value} мм: нужно не меньше {lo} мм",
                     "uk": "'{key}' дорівнює {value} мм: потрібно не менше {lo} мм"},
    "cfg_more": {"en": "'{key}' is {value}: it must be more than {lo}", "ru": "'{key}' равно {value}: нужно больше {lo}",
                 "uk": "'{key}' дорівнює {value}: потрібно більше {lo}"},
    "cfg_more_mm": {"en": "'{key}' is {value} mm: it must be more than {lo} mm",
                    "ru": "'{key}' равно {value} мм: нужно больше {lo} мм",
                    "uk": "'{key}' дорівнює {value} мм: потрібно більше {lo} мм"},
    "cfg_limit": {"en": "'{key}' is {value}: the limit is {hi}", "ru": "'{key}' равно {value}: предел {hi}",
                  "uk": "'{key}' дорівнює {value}: межа {hi}"},
    "cfg_limit_mm": {"en": "'{key}' is {value} mm: the limit is {hi} mm", "ru": "'{key}' равно {value} мм: предел {hi} мм",
                     "uk": "'{key}' дорівнює {value} мм: межа {hi} мм"},
    "cfg_players": {"en": "'players' is {value}: a score sheet holds {lo} to {hi} players or teams",
                    "ru": "'players' равно {value}: в таблице счёта от {lo} до {hi} игроков или команд",
                    "uk": "'players' дорівнює {value}: у таблиці рахунку від {lo} до {hi} гравців або команд"},
    "cfg_players_named": {"en": "'players' names {n}: a score sheet holds {lo} to {hi} players or teams",
                          "ru": "в 'players' имён: {n}, а в таблице счёта от {lo} до {hi} игроков или команд",
                          "uk": "у 'players' імен: {n}, а в таблиці рахунку від {lo} до {hi} гравців або команд"},
    # -- printkit check's findings: the command line says them in English, the web page in the kit's language
    "check_set": {"en": "{total:tile|tiles}: {lettered} lettered + {blanks:blank|blanks}",
                  "ru": "{total:фишка|фишки|фишек}: {lettered} с буквами + {blanks:пустышка|пустышки|пустышек}",
                  "uk": "{total:фішка|фішки|фішок}: {lettered} з літерами + {blanks:порожня|порожні|порожніх}"},
    "check_expect_tiles": {"en": "{set}, but the kit declares {tiles:tile|tiles}",
                           "ru": "{set}, а в expect указано {tiles:фишка|фишки|фишек}",
                           "uk": "{set}, а в expect зазначено {tiles:фішка|фішки|фішок}"},
    "check_expect_blanks": {"en": "{set}, but the kit declares {blanks:blank|blanks}",
                            "ru": "{set}, а в expect указано {blanks:пустышка|пустышки|пустышек}",
                            "uk": "{set}, а в expect зазначено {blanks:порожня|порожні|порожніх}"},
    "check_expect_both": {
        "en": "{set}, but the kit declares {tiles:tile|tiles} and the kit declares {blanks:blank|blanks}",
        "ru": "{set}, а в expect указано {tiles:фишка|фишки|фишек} и {blanks:пустышка|пустышки|пустышек}",
        "uk": "{set}, а в expect зазначено {tiles:фішка|фішки|фішок} і {blanks:порожня|порожні|порожніх}",
    },
    "check_expect_change": {"en": "change 'expect' in {file} if the set is meant to differ",
                            "ru": "если набор так и задуман, исправьте 'expect' в {file}",
                            "uk": "якщо набір так і задуманий, виправте 'expect' у {file}"},
    "check_missing_letters": {"en": "letters of the alphabet without a tile: {letters}",
                              "ru": "буквы алфавита без фишки: {letters}", "uk": "літери абетки без фішки: {letters}"},
    "check_two_racks": {"en": "{total:tile|tiles} cannot fill two racks of {rack}",
                        "ru": "{total:фишка|фишки|фишек} не хватит на две подставки по {rack}",
                        "uk": "{total:фішка|фішки|фішок} не вистачить на дві підставки по {rack}"},
    "check_tiles_larger": {"en": "tiles of {tile} mm in cells of {cell} mm: the tiles are larger than the cells",
                           "ru": "фишки {tile} мм в клетках {cell} мм: фишки больше клеток",
                           "uk": "фішки {tile} мм у клітинках {cell} мм: фішки більші за клітинки"},
    "check_margin": {
        "en": "margins of {margin} mm: most home printers cannot print the outer 3–5 mm of a page, so crop marks "
              "and the scale bar may be cut off ({safe} mm or more is safe)",
        "ru": "поля {margin} мм: большинство домашних принтеров не печатает крайние 3–5 мм листа, и метки реза "
              "и масштабная полоска могут не пропечататься (надёжно — от {safe} мм)",
        "uk": "береги {margin} мм: більшість домашніх принтерів не друкує крайні 3–5 мм аркуша, тож мітки різу "
              "й масштабна смужка можуть не надрукуватися (надійно — від {safe} мм)",
    },
    "check_contrast": {
        "en": "{what}: {ink} on {ground} has a contrast of {ratio}:1 and will hardly show ({least}:1 or more reads well)",
        "ru": "{what}: {ink} на {ground} — контраст {ratio}:1, будет едва видно (хорошо читается от {least}:1)",
        "uk": "{what}: {ink} на {ground} — контраст {ratio}:1, буде ледве видно (добре читається від {least}:1)",
    },
    "check_what_tiles": {"en": "letters and values on the tiles", "ru": "буквы и очки на фишках",
                         "uk": "літери й очки на фішках"},
    "check_what_board": {"en": "the board's title, coordinates and legend", "ru": "название, координаты и легенда поля",
                         "uk": "назва, координати й легенда поля"},
    "check_what_label": {"en": "the label {label} on its cells", "ru": "надпись {label} на её клетках",
                         "uk": "напис {label} на його клітинках"},
    # -- the web page of printkit serve ---------------------------------------------------------------
    "serve_title": {"en": "printkit: make a set", "ru": "printkit: набор своими руками",
                    "uk": "printkit: набір своїми руками"},
    "serve_kit": {"en": "Kit", "ru": "Набор", "uk": "Набір"},
    "serve_own_yaml": {"en": "the YAML below", "ru": "YAML ниже", "uk": "YAML нижче"},
    "serve_settings": {"en": "Settings", "ru": "Настройки", "uk": "Налаштування"},
    "serve_tile_mm": {"en": "Tile, mm", "ru": "Фишка, мм", "uk": "Фішка, мм"},
    "serve_cell_mm": {"en": "Board cell, mm", "ru": "Клетка поля, мм", "uk": "Клітинка поля, мм"},
    "serve_paper": {"en": "Paper", "ru": "Бумага", "uk": "Папір"},
    "serve_margin_mm": {"en": "Page margin, mm", "ru": "Поля листа, мм", "uk": "Береги аркуша, мм"},
    "serve_spares": {"en": "Spare tiles", "ru": "Запасные фишки", "uk": "Запасні фішки"},
    "serve_backs": {"en": "Tile backs", "ru": "Обороты фишек", "uk": "Звороти фішок"},
    "serve_cut": {"en": "Cut", "ru": "Разрезка", "uk": "Розрізання"},
    "serve_font": {"en": "Font of the letters", "ru": "Шрифт букв", "uk": "Шрифт літер"},
    "serve_font_upload": {"en": "Use a TrueType font (.ttf)", "ru": "Свой шрифт TrueType (.ttf)",
                          "uk": "Свій шрифт TrueType (.ttf)"},
    "serve_font_choose": {"en": "Choose a file…", "ru": "Выбрать файл…", "uk": "Вибрати файл…"},
    "serve_font_none": {"en": "no file chosen", "ru": "файл не выбран", "uk": "файл не вибрано"},
    "serve_font_uploaded": {"en": "uploaded: {name}", "ru": "загружен: {name}", "uk": "завантажено: {name}"},
    "serve_profile": {"en": "Laser profile", "ru": "Профиль лазера", "uk": "Профіль лазера"},
    "serve_cutter_profile": {"en": "Craft cutter profile", "ru": "Профиль плоттера", "uk": "Профіль плотера"},
    "serve_stock": {"en": "Sticker label stock", "ru": "Листы наклеек", "uk": "Аркуші наліпок"},
    "serve_bed": {"en": "Laser bed, mm (WxH)", "ru": "Стол лазера, мм (ШxВ)", "uk": "Стіл лазера, мм (ШxВ)"},
    "serve_kerf_mm": {"en": "Kerf, mm", "ru": "Пропил, мм", "uk": "Пропил, мм"},
    "serve_players": {"en": "Players (number or names)", "ru": "Игроки (число или имена)",
                      "uk": "Гравці (кількість або імена)"},
    "serve_yaml": {"en": "The kit as YAML", "ru": "Набор в YAML", "uk": "Набір у YAML"},
    "serve_yaml_note": {
        "en": "Edit it freely: a mistake is shown at its line. A change of a setting above rewrites this text.",
        "ru": "Правьте свободно: ошибка показывается у своей строки. Изменение настройки выше перепишет этот текст.",
        "uk": "Правте вільно: помилка показується біля свого рядка. Зміна налаштування вище перепише цей текст.",
    },
    "serve_figures": {"en": "Figures", "ru": "Цифры", "uk": "Цифри"},
    "serve_fig_tiles": {"en": "tiles (lettered + blanks)", "ru": "фишки (с буквами + пустышки)",
                        "uk": "фішки (з літерами + порожні)"},
    "serve_fig_points": {"en": "total points", "ru": "сумма очков", "uk": "сума очок"},
    "serve_fig_vowels": {"en": "vowel share", "ru": "доля гласных", "uk": "частка голосних"},
    "serve_fig_mean": {"en": "mean value", "ru": "средняя ценность", "uk": "середня вартість"},
    "serve_fig_tile_pages": {"en": "pages of tiles", "ru": "листы с фишками", "uk": "аркуші з фішками"},
    "serve_fig_spares": {"en": "spare tiles", "ru": "запасные фишки", "uk": "запасні фішки"},
    "serve_fig_board_pages": {"en": "pages of the board", "ru": "листы поля", "uk": "аркуші поля"},
    "serve_fig_laser": {"en": "laser: sheets of tiles, bed", "ru": "лазер: листы с фишками, стол",
                        "uk": "лазер: аркуші з фішками, стіл"},
    "serve_fig_cut": {"en": "laser: cut length, time", "ru": "лазер: длина реза, время",
                      "uk": "лазер: довжина різу, час"},
    "serve_fig_players": {"en": "players on the score sheet", "ru": "игроки в таблице счёта",
                          "uk": "гравці в таблиці рахунку"},
    "serve_mm": {"en": "{n} mm", "ru": "{n} мм", "uk": "{n} мм"},
    "serve_m": {"en": "{n} m", "ru": "{n} м", "uk": "{n} м"},
    "serve_ms": {"en": "{n} ms", "ru": "{n} мс", "uk": "{n} мс"},
    "serve_about_min": {"en": "about {n} min", "ru": "около {n} мин", "uk": "близько {n} хв"},
    "serve_kerf": {"en": "kerf {n} mm", "ru": "пропил {n} мм", "uk": "пропил {n} мм"},
    "serve_preview": {"en": "Preview", "ru": "Просмотр", "uk": "Перегляд"},
    "serve_preview_tiles": {"en": "Tiles, page 1", "ru": "Фишки, лист 1", "uk": "Фішки, аркуш 1"},
    "serve_preview_board": {"en": "Board", "ru": "Поле", "uk": "Поле"},
    "serve_zoom": {"en": "Zoom", "ru": "Масштаб", "uk": "Масштаб"},
    "serve_true_size": {"en": "true size", "ru": "натуральная величина", "uk": "натуральна величина"},
    "serve_downloads": {"en": "Download", "ru": "Скачать", "uk": "Зберегти"},
    "serve_whole_kit": {"en": "The whole kit (zip, with its manifest)", "ru": "Весь набор (zip, с манифестом)",
                        "uk": "Увесь набір (zip, з маніфестом)"},
    "serve_one_product": {"en": "One product", "ru": "Одно изделие", "uk": "Один виріб"},
    "serve_kit_yaml": {"en": "The kit's YAML (printkit build FILE makes the same)",
                       "ru": "YAML набора (printkit build ФАЙЛ сделает то же)",
                       "uk": "YAML набору (printkit build ФАЙЛ зробить те саме)"},
    "serve_get": {"en": "Download", "ru": "Скачать", "uk": "Зберегти"},
    "serve_building": {"en": "Building…", "ru": "Собираю…", "uk": "Збираю…"},
    "serve_updating": {"en": "Updating…", "ru": "Обновляю…", "uk": "Оновлюю…"},
    "serve_updated": {"en": "Up to date", "ru": "Обновлено", "uk": "Оновлено"},
    "serve_warnings": {"en": "Warnings (it builds, but look)", "ru": "Предупреждения (соберётся, но проверьте)",
                       "uk": "Попередження (збереться, але перевірте)"},
    "serve_no_server": {"en": "printkit serve does not answer: is it still running?",
                        "ru": "printkit serve не отвечает: он ещё запущен?",
                        "uk": "printkit serve не відповідає: він ще запущений?"},
    "serve_problems": {"en": "Problems", "ru": "Ошибки", "uk": "Помилки"},
    "serve_check": {"en": "printkit check", "ru": "printkit check", "uk": "printkit check"},
    "serve_check_passed": {"en": "No problems: the set holds together.", "ru": "Ошибок нет: набор в порядке.",
                           "uk": "Помилок немає: набір у порядку."},
    "serve_check_failing": {
        "en": "printkit check finds {n:problem|problems} in this kit (listed beside the preview): it builds, "
              "but look at them first",
        "ru": "printkit check находит в наборе {n:ошибку|ошибки|ошибок} (список рядом с просмотром): набор "
              "соберётся, но сначала посмотрите",
        "uk": "printkit check знаходить у наборі {n:помилку|помилки|помилок} (список біля перегляду): набір "
              "збереться, але спершу подивіться",
    },
    "serve_fail": {"en": "error", "ru": "ошибка", "uk": "помилка"},
    "serve_warn": {"en": "warning", "ru": "предупреждение", "uk": "попередження"},
    "serve_cancel": {"en": "Cancel", "ru": "Отменить", "uk": "Скасувати"},
    "serve_cancelled": {"en": "Cancelled", "ru": "Отменено", "uk": "Скасовано"},
    "serve_queued": {"en": "Waiting: {n:build|builds} before this one", "ru": "В очереди: перед этой {n:сборка|сборки|сборок}",
                     "uk": "У черзі: перед цією {n:збірка|збірки|збірок}"},
    "serve_progress": {"en": "Building: step {done} of {total}", "ru": "Сборка: шаг {done} из {total}",
                       "uk": "Збирання: крок {done} з {total}"},
    "serve_build_progress": {"en": "Progress of the build", "ru": "Ход сборки", "uk": "Хід збирання"},
    "serve_discard": {
        "en": "Choosing another kit throws away the YAML you typed. Choose it anyway?",
        "ru": "Другой набор сотрёт набранный вами YAML. Всё равно выбрать?",
        "uk": "Інший набір зітре набраний вами YAML. Усе одно вибрати?",
    },
    "serve_product": {"en": "Product to download", "ru": "Изделие для скачивания", "uk": "Виріб для збереження"},
    "serve_choice_none": {"en": "none", "ru": "нет", "uk": "немає"},
    "serve_choice_plain": {"en": "plain", "ru": "однотонные", "uk": "однотонні"},
    "serve_choice_pattern": {"en": "pattern", "ru": "с узором", "uk": "з візерунком"},
    "serve_choice_shared": {"en": "shared cut lines", "ru": "общие линии реза", "uk": "спільні лінії різу"},
    "serve_choice_gap": {"en": "gaps between tiles", "ru": "промежутки между фишками", "uk": "проміжки між фішками"},
    "serve_choice_default": {"en": "default (PT Sans Bold)", "ru": "по умолчанию (PT Sans Bold)",
                             "uk": "типовий (PT Sans Bold)"},
    "serve_choice_fill": {"en": "fill: a row of the commonest letters", "ru": "fill: ряд самых частых букв",
                          "uk": "fill: ряд найчастіших літер"},
    "serve_choice_0": {"en": "0: no spares", "ru": "0: без запасных", "uk": "0: без запасних"},
    "serve_choice_1": {"en": "1 of each letter", "ru": "1 каждой буквы", "uk": "1 кожної літери"},
    "serve_choice_2": {"en": "2 of each letter", "ru": "2 каждой буквы", "uk": "2 кожної літери"},
    "serve_locked": {
        "en": "Open the address printkit serve printed in its terminal: it ends in ?token=…, which lets this "
              "browser use the page.",
        "ru": "Откройте адрес, который printkit serve напечатал в терминале: он кончается на ?token=…, и с ним "
              "этот браузер может пользоваться страницей.",
        "uk": "Відкрийте адресу, яку printkit serve надрукував у терміналі: вона закінчується на ?token=…, і з нею "
              "цей браузер може користуватися сторінкою.",
    },
    # the server's own messages: a request refused, a build that failed
    "serve_err_json": {"en": "the request must be JSON", "ru": "запрос должен быть в JSON", "uk": "запит має бути в JSON"},
    "serve_err_object": {"en": "the request must be a JSON object", "ru": "запрос должен быть объектом JSON",
                         "uk": "запит має бути об’єктом JSON"},
    "serve_err_nested": {"en": "the request's JSON nests more than {n} levels deep",
                         "ru": "JSON запроса вложен глубже {n} уровней", "uk": "JSON запиту вкладений глибше {n} рівнів"},
    "serve_err_kit": {"en": "no shipped kit named {name}", "ru": "нет готового набора {name}",
                      "uk": "немає готового набору {name}"},
    "serve_err_options": {"en": "'options' must map a control to its value",
                          "ru": "'options' должен сопоставлять полю его значение",
                          "uk": "'options' має зіставляти полю його значення"},
    "serve_err_control": {"en": "no control named {name}", "ru": "нет поля {name}", "uk": "немає поля {name}"},
    "serve_err_value_type": {"en": "{key}: the value must be text or a number",
                             "ru": "{key}: значение должно быть текстом или числом",
                             "uk": "{key}: значення має бути текстом або числом"},
    "serve_err_value_long": {"en": "{key}: the value is longer than {n} characters",
                             "ru": "{key}: значение длиннее {n} знаков", "uk": "{key}: значення довше за {n} знаків"},
    "serve_err_empty": {"en": "{field}: the field is empty: type a value",
                        "ru": "{field}: поле пустое, введите значение", "uk": "{field}: поле порожнє, введіть значення"},
    "serve_err_yaml_type": {"en": "'yaml' must be text", "ru": "'yaml' должен быть текстом",
                            "uk": "'yaml' має бути текстом"},
    "serve_err_yaml_long": {"en": "the kit's text is {n} characters long: the limit is {limit}",
                            "ru": "текст набора длиной {n} знаков: предел {limit}",
                            "uk": "текст набору завдовжки {n} знаків: межа {limit}"},
    "serve_err_font_type": {"en": "'font' must be an upload's token", "ru": "'font' должен быть меткой загрузки",
                            "uk": "'font' має бути міткою завантаження"},
    "serve_err_font_gone": {
        "en": "the uploaded font is no longer here (the server forgets uploads after a while): upload it again",
        "ru": "загруженного шрифта здесь уже нет (сервер со временем забывает загрузки): загрузите его снова",
        "uk": "завантаженого шрифту тут уже немає (сервер з часом забуває завантаження): завантажте його знову",
    },
    "serve_err_no_file": {"en": "no file in the field 'font'", "ru": "в поле 'font' нет файла",
                          "uk": "у полі 'font' немає файлу"},
    "serve_err_upload_big": {"en": "the upload is larger than {n} MB", "ru": "файл больше {n} МБ",
                             "uk": "файл більший за {n} МБ"},
    "serve_err_product": {"en": "no product named {name} (products: {products})",
                          "ru": "нет изделия {name} (изделия: {products})", "uk": "немає виробу {name} (вироби: {products})"},
    "serve_err_no_build": {
        "en": "no such build: it was downloaded already, or is too old (build it again)",
        "ru": "такой сборки нет: её уже скачали, или она слишком старая (соберите снова)",
        "uk": "такої збірки немає: її вже збережено, або вона застара (зберіть знову)",
    },
    "serve_err_no_job": {"en": "no such build: it ended long ago, or the server was restarted",
                         "ru": "такой сборки нет: она давно закончилась, или сервер перезапущен",
                         "uk": "такої збірки немає: вона давно закінчилася, або сервер перезапущено"},
    "serve_err_http": {"en": "{code} {name}", "ru": "{code} {name}", "uk": "{code} {name}"},
    "serve_err_internal": {"en": "internal error, a bug in printkit: {why}",
                           "ru": "внутренняя ошибка, это ошибка printkit: {why}",
                           "uk": "внутрішня помилка, це помилка printkit: {why}"},
    "serve_err_host": {"en": "this page answers only to {names}, not to the name {name}",
                       "ru": "эта страница отвечает только по именам {names}, не по имени {name}",
                       "uk": "ця сторінка відповідає лише за іменами {names}, не за іменем {name}"},
    "serve_err_origin": {"en": "requests from another site's page ({origin}) are refused",
                         "ru": "запросы со страницы другого сайта ({origin}) отклоняются",
                         "uk": "запити зі сторінки іншого сайту ({origin}) відхиляються"},
    "serve_err_token": {
        "en": "the request lacks this run's token: open the address printkit serve printed (it ends in ?token=…)",
        "ru": "в запросе нет метки этого запуска: откройте адрес, который напечатал printkit serve "
              "(он кончается на ?token=…)",
        "uk": "у запиті немає мітки цього запуску: відкрийте адресу, яку надрукував printkit serve "
              "(вона закінчується на ?token=…)",
    },
    "serve_err_path": {"en": "'{key}': the page reads no files by their path ({text}): {what}",
                       "ru": "'{key}': страница не читает файлы по пути ({text}): {what}",
                       "uk": "'{key}': сторінка не читає файли за шляхом ({text}): {what}"},
    "serve_err_path_font": {"en": "upload the font on the page", "ru": "загрузите шрифт на странице",
                            "uk": "завантажте шрифт на сторінці"},
    "serve_err_path_other": {
        "en": "use a shipped name, or build a kit of your own files with the command line",
        "ru": "используйте готовое имя или соберите набор из своих файлов в командной строке",
        "uk": "використайте готове ім’я або зберіть набір зі своїх файлів у командному рядку",
    },
    "serve_err_busy": {
        "en": "the server is busy ({n:build|builds} waiting already): try again in a minute",
        "ru": "сервер занят (в очереди уже {n:сборка|сборки|сборок}): попробуйте через минуту",
        "uk": "сервер зайнятий (у черзі вже {n:збірка|збірки|збірок}): спробуйте за хвилину",
    },
    "serve_err_busy_previews": {"en": "the server is busy with other previews: try again in a moment",
                                "ru": "сервер занят другими просмотрами: попробуйте через минуту",
                                "uk": "сервер зайнятий іншими переглядами: спробуйте за хвилину"},
    "serve_err_connections": {
        "en": "the server is answering {n:connection|connections} already: try again in a moment",
        "ru": "сервер уже отвечает на {n:соединение|соединения|соединений}: попробуйте чуть позже",
        "uk": "сервер уже відповідає на {n:з’єднання|з’єднання|з’єднань}: спробуйте трохи згодом",
    },
    "serve_err_time": {"en": "the build took longer than {n} s and was stopped",
                       "ru": "сборка шла дольше {n} с и была остановлена", "uk": "збирання тривало довше {n} с і було зупинене"},
    "serve_err_died": {"en": "the build stopped unexpectedly (exit code {code})",
                       "ru": "сборка неожиданно прервалась (код выхода {code})",
                       "uk": "збирання несподівано перервалося (код виходу {code})"},
    "serve_offline": {"en": "Everything here runs on this computer: no internet needed.",
                      "ru": "Всё здесь работает на этом компьютере: интернет не нужен.",
                      "uk": "Усе тут працює на цьому комп’ютері: інтернет не потрібен."},
}
