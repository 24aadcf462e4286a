"""The sentences of the gallery: index.html in the kit's folder, by key, in English, Russian and Ukrainian (see :mod:`printkit.text.table`)."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
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
    # the printing steps, in the order to print (the gallery's "Printing")
    "step_calibration": {"en": "Measure your printer first", "ru": "Сначала измерьте принтер",
                         "uk": "Спершу виміряйте принтер"},
    "step_calibration_what": {
        "en": "Print calibration.pdf at 100 % on the printer and paper you will use. Measure its {across} mm ruler "
              "across the page and its {down} mm ruler down it, from 0 to the last mark. If they measure {across} "
              "and {down} mm, print on. If not, write what you measured into the kit, print: {{measured: {{across: "
              "A, down: D}}}}, and build again: the sheets are then drawn to print true to size on this printer.",
        "ru": "Напечатайте calibration.pdf в масштабе 100 % на том принтере и той бумаге, на которых будете "
              "печатать. Измерьте линейку {across} мм поперёк листа и линейку {down} мм вдоль него, от 0 до "
              "последней метки. Если вышло {across} и {down} мм, печатайте дальше. Если нет, впишите измеренное в "
              "набор, print: {{measured: {{across: A, down: D}}}}, и соберите заново: листы будут нарисованы так, "
              "чтобы на этом принтере печататься в точный размер.",
        "uk": "Надрукуйте calibration.pdf у масштабі 100 % на тому принтері й тому папері, на яких друкуватимете. "
              "Виміряйте лінійку {across} мм упоперек аркуша і лінійку {down} мм уздовж нього, від 0 до останньої "
              "позначки. Якщо вийшло {across} і {down} мм, друкуйте далі. Якщо ні, впишіть виміряне в набір, "
              "print: {{measured: {{across: A, down: D}}}}, і зберіть заново: аркуші буде намальовано так, щоб на "
              "цьому принтері друкуватися в точний розмір."},
    "step_tiles": {"en": "Print the tiles", "ru": "Напечатайте фишки", "uk": "Надрукуйте фішки"},
    "step_board": {"en": "Print the board", "ru": "Напечатайте поле", "uk": "Надрукуйте поле"},
    "step_play": {"en": "Print the play sheets", "ru": "Напечатайте листы для игры", "uk": "Надрукуйте аркуші для гри"},
    "step_also": {"en": "Also, if you make them: {what}", "ru": "Если делаете и это: {what}",
                  "uk": "Якщо робите й це: {what}"},
    "gallery_print_or": {"en": "Or everything in one file", "ru": "Или всё одним файлом", "uk": "Або все одним файлом"},
    "what_tiles": {"en": "the tiles' faces: cut them apart along the lines",
                   "ru": "лицевые стороны фишек: разрежьте по линиям", "uk": "лицьові боки фішок: розріжте по лініях"},
    "what_board": {"en": "the board in parts, to trim and join", "ru": "поле по частям: обрежьте и склейте",
                   "uk": "поле частинами: обріжте й склейте"},
    "what_board_poster": {"en": "the whole board on one sheet, for a print shop", "ru": "всё поле на одном листе, "
                          "для копицентра", "uk": "усе поле на одному аркуші, для копіцентру"},
    "what_board_assembly": {"en": "how the board's parts go together", "ru": "как сложить части поля",
                            "uk": "як скласти частини поля"},
    "what_scoresheet": {"en": "score sheet: each player's points, move by move",
                        "ru": "лист счёта: очки каждого игрока по ходам",
                        "uk": "аркуш рахунку: очки кожного гравця за ходами"},
    "what_tracking": {"en": "tracking sheet: every tile of the set, to cross off as it is played",
                      "ru": "лист учёта: все фишки набора, вычёркивайте сыгранные",
                      "uk": "аркуш обліку: усі фішки набору, викреслюйте зіграні"},
    "what_reference": {"en": "reference card: the letters' counts and values, the premium squares, the rules in short",
                       "ru": "памятка: сколько каких букв и их ценность, премиальные клетки, правила кратко",
                       "uk": "пам'ятка: скільки яких літер і їхня цінність, преміальні клітинки, правила коротко"},
    "what_burn_tiles": {"en": "the tiles' letters as outlines, to trace onto wood through carbon paper",
                        "ru": "буквы фишек контурами, чтобы перевести на дерево через копирку",
                        "uk": "літери фішок контурами, щоб перевести на дерево через копірку"},
    "what_burn_tiles_mirrored": {"en": "the same, mirrored, for toner or heat transfer",
                                 "ru": "то же зеркально, для переноса тонера или термопереноса",
                                 "uk": "те саме дзеркально, для перенесення тонера чи термоперенесення"},
    "what_burn_board": {"en": "the board's lines and labels, to trace onto wood",
                        "ru": "линии и надписи поля, чтобы перевести на дерево",
                        "uk": "лінії й написи поля, щоб перевести на дерево"},
    "what_racks_paper": {"en": "card tile racks: cut out and fold", "ru": "подставки из картона: вырежьте и согните",
                         "uk": "підставки з картону: виріжте й зігніть"},
    "what_box_paper": {"en": "a card box: cut out and fold", "ru": "коробка из картона: вырежьте и согните",
                       "uk": "коробка з картону: виріжте й зігніть"},
    "what_bag": {"en": "the bag's sewing pattern in parts: join them", "ru": "выкройка мешочка по частям: склейте их",
                 "uk": "викрійка торбинки частинами: склейте їх"},
    "what_bag_instructions": {"en": "how to sew the bag", "ru": "как сшить мешочек", "uk": "як пошити торбинку"},
    "what_cutter": {"en": "the tiles with the cutter's marks: print, then the cutter cuts them",
                    "ru": "фишки с метками плоттера: напечатайте, затем плоттер их вырежет",
                    "uk": "фішки з мітками плотера: надрукуйте, потім плотер їх виріже"},
    "what_cutter_instructions": {"en": "how to print and cut in the cutter's software",
                                 "ru": "как печатать и резать в программе плоттера",
                                 "uk": "як друкувати й різати в програмі плотера"},
    "what_stickers": {"en": "the tiles' faces on label sheets", "ru": "лица фишек на листах с наклейками",
                      "uk": "лиця фішок на аркушах з наліпками"},
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
    "tile_count": {"en": "tile|tiles", "ru": "фишка|фишки|фишек", "uk": "фішка|фішки|фішок"},
    "gallery_holds": {"en": "holds {tiles} of {size} mm", "ru": "вмещает {tiles} {size} мм",
                      "uk": "вміщує {tiles} {size} мм"},
    "gallery_pages": {"en": "Pages:", "ru": "Листы:", "uk": "Аркуші:"},
    "gallery_laser": {"en": "Laser plan", "ru": "План для лазера", "uk": "План для лазера"},
    "gallery_laser_intro": {
        "en": "Profile {profile}, bed {bed} mm, kerf {kerf} mm, drawn for material {thickness} mm thick (measure "
              "yours: the racks' and the box's slots are that wide): cut {cut} m, travel {travel} m, about {time} "
              "in all.",
        "ru": "Профиль {profile}, стол {bed} мм, пропил {kerf} мм, начерчено для материала толщиной {thickness} мм "
              "(измерьте свой: пазы подставок и коробки такой ширины): резка {cut} м, холостой ход {travel} м, всего "
              "около {time}.",
        "uk": "Профіль {profile}, стіл {bed} мм, пропил {kerf} мм, накреслено для матеріалу завтовшки {thickness} мм "
              "(виміряйте свій: пази підставок і коробки такої ширини): різання {cut} м, холостий хід {travel} м, "
              "усього близько {time}.",
    },
    "gallery_laser_material": {
        "en": "The LightBurn projects (.lbrn2: File > Open) have their layers made, in this order, with the speeds "
              "and powers of {material}: a starting point, the kerf coupon decides (--material chooses another).",
        "ru": "В проектах LightBurn (.lbrn2: File > Open) слои уже созданы, в этом порядке, со скоростью и "
              "мощностью для: {material}. Это отправная точка, решает проба пропила (другой материал — ключ "
              "--material).",
        "uk": "У проєктах LightBurn (.lbrn2: File > Open) шари вже створено, у цьому порядку, зі швидкістю й "
              "потужністю для: {material}. Це відправна точка, вирішує проба пропилу (інший матеріал — ключ "
              "--material).",
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
    # the laser racks' and box's steps at the machine and the bench (the gallery, under the product's files)
    "laser_fit_step": {
        "en": "First cut laser-coupon and laser-gauge from the sheet you will use. The square that measures "
              "10.00 mm gives the kerf, the narrowest slot the sheet enters its thickness; these files are drawn for "
              "{kerf} mm and {thickness} mm: if yours differ, set physical.kerf_mm and physical.thickness_mm and "
              "build again.",
        "ru": "Сначала вырежьте laser-coupon и laser-gauge из того листа, из которого будете резать. Квадрат "
              "ровно 10,00 мм даёт пропил, самый узкий паз, в который входит лист, — его толщину; эти файлы "
              "начерчены для {kerf} мм и {thickness} мм: если у вас иначе, задайте physical.kerf_mm и "
              "physical.thickness_mm и соберите заново.",
        "uk": "Спершу виріжте laser-coupon і laser-gauge з того аркуша, з якого різатимете. Квадрат рівно "
              "10,00 мм дає пропил, найвужчий паз, у який входить аркуш, — його товщину; ці файли накреслено для "
              "{kerf} мм і {thickness} мм: якщо у вас інакше, задайте physical.kerf_mm і physical.thickness_mm "
              "і зберіть заново."},
    "lbrn2_notes": {"en": "{title} ({kit}): printkit {version}, laser profile {profile}.",
                    "ru": "{title} ({kit}): printkit {version}, профиль лазера {profile}.",
                    "uk": "{title} ({kit}): printkit {version}, профіль лазера {profile}."},
    "lbrn2_notes_material": {
        "en": "Speeds and powers: {material} ({name}), a starting point: cut laser-coupon first and change what it "
              "tells you. Sources: {source}",
        "ru": "Скорость и мощность: {material} ({name}) — отправная точка: сначала вырежьте laser-coupon и "
              "поправьте по нему. Источники: {source}",
        "uk": "Швидкість і потужність: {material} ({name}) — відправна точка: спершу виріжте laser-coupon і "
              "виправте за ним. Джерела: {source}"},
    "lbrn2_notes_kerf": {"en": "Drawn for a kerf of {kerf} mm and material {thickness} mm thick.",
                         "ru": "Начерчено для пропила {kerf} мм и материала толщиной {thickness} мм.",
                         "uk": "Накреслено для пропилу {kerf} мм і матеріалу завтовшки {thickness} мм."},
    "laser_stamp": {"en": "{title}: drawn for material {thickness} mm thick, kerf {kerf} mm",
                    "ru": "{title}: начерчено для материала толщиной {thickness} мм, пропил {kerf} мм",
                    "uk": "{title}: накреслено для матеріалу завтовшки {thickness} мм, пропил {kerf} мм"},
    "laser_order_step": {
        "en": "Cut each sheet in its layers' order: the engraving, the inner cuts (slots), the outer cut last.",
        "ru": "Режьте каждый лист в порядке его слоёв: гравировка, внутренние резы (пазы), внешний рез последним.",
        "uk": "Ріжте кожен аркуш у порядку його шарів: гравіювання, внутрішні різи (пази), зовнішній різ "
              "останнім."},
    "racks_glue_step": {
        "en": "Each rack: push the base, the lip and the back into the slots of its two ends without glue (the lip "
              "with its longer shoulder down to the table, the base with its longer shoulder at the front, against "
              "the lip), check that a tile stands in the groove, then take it apart, put wood glue (PVA) on every tenon, "
              "assemble it on a flat table, wipe off what squeezes out and let it dry for an hour.",
        "ru": "Каждая подставка: вставьте основание, бортик и спинку в пазы двух боковин без клея (бортик длинным "
              "заплечиком вниз, к столу, основание длинным заплечиком вперёд, к бортику), проверьте, что "
              "фишка стоит в желобке, затем разберите, нанесите столярный клей (ПВА) на каждый шип, соберите на "
              "ровном столе, сотрите выступивший клей и дайте высохнуть час.",
        "uk": "Кожна підставка: вставте основу, бортик і спинку в пази двох боковин без клею (бортик довгим "
              "заплічком униз, до столу, основу довгим заплічком уперед, до бортика), перевірте, що "
              "фішка стоїть у жолобку, потім розберіть, нанесіть столярний клей (ПВА) на кожен шип, зберіть на "
              "рівному столі, зітріть клей, що виступив, і дайте висохнути годину."},
    "box_glue_step": {
        "en": "The box: fit the floor into the four walls and the dividers' tabs into the floor's slots, long "
              "dividers across, short ones between them, without glue; then glue the joints (PVA), square the box "
              "and let it dry. Glue the locating plate centred under the lid; the lid stays loose. The racks stand "
              "in the stalls behind the tiles' compartments, the board lies on the dividers.",
        "ru": "Коробка: вставьте дно в четыре стенки и шипы перегородок в пазы дна, длинные перегородки поперёк, "
              "короткие между ними, без клея; затем проклейте соединения (ПВА), выставьте углы и дайте высохнуть. "
              "Приклейте фиксирующую пластину по центру под крышку; крышка не приклеивается. Подставки стоят в "
              "ячейках за отделениями для фишек, поле лежит на перегородках.",
        "uk": "Коробка: вставте дно в чотири стінки і шипи перегородок у пази дна, довгі перегородки впоперек, "
              "короткі між ними, без клею; потім проклейте з'єднання (ПВА), вирівняйте кути й дайте висохнути. "
              "Приклейте фіксувальну пластину по центру під кришку; кришка не приклеюється. Підставки стоять у "
              "комірках за відділеннями для фішок, поле лежить на перегородках."},
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
    "stickers_how_title": {"en": "Tile stickers on {stock}: how to print", "ru": "Наклейки на фишки, {stock}: как "
                           "печатать", "uk": "Наліпки на фішки, {stock}: як друкувати"},
    "stickers_how_check": {
        "en": "1. Print page 2 at 100 % on plain paper, lay it on a sheet of {stock} and hold both against the light: "
              "each of the {n} outlines must lie on a label.",
        "ru": "1. Напечатайте страницу 2 в масштабе 100 % на обычной бумаге, положите на лист {stock} и посмотрите на "
              "просвет: каждый из {n} контуров должен лечь на наклейку.",
        "uk": "1. Надрукуйте сторінку 2 в масштабі 100 % на звичайному папері, покладіть на аркуш {stock} і "
              "подивіться на світло: кожен з {n} контурів має лягти на наліпку."},
    "stickers_how_print": {
        "en": "2. Then print {pages} at 100 % on the label sheets, each fed the same way up as the plain page was.",
        "ru": "2. Затем напечатайте {pages} в масштабе 100 % на листах с наклейками, подавая их той же стороной, что и "
              "обычный лист.",
        "uk": "2. Потім надрукуйте {pages} у масштабі 100 % на аркушах з наліпками, подаючи їх тим самим боком, що й "
              "звичайний аркуш."},
    "stickers_page": {"en": "page {n}", "ru": "страницу {n}", "uk": "сторінку {n}"},
    "stickers_pages": {"en": "pages {first}–{last}", "ru": "страницы {first}–{last}", "uk": "сторінки {first}–{last}"},
    "stickers_how_stick": {
        "en": "3. Peel each sticker and press it onto a tile, the set first, then the spares.",
        "ru": "3. Снимайте наклейки по одной и прижимайте к фишкам: сначала набор, потом запасные.",
        "uk": "3. Знімайте наліпки по одній і притискайте до фішок: спершу набір, потім запасні."},
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
        "en": "2. Check the size: the images are {sizes} mm ({dpi} dpi), a tile {side} mm, with nothing round the "
              "tiles. If Design Space shows another size, type the width given here with the proportions lock "
              "closed.",
        "ru": "2. Проверьте размер: изображения {sizes} мм ({dpi} dpi), фишка {side} мм, вокруг фишек ничего нет. "
              "Если Design Space показывает другой размер, введите указанную здесь ширину при закрытом замке "
              "пропорций.",
        "uk": "2. Перевірте розмір: зображення {sizes} мм ({dpi} dpi), фішка {side} мм, довкола фішок нічого немає. "
              "Якщо Design Space показує інший розмір, введіть указану тут ширину при закритому замку пропорцій."},
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
}
