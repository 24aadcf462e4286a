"""The sentences of the tiles, the laser sheets and coupon, the board, the wood-burning templates, by key, in English, Russian and Ukrainian (see :mod:`printkit.text.table`)."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
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
    "doc_laser_gauge": {"en": "{title}: thickness gauge", "ru": "{title}: калибр толщины",
                        "uk": "{title}: калібр товщини"},
    "gauge_title": {
        "en": "Thickness gauge: slots of {low} to {high} mm, each marked with its width in mm",
        "ru": "Калибр толщины: пазы от {low} до {high} мм, у каждого — его ширина в мм",
        "uk": "Калібр товщини: пази від {low} до {high} мм, біля кожного — його ширина в мм",
    },
    "gauge_howto": {
        "en": "The narrowest slot your sheet enters gives physical.thickness_mm (these files: {thickness} mm)",
        "ru": "Самый узкий паз, в который входит ваш лист, даёт physical.thickness_mm (эти файлы: {thickness} мм)",
        "uk": "Найвужчий паз, у який входить ваш аркуш, дає physical.thickness_mm (ці файли: {thickness} мм)",
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
}
