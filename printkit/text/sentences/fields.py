"""The fields of a kit and their messages, in English, Russian and Ukrainian: what the config reader says of
a value it cannot take (``cfg_``: the command line prints the English, the web page its own language, and
there a field is named by its label, «Фишка, мм», not by its YAML key), the web page's tooltips of its
controls (``serve_help_``) and the titles of the shipped profiles, in its menus and on the sheets
(``profile_title_``).

A key is a figure of its own (``{key}``, said ``'tile_mm'`` by :data:`cfg_key`), so that the page can put
the field's label in its place.
"""

WORDS: dict[str, dict[str, str]] = {
    # -- parts of a message ---------------------------------------------------------------------------------
    "cfg_key": {"en": "'{name}'", "ru": "'{name}'", "uk": "'{name}'"},
    "serve_field": {"en": "“{label}”", "ru": "«{label}»", "uk": "«{label}»"},
    "cfg_the_text": {"en": "the text \"{text}\"", "ru": "текст «{text}»", "uk": "текст «{text}»"},
    "cfg_nothing": {"en": "nothing", "ru": "пусто", "uk": "порожньо"},
    "cfg_a_mapping": {"en": "a mapping", "ru": "набор ключей", "uk": "набір ключів"},
    "cfg_a_list": {"en": "a list", "ru": "список", "uk": "список"},
    "cfg_a_value": {"en": "a value", "ru": "одно значение", "uk": "одне значення"},
    "cfg_kind_text": {"en": "text", "ru": "текст", "uk": "текст"},
    "cfg_kind_whole": {"en": "a whole number", "ru": "целое число", "uk": "ціле число"},
    "cfg_kind_number": {"en": "a number", "ru": "число", "uk": "число"},
    "cfg_kind_flag": {"en": "true or false", "ru": "true или false", "uk": "true або false"},
    "cfg_mm": {"en": "mm", "ru": "мм", "uk": "мм"},
    "cfg_did_you_mean": {"en": " (did you mean '{word}'?)", "ru": " (может быть, '{word}'?)",
                         "uk": " (можливо, '{word}'?)"},
    "cfg_there_are": {"en": " (there are: {names})", "ru": " (есть: {names})", "uk": " (є: {names})"},
    "cfg_cyrillic_one": {"en": "the {letters} is Cyrillic ({codes}); write the Latin {meant}",
                         "ru": "{letters} здесь кириллицей ({codes}); напишите латиницей: {meant}",
                         "uk": "{letters} тут кирилицею ({codes}); напишіть латиницею: {meant}"},
    "cfg_cyrillic_many": {"en": "the {letters} are Cyrillic ({codes}); write the Latin {meant}",
                          "ru": "{letters} здесь кириллицей ({codes}); напишите латиницей: {meant}",
                          "uk": "{letters} тут кирилицею ({codes}); напишіть латиницею: {meant}"},
    "cfg_parens": {"en": " ({text})", "ru": " ({text})", "uk": " ({text})"},
    "cfg_then": {"en": "{a}{b}", "ru": "{a}{b}", "uk": "{a}{b}"},
    "cfg_and": {"en": "{a} and {b}", "ru": "{a} и {b}", "uk": "{a} і {b}"},
    "cfg_unknown_key": {"en": "unknown key '{key}' in {what}{hint}", "ru": "неизвестный ключ '{key}' в {what}{hint}",
                        "uk": "невідомий ключ '{key}' у {what}{hint}"},
    "cfg_in_kit": {"en": "a kit", "ru": "наборе", "uk": "наборі"},
    # -- a value of the wrong kind -----------------------------------------------------------------------------
    "cfg_must_be": {"en": "{key} must be {kind}, not {what}", "ru": "{key}: нужно {kind}, а не {what}",
                    "uk": "{key}: потрібно {kind}, а не {what}"},
    "cfg_empty_kind": {"en": "{key} is empty: it must be {kind}", "ru": "{key}: пусто, а нужно {kind}",
                       "uk": "{key}: порожньо, а потрібно {kind}"},
    "cfg_empty_option": {"en": "{key} is empty: write its value, or leave {key} out for the default",
                         "ru": "{key}: пусто; напишите значение или уберите {key}, чтобы было по умолчанию",
                         "uk": "{key}: порожньо; напишіть значення або приберіть {key}, щоб було за замовчуванням"},
    "cfg_one_of": {"en": "{key} must be one of {choices}, not '{value}'{hint}",
                   "ru": "{key}: нужно одно из {choices}, а не '{value}'{hint}",
                   "uk": "{key}: потрібно одне з {choices}, а не '{value}'{hint}"},
    "cfg_named_value": {"en": "{key}: '{value}': {why}", "ru": "{key}: '{value}': {why}",
                        "uk": "{key}: '{value}': {why}"},
    "cfg_named": {"en": "{key}: {why}", "ru": "{key}: {why}", "uk": "{key}: {why}"},
    "cfg_quoted_number": {"en": "{key} must be a number, not the text \"{text}\" (remove the quotes)",
                          "ru": "{key}: нужно число, а не текст «{text}» (уберите кавычки)",
                          "uk": "{key}: потрібно число, а не текст «{text}» (приберіть лапки)"},
    "cfg_quoted_whole": {"en": "{key} must be a whole number, not the text \"{text}\" (remove the quotes)",
                         "ru": "{key}: нужно целое число, а не текст «{text}» (уберите кавычки)",
                         "uk": "{key}: потрібно ціле число, а не текст «{text}» (приберіть лапки)"},
    "cfg_comma": {"en": "{key}: '{value}' has a decimal comma: write {fixed}",
                  "ru": "{key}: в '{value}' десятичная запятая: напишите с точкой, {fixed}",
                  "uk": "{key}: у '{value}' десяткова кома: напишіть із крапкою, {fixed}"},
    "cfg_number_of": {"en": "{key} must be a number of {unit}, not {what}{hint}",
                      "ru": "{key}: нужно число ({unit}), а не {what}{hint}",
                      "uk": "{key}: потрібно число ({unit}), а не {what}{hint}"},
    "cfg_mm_hint": {"en": " (write millimetres as a plain number, e.g. 20)",
                    "ru": " (миллиметры пишутся просто числом, например 20)",
                    "uk": " (міліметри пишуться просто числом, наприклад 20)"},
    "cfg_whole_write": {"en": "{key} must be a whole number: write {n}, not {raw}",
                        "ru": "{key}: нужно целое число: напишите {n}, а не {raw}",
                        "uk": "{key}: потрібно ціле число: напишіть {n}, а не {raw}"},
    "cfg_whole_not": {"en": "{key} must be a whole number, not {raw}", "ru": "{key}: нужно целое число, а не {raw}",
                      "uk": "{key}: потрібно ціле число, а не {raw}"},
    "cfg_low": {"en": "{key} must be {lo} or more, not {value}", "ru": "{key}: нужно не меньше {lo}, а не {value}",
                "uk": "{key}: потрібно не менше {lo}, а не {value}"},
    "cfg_high": {"en": "{key} is {value}: the limit is {hi}", "ru": "{key}: {value}, а предел {hi}",
                 "uk": "{key}: {value}, а межа {hi}"},
    "cfg_high_for": {"en": "{key} is {value}: the limit for {what} is {hi}",
                     "ru": "{key}: {value}, а предел для {what}: {hi}", "uk": "{key}: {value}, а межа для {what}: {hi}"},
    "cfg_spare_blanks": {"en": "spare blanks", "ru": "запасных пустых фишек", "uk": "запасних порожніх фішок"},
    "cfg_spares_each": {"en": "spares of each letter", "ru": "запасных каждой буквы", "uk": "запасних кожної літери"},
    "cfg_at_least": {"en": "{key} is {value}: it must be at least {lo}", "ru": "{key}: {value}, а нужно не меньше {lo}",
                     "uk": "{key}: {value}, а потрібно не менше {lo}"},
    "cfg_at_least_mm": {"en": "{key} is {value} mm: it must be at least {lo} mm",
                        "ru": "{key}: {value} мм, а нужно не меньше {lo} мм",
                        "uk": "{key}: {value} мм, а потрібно не менше {lo} мм"},
    "cfg_above": {"en": "{key} is {value}: it must be more than {lo}", "ru": "{key}: {value}, а нужно больше {lo}",
                  "uk": "{key}: {value}, а потрібно більше {lo}"},
    "cfg_above_mm": {"en": "{key} is {value} mm: it must be more than {lo} mm",
                     "ru": "{key}: {value} мм, а нужно больше {lo} мм",
                     "uk": "{key}: {value} мм, а потрібно більше {lo} мм"},
    "cfg_top": {"en": "{key} is {value}: the limit is {hi}", "ru": "{key}: {value}, а предел {hi}",
                "uk": "{key}: {value}, а межа {hi}"},
    "cfg_top_mm": {"en": "{key} is {value} mm: the limit is {hi} mm", "ru": "{key}: {value} мм, а предел {hi} мм",
                   "uk": "{key}: {value} мм, а межа {hi} мм"},
    "cfg_players_count": {"en": "{key} is {value}: a score sheet holds {lo} to {hi} players or teams",
                          "ru": "{key}: {value}, а в таблице счёта от {lo} до {hi} игроков или команд",
                          "uk": "{key}: {value}, а в таблиці рахунку від {lo} до {hi} гравців або команд"},
    "cfg_players_names": {"en": "{key} names {n}: a score sheet holds {lo} to {hi} players or teams",
                          "ru": "{key}: имён {n}, а в таблице счёта от {lo} до {hi} игроков или команд",
                          "uk": "{key}: імен {n}, а в таблиці рахунку від {lo} до {hi} гравців або команд"},
    # -- play.keeper_url: the score keeper's address, a QR code on the score sheet --------------------------------
    "cfg_keeper_url_scheme": {
        "en": "'{value}' is not a web address: write the keeper's, beginning with https:// (or http://)",
        "ru": "'{value}' — не веб-адрес: напишите адрес счётчика, начиная с https:// (или http://)",
        "uk": "'{value}' — не веб-адреса: напишіть адресу лічильника, починаючи з https:// (або http://)"},
    "cfg_keeper_url_long": {
        "en": "the address is {n} characters long: at most {max} fit a QR code a phone reads at the table",
        "ru": "в адресе {n} знаков, а в QR-код, который телефон прочтёт за столом, входит не больше {max}",
        "uk": "в адресі {n} знаків, а в QR-код, який телефон прочитає за столом, входить не більше {max}"},
    "cfg_keeper_url_space": {
        "en": "the address has a space or an invisible character ({code}) at character {at}: a web address has none (write a space as %20)",
        "ru": "в адресе пробел или невидимый знак ({code}) на месте {at}, а в веб-адресе их не бывает (пробел пишется как %20)",
        "uk": "в адресі пробіл або невидимий знак ({code}) на місці {at}, а у веб-адресі їх не буває (пробіл пишеться як %20)"},
    "cfg_keeper_url_fragment": {
        "en": "the address has a '#…': printkit puts the kit's name there (#{fragment}=NAME); leave it out",
        "ru": "в адресе есть '#…', а туда printkit ставит имя набора (#{fragment}=ИМЯ); уберите это",
        "uk": "в адресі є '#…', а туди printkit ставить ім'я набору (#{fragment}=ІМ'Я); приберіть це"},
    # -- profiles by name ------------------------------------------------------------------------------------
    "cfg_no_profile": {"en": "no {what} named '{ref}'{hint}", "ru": "нет {what} с именем '{ref}'{hint}",
                       "uk": "немає {what} з назвою '{ref}'{hint}"},
    "cfg_shelf_machines": {"en": "laser profile", "ru": "профиля лазера", "uk": "профілю лазера"},
    "cfg_shelf_printers": {"en": "3D printer profile", "ru": "профиля 3D-принтера", "uk": "профілю 3D-принтера"},
    "cfg_shelf_cutters": {"en": "cutter profile", "ru": "профиля плоттера", "uk": "профілю плотера"},
    "cfg_shelf_labels": {"en": "label stock", "ru": "листа наклеек", "uk": "аркуша наклейок"},
    "cfg_shelf_materials": {"en": "laser material", "ru": "материала для лазера", "uk": "матеріалу для лазера"},
    # -- sizes -------------------------------------------------------------------------------------------------
    "cfg_paper_latin": {"en": "paper '{text}': {why}", "ru": "бумага '{text}': {why}", "uk": "папір '{text}': {why}"},
    "cfg_paper_comma": {"en": "paper '{text}' has a decimal comma: write {fixed}",
                        "ru": "бумага '{text}': десятичная запятая: напишите с точкой, {fixed}",
                        "uk": "папір '{text}': десяткова кома: напишіть із крапкою, {fixed}"},
    "cfg_paper_neither": {"en": "paper '{text}' is neither a size name ({names}) nor WxH in millimetres "
                                "(e.g. 330x480){hint}",
                          "ru": "бумага '{text}': это ни название формата ({names}), ни размер ШxВ в миллиметрах "
                                "(например, 330x480){hint}",
                          "uk": "папір '{text}': це ні назва формату ({names}), ні розмір ШxВ у міліметрах "
                                "(наприклад, 330x480){hint}"},
    "cfg_paper_sides": {"en": "paper {text}: each side must be {lo} to {hi} mm",
                        "ru": "бумага {text}: каждая сторона должна быть от {lo} до {hi} мм",
                        "uk": "папір {text}: кожна сторона має бути від {lo} до {hi} мм"},
    "cfg_size_comma": {"en": "'{text}' has a decimal comma: write {fixed}",
                       "ru": "в '{text}' десятичная запятая: напишите с точкой, {fixed}",
                       "uk": "у '{text}' десяткова кома: напишіть із крапкою, {fixed}"},
    "cfg_size_not": {"en": "'{text}' is not a size WxH in millimetres (e.g. 300x200)",
                     "ru": "'{text}' — не размер ШxВ в миллиметрах (например, 300x200)",
                     "uk": "'{text}' — не розмір ШxВ у міліметрах (наприклад, 300x200)"},
    "cfg_size_sides": {"en": "{text}: each side must be {lo} to {hi} mm",
                       "ru": "{text}: каждая сторона должна быть от {lo} до {hi} мм",
                       "uk": "{text}: кожна сторона має бути від {lo} до {hi} мм"},
    # -- the kit's values together -----------------------------------------------------------------------------
    "cfg_spares_kind": {"en": "{key} is a number of spares of each letter, fill, or a mapping "
                              "{{per_letter, blanks, letters}}, not {what}",
                        "ru": "{key}: число запасных каждой буквы, fill или набор ключей "
                              "{{per_letter, blanks, letters}}, а не {what}",
                        "uk": "{key}: число запасних кожної літери, fill або набір ключів "
                              "{{per_letter, blanks, letters}}, а не {what}"},
    "cfg_thicker_than_tile": {"en": "material {t} mm thick is thicker than the tile is wide ({tile} mm): the racks "
                                    "and the box could not be jointed round it; choose thinner material",
                              "ru": "материал толщиной {t} мм толще ширины фишки ({tile} мм): подставки и коробку "
                                    "вокруг неё не соединить шипами; выберите материал тоньше",
                              "uk": "матеріал завтовшки {t} мм товщий за ширину фішки ({tile} мм): підставки й "
                                    "коробку навколо неї не з'єднати шипами; виберіть тонший матеріал"},
    "cfg_kerf_thick": {"en": "a kerf of {kerf} mm is as wide as the material is thick ({t} mm) or wider: "
                             "a finger joint's slot would vanish",
                       "ru": "ширина реза {kerf} мм не меньше толщины материала ({t} мм): паз шипового "
                             "соединения исчез бы",
                       "uk": "ширина різу {kerf} мм не менша за товщину матеріалу ({t} мм): паз шипового "
                             "з'єднання зник би"},
    "cfg_margins_room": {"en": "margins of {margin} mm leave less than 80 × 60 mm of {paper} paper for the tiles "
                               "and the 50 mm scale bar",
                         "ru": "поля {margin} мм оставляют на листе {paper} меньше 80 × 60 мм для фишек "
                               "и масштабной полоски 50 мм",
                         "uk": "поля {margin} мм залишають на аркуші {paper} менше 80 × 60 мм для фішок "
                               "і масштабної смужки 50 мм"},
    "cfg_bed_tile": {"en": "a bed of {w} × {h} mm with margins of {margin} mm has no room for one tile of {s} mm "
                           "(with the kerf of {k} mm, {pitch} mm a side)",
                     "ru": "на столе {w} × {h} мм с полями {margin} мм не помещается ни одна фишка {s} мм "
                           "(с резом {k} мм — {pitch} мм на сторону)",
                     "uk": "на столі {w} × {h} мм з полями {margin} мм не вміщується жодна фішка {s} мм "
                           "(з різом {k} мм — {pitch} мм на бік)"},
    "cfg_bed_board": {"en": "a bed of {w} × {h} mm with margins of {margin} mm has no room for a piece of the "
                            "board: one cell of {c} mm and the {b} mm border",
                      "ru": "на столе {w} × {h} мм с полями {margin} мм не помещается часть поля: "
                            "одна клетка {c} мм и кайма {b} мм",
                      "uk": "на столі {w} × {h} мм з полями {margin} мм не вміщується частина поля: "
                            "одна клітинка {c} мм і облямівка {b} мм"},
    "cfg_tile_small": {"en": "a tile of {s} mm is too small for the letters of font '{font}' beside its value, even "
                             "at 40 % of their size: they fit a tile of {fits} mm; choose a larger tile",
                       "ru": "фишка {s} мм мала для букв шрифта '{font}' рядом с очками даже при 40 % их "
                             "размера: они помещаются на фишке от {fits} мм; выберите фишку больше",
                       "uk": "фішка {s} мм замала для літер шрифту '{font}' поруч з очками навіть при 40 % їхнього "
                             "розміру: вони вміщуються на фішці від {fits} мм; виберіть більшу фішку"},
    "cfg_font_tall": {"en": "the letters of font '{font}' do not fit a {s} mm tile clear of the value even at 40 % "
                            "of their size (their ink is much taller than the font's capitals): choose another font "
                            "or a larger tile",
                      "ru": "буквы шрифта '{font}' не помещаются на фишке {s} мм в стороне от очков даже при 40 % "
                            "их размера (их начертание много выше прописных этого шрифта): выберите другой шрифт "
                            "или фишку больше",
                      "uk": "літери шрифту '{font}' не вміщуються на фішці {s} мм осторонь очок навіть при 40 % "
                            "їхнього розміру (їхній рисунок значно вищий за великі літери шрифту): виберіть інший "
                            "шрифт або більшу фішку"},
    "cfg_no_ruler": {"en": "{key} is {measured} mm, which is no ruler of the calibration sheet ({lengths} mm) "
                           "printed within {limit} of its length: print calibration.pdf at 100 % and measure its "
                           "longest ruler {axis} from 0 to its last mark",
                     "ru": "{key}: {measured} мм — ни одна линейка калибровочного листа ({lengths} мм) не "
                           "печатается так (допуск {limit}): напечатайте calibration.pdf в масштабе 100 % и измерьте "
                           "самую длинную линейку {axis} от 0 до последней метки",
                     "uk": "{key}: {measured} мм — жодна лінійка калібрувального аркуша ({lengths} мм) не "
                           "друкується так (допуск {limit}): надрукуйте calibration.pdf у масштабі 100 % і виміряйте "
                           "найдовшу лінійку {axis} від 0 до останньої позначки"},
    "cfg_axis_across": {"en": "across", "ru": "поперёк листа", "uk": "впоперек аркуша"},
    "cfg_axis_down": {"en": "down", "ru": "вдоль листа", "uk": "вздовж аркуша"},
    # -- the page's tooltips of its fields (serve_help_ + the field's word) ----------------------------------
    "serve_help_tile_mm": {"en": "The side of a tile, in millimetres (the set's usual: 20).",
                           "ru": "Сторона фишки в миллиметрах (обычно 20).",
                           "uk": "Сторона фішки в міліметрах (зазвичай 20)."},
    "serve_help_cell_mm": {"en": "The side of a board cell, in millimetres: a little larger than a tile (22).",
                           "ru": "Сторона клетки поля в миллиметрах: чуть больше фишки (22).",
                           "uk": "Сторона клітинки поля в міліметрах: трохи більша за фішку (22)."},
    "serve_help_paper": {"en": "The paper your printer takes: A4, Letter… or width x height in millimetres.",
                         "ru": "Бумага вашего принтера: A4, Letter… или ширина x высота в миллиметрах.",
                         "uk": "Папір вашого принтера: A4, Letter… або ширина x висота в міліметрах."},
    "serve_help_margin_mm": {"en": "The white margin round every page; most home printers need 5 mm or more.",
                             "ru": "Белые поля вокруг каждого листа; большинству домашних принтеров нужно от 5 мм.",
                             "uk": "Білі поля навколо кожного аркуша; більшості домашніх принтерів треба від 5 мм."},
    "serve_help_spares": {"en": "Spare tiles, printed apart: so many of each letter, or a row of the commonest "
                                "letters where the last page has room.",
                          "ru": "Запасные фишки на отдельном месте: столько-то каждой буквы или ряд самых частых "
                                "букв, где на последнем листе есть место.",
                          "uk": "Запасні фішки окремо: стільки-то кожної літери або ряд найчастіших літер, де на "
                                "останньому аркуші є місце."},
    "serve_help_backs": {"en": "A page of tile backs behind each page of fronts, for printing on both sides.",
                         "ru": "Лист рубашек за каждым листом лицевых сторон — для двусторонней печати.",
                         "uk": "Аркуш сорочок за кожним аркушем лицьових сторін — для двостороннього друку."},
    "serve_help_cut": {"en": "Shared: one cut between neighbouring tiles; gaps: tiles apart, two cuts each.",
                       "ru": "Общие линии: один рез между соседними фишками; промежутки: фишки отдельно, по два "
                             "реза.",
                       "uk": "Спільні лінії: один різ між сусідніми фішками; проміжки: фішки окремо, по два різи."},
    "serve_help_font": {"en": "The letters' typeface: PT Sans Bold, or a TrueType file you upload.",
                        "ru": "Шрифт букв: PT Sans Bold или ваш файл TrueType (кнопка ниже).",
                        "uk": "Шрифт літер: PT Sans Bold або ваш файл TrueType (кнопка нижче)."},
    "serve_help_profile": {"en": "Your laser's program: the files are made the way it reads them.",
                           "ru": "Программа вашего лазера: файлы делаются так, как она их читает.",
                           "uk": "Програма вашого лазера: файли робляться так, як вона їх читає."},
    "serve_help_material": {"en": "The material and the laser the LightBurn projects' speeds and powers are for: a "
                                  "starting point, the kerf coupon decides.",
                            "ru": "Материал и лазер, для которых в проектах LightBurn скорость и мощность: отправная "
                                  "точка, решает проба пропила.",
                            "uk": "Матеріал і лазер, для яких у проєктах LightBurn швидкість і потужність: відправна "
                                  "точка, вирішує проба пропилу."},
    "serve_help_bed": {"en": "The part of the laser's bed you use, width x height in millimetres (600x400).",
                       "ru": "Рабочая часть стола лазера, ширина x высота в миллиметрах (600x400).",
                       "uk": "Робоча частина столу лазера, ширина x висота в міліметрах (600x400)."},
    "serve_help_tabs_mm": {"en": "Hold tabs left uncut in each tile's edge, so the tiles stay in the sheet until "
                                 "you press them out (0: none).",
                           "ru": "Непрорезанные перемычки на краю каждой фишки, чтобы фишки держались в листе, "
                                 "пока их не выдавите (0 — без них).",
                           "uk": "Непрорізані перемички на краю кожної фішки, щоб фішки трималися в аркуші, доки "
                                 "їх не видавите (0 — без них)."},
    "serve_help_kerf_mm": {"en": "The width the laser burns away; the kerf test sheet measures it.",
                           "ru": "Ширина, которую выжигает луч; её измеряют по тестовому листу реза.",
                           "uk": "Ширина, яку випалює промінь; її вимірюють за тестовим аркушем різу."},
    "serve_help_thickness_mm": {"en": "The thickness of your plywood or card: the racks, the box and the bag are "
                                      "jointed to it; measure it with calipers or the gauge.",
                                "ru": "Толщина фанеры или картона: по ней соединяются подставки, коробка и мешочек; "
                                      "измерьте штангенциркулем или шаблоном.",
                                "uk": "Товщина фанери чи картону: за нею з'єднуються підставки, коробка й торбинка; "
                                      "виміряйте штангенциркулем або шаблоном."},
    "serve_help_burn_letters": {"en": "Outline: thin outlines of the letters; single: one line per stroke, for a "
                                      "burning pen or a pen plotter.",
                                "ru": "Контур: тонкие контуры букв; одна линия: буквы одной линией — для выжигателя "
                                      "или плоттера с ручкой.",
                                "uk": "Контур: тонкі контури літер; одна лінія: літери однією лінією — для "
                                      "випалювача або плотера з ручкою."},
    "serve_help_players": {"en": "How many play, or their names, comma-separated; a team as 'Аня + Боря'.",
                           "ru": "Сколько игроков или их имена через запятую; команда — 'Аня + Боря'.",
                           "uk": "Скільки гравців або їхні імена через кому; команда — 'Аня + Боря'."},
    "serve_help_cutter_profile": {"en": "Your craft cutter, for print-and-cut: the marks it reads are printed "
                                        "with the tiles.",
                                  "ru": "Ваш режущий плоттер для печати и резки: с фишками печатаются метки, "
                                        "которые он читает.",
                                  "uk": "Ваш різальний плотер для друку й різання: з фішками друкуються мітки, "
                                        "які він читає."},
    "serve_help_stock": {"en": "The sheet of labels the tile stickers are printed on.",
                         "ru": "Лист наклеек, на котором печатаются наклейки для фишек.",
                         "uk": "Аркуш наклейок, на якому друкуються наклейки для фішок."},
    "serve_help_printer3d": {"en": "Your 3D printer: its bed and its filaments decide the plates.",
                             "ru": "Ваш 3D-принтер: от его стола и числа филаментов зависят столы печати.",
                             "uk": "Ваш 3D-принтер: від його столу й кількості філаментів залежать столи друку."},
    "serve_help_across": {"en": "What the longest ruler across calibration.pdf measured, printed at 100 %: the "
                                "printed sheets are then drawn so that they print true to size. Empty: not measured.",
                          "ru": "Сколько показала самая длинная линейка поперёк calibration.pdf, напечатанного в "
                                "масштабе 100 %: листы тогда рисуются так, чтобы печататься в точный размер. Пусто — "
                                "не измерено.",
                          "uk": "Скільки показала найдовша лінійка впоперек calibration.pdf, надрукованого в масштабі "
                                "100 %: аркуші тоді малюються так, щоб друкуватися в точний розмір. Порожньо — не "
                                "виміряно."},
    "serve_help_down": {"en": "What the longest ruler down calibration.pdf measured. Empty: not measured.",
                        "ru": "Сколько показала самая длинная линейка вдоль calibration.pdf. Пусто — не измерено.",
                        "uk": "Скільки показала найдовша лінійка вздовж calibration.pdf. Порожньо — не виміряно."},
    # -- the fields' labels the page adds ---------------------------------------------------------------------
    "serve_tabs_mm": {"en": "Hold tabs, mm", "ru": "Перемычки, мм", "uk": "Перемички, мм"},
    "serve_across": {"en": "Calibration ruler across, mm", "ru": "Калибровка: линейка поперёк, мм",
                     "uk": "Калібрування: лінійка впоперек, мм"},
    "serve_down": {"en": "Calibration ruler down, mm", "ru": "Калибровка: линейка вдоль, мм",
                   "uk": "Калібрування: лінійка вздовж, мм"},
    # -- the shipped profiles' titles in the kit's language (profile_title_ + name): menus and sheets --
    "profile_title_cricut": {"en": "Cricut Design Space (Print Then Cut)", "ru": "Cricut Design Space (Print Then Cut)",
                           "uk": "Cricut Design Space (Print Then Cut)"},
    "profile_title_silhouette": {"en": "Silhouette Studio / inkscape-silhouette",
                               "ru": "Silhouette Studio / inkscape-silhouette",
                               "uk": "Silhouette Studio / inkscape-silhouette"},
    "profile_title_silhouette-4l": {"en": "Silhouette Cameo 5 Alpha (four L marks)",
                                  "ru": "Silhouette Cameo 5 Alpha (четыре метки-уголка)",
                                  "uk": "Silhouette Cameo 5 Alpha (чотири мітки-кутики)"},
    "profile_title_OL3008": {"en": "Online Labels OL3008 (0.75 in squares)",
                           "ru": "Online Labels OL3008 (квадраты 19 мм, Letter)",
                           "uk": "Online Labels OL3008 (квадрати 19 мм, Letter)"},
    "profile_title_OL5275": {"en": "Online Labels OL5275 (0.75 in circles)",
                           "ru": "Online Labels OL5275 (круги 19 мм, Letter)",
                           "uk": "Online Labels OL5275 (кола 19 мм, Letter)"},
    "profile_title_endisch-6500020": {"en": "Endisch 6500020x (20 mm circles)", "ru": "Endisch 6500020x (круги 20 мм)",
                                    "uk": "Endisch 6500020x (кола 20 мм)"},
    "profile_title_endisch-6502020": {"en": "Endisch 6502020x (20 mm squares)",
                                    "ru": "Endisch 6502020x (квадраты 20 мм)",
                                    "uk": "Endisch 6502020x (квадрати 20 мм)"},
    "profile_title_epilog-trotec": {"en": "Epilog / Trotec (print driver)", "ru": "Epilog / Trotec (драйвер печати)",
                                  "uk": "Epilog / Trotec (драйвер друку)"},
    "profile_title_glowforge": {"en": "Glowforge", "ru": "Glowforge", "uk": "Glowforge"},
    "profile_title_k40-whisperer": {"en": "K40 Whisperer", "ru": "K40 Whisperer", "uk": "K40 Whisperer"},
    "profile_title_lightburn": {"en": "LightBurn", "ru": "LightBurn", "uk": "LightBurn"},
    "profile_title_rdworks": {"en": "RDWorks", "ru": "RDWorks", "uk": "RDWorks"},
    "profile_title_plywood-3mm-co2-40w": {"en": "3 mm plywood, 40 W CO2", "ru": "фанера 3 мм, CO2 40 Вт", "uk": "фанера 3 мм, CO2 40 Вт"},
    "profile_title_mdf-3mm-co2-40w": {"en": "3 mm MDF, 40 W CO2", "ru": "МДФ 3 мм, CO2 40 Вт", "uk": "МДФ 3 мм, CO2 40 Вт"},
    "profile_title_card-2mm-co2-40w": {"en": "2 mm card, 40 W CO2", "ru": "картон 2 мм, CO2 40 Вт", "uk": "картон 2 мм, CO2 40 Вт"},
    "profile_title_plywood-3mm-diode-10w": {"en": "3 mm plywood, 10 W diode", "ru": "фанера 3 мм, диодный 10 Вт", "uk": "фанера 3 мм, діодний 10 Вт"},
    "profile_title_mdf-3mm-diode-10w": {"en": "3 mm MDF, 10 W diode", "ru": "МДФ 3 мм, диодный 10 Вт", "uk": "МДФ 3 мм, діодний 10 Вт"},
    "profile_title_card-2mm-diode-10w": {"en": "2 mm card, 10 W diode", "ru": "картон 2 мм, диодный 10 Вт", "uk": "картон 2 мм, діодний 10 Вт"},
    "profile_title_xtool": {"en": "xTool Creative Space", "ru": "xTool Creative Space", "uk": "xTool Creative Space"},
    "profile_title_bambu-a1-mini": {"en": "Bambu Lab A1 mini (180 × 180)", "ru": "Bambu Lab A1 mini (180 × 180)",
                                  "uk": "Bambu Lab A1 mini (180 × 180)"},
    "profile_title_bambu-x1": {"en": "Bambu Lab X1 / P1 / A1 (256 × 256)", "ru": "Bambu Lab X1 / P1 / A1 (256 × 256)",
                             "uk": "Bambu Lab X1 / P1 / A1 (256 × 256)"},
    "profile_title_ender-3": {"en": "Creality Ender-3 (220 × 220)", "ru": "Creality Ender-3 (220 × 220)",
                            "uk": "Creality Ender-3 (220 × 220)"},
    "profile_title_prusa-mk4-mmu3": {"en": "Original Prusa MK4 with MMU3 (250 × 210)",
                                   "ru": "Original Prusa MK4 с MMU3 (250 × 210)",
                                   "uk": "Original Prusa MK4 з MMU3 (250 × 210)"},
    "profile_title_prusa-mk4": {"en": "Original Prusa MK4 (250 × 210)", "ru": "Original Prusa MK4 (250 × 210)",
                              "uk": "Original Prusa MK4 (250 × 210)"},
}
