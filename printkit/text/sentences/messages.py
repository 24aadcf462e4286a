"""The sentences of printkit check's findings and of some of the kit reader's messages, by key, in English,
Russian and Ukrainian (see :mod:`printkit.text.table`; the reader's messages about a field's value are in
:mod:`.fields`)."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
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
    "check_fill_no_room": {
        "en": "spares: fill: the {tiles} tiles of {tile} mm leave no room on the last page of {paper} for a row of "
              "spares, so none are made; give a number (spares: 1) for a page of its own",
        "ru": "spares: fill: фишки набора ({tiles} шт. по {tile} мм) не оставляют на последнем листе {paper} места "
              "для ряда запасных, поэтому их не будет; укажите число (spares: 1), и запасные лягут на отдельный лист",
        "uk": "spares: fill: фішки набору ({tiles} шт. по {tile} мм) не лишають на останньому аркуші {paper} місця "
              "для ряду запасних, тож їх не буде; вкажіть число (spares: 1), і запасні ляжуть на окремий аркуш",
    },
    "check_margin": {
        "en": "margins of {margin} mm: most home printers cannot print the outer 3–5 mm of a page, so crop marks "
              "and the scale bar may be cut off ({safe} mm or more is safe)",
        "ru": "поля {margin} мм: большинство домашних принтеров не печатает крайние 3–5 мм листа, и метки реза "
              "и масштабная полоска могут не пропечататься (надёжно — от {safe} мм)",
        "uk": "береги {margin} мм: більшість домашніх принтерів не друкує крайні 3–5 мм аркуша, тож мітки різу "
              "й масштабна смужка можуть не надрукуватися (надійно — від {safe} мм)",
    },
    "check_one_filament_inset": {
        "en": "letters inset into the face on {printer}, a printer of one filament: the face and the letters share "
              "the first layers, so one filament prints a face of one colour with no letters to see; choose "
              "print3d.letters: raised (the colour changes where they start; they can be felt in the bag) or "
              "pockets (fill them with paint or wax and sand flush)",
        "ru": "буквы утоплены в лицевую сторону на {printer}, принтере с одной нитью: лицо и буквы печатаются в "
              "одних и тех же первых слоях, и одна нить даст одноцветное лицо без видимых букв; выберите "
              "print3d.letters: raised (цвет меняется там, где начинаются буквы; их можно нащупать в мешочке) или "
              "pockets (залейте углубления краской или воском и зашлифуйте заподлицо)",
        "uk": "літери втоплені в лицьовий бік на {printer}, принтері з однією ниткою: лице й літери друкуються в "
              "тих самих перших шарах, і одна нитка дасть одноколірне лице без видимих літер; оберіть "
              "print3d.letters: raised (колір змінюється там, де починаються літери; їх можна намацати в мішечку) "
              "або pockets (залийте заглиблення фарбою чи воском і зашліфуйте врівень)",
    },
    "check_tracking_boxes": {
        "en": "the tile-tracking sheet's boxes are {box} mm, too small to cross off by hand: the set has {most} of "
              "one letter on one line of half a page ({least} mm boxes hold about {fits})",
        "ru": "клетки листа вышедших фишек — {box} мм, слишком малы, чтобы их зачёркивать: в наборе {most} фишек одной "
              "буквы в строке на полстраницы (в клетки по {least} мм помещается около {fits})",
        "uk": "клітинки аркуша зіграних фішок — {box} мм, замалі, щоб їх закреслювати: у наборі {most} фішок однієї "
              "літери в рядку на пів сторінки (у клітинки по {least} мм уміщується близько {fits})",
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
    # a product whose entry's needs (printkit.needs) name no sentence of their own: the web page's, and the
    # command line's in English
    "needs_extra": {"en": "the optional extra {extra} ({library}) is not installed here: {line}",
                    "ru": "дополнение {extra} ({library}) здесь не установлено: {line}",
                    "uk": "доповнення {extra} ({library}) тут не встановлено: {line}"},
    # a set's own alphabet leaves out letters the set it extends has tiles of (printkit.config.distribution): said at
    # the user's alphabet, not at the tiles' lines in a shipped file
    "cfg_alphabet_leaves_tile": {
        "en": "alphabet: {parent}'s set has {count:tile|tiles} of '{letter}', which this alphabet leaves out: add "
              "'{letter}' to it, or take the letter out of the set with tile_changes: {change}",
        "ru": "alphabet: в наборе {parent} есть {count:фишка|фишки|фишек} с буквой '{letter}', а в этом алфавите её "
              "нет: добавьте '{letter}' в алфавит или уберите букву из набора: tile_changes: {change}",
        "uk": "alphabet: у наборі {parent} є {count:фішка|фішки|фішок} з літерою '{letter}', а в цій абетці її "
              "немає: додайте '{letter}' до абетки або приберіть літеру з набору: tile_changes: {change}",
    },
    "cfg_alphabet_leaves_tiles": {
        "en": "alphabet: {parent}'s set has tiles of {letters} ({count:tile|tiles}), which this alphabet leaves out: "
              "add them to it, or take the letters out of the set with tile_changes: {change}",
        "ru": "alphabet: в наборе {parent} есть фишки с буквами {letters} ({count:фишка|фишки|фишек}), а в этом "
              "алфавите их нет: добавьте их в алфавит или уберите буквы из набора: tile_changes: {change}",
        "uk": "alphabet: у наборі {parent} є фішки з літерами {letters} ({count:фішка|фішки|фішок}), а в цій абетці "
              "їх немає: додайте їх до абетки або приберіть літери з набору: tile_changes: {change}",
    },
}
