"""The score keeper's page (``/keeper`` of printkit serve, ``keeper.html`` of printkit site): its words, in the
kit's language (``serve_`` keys: the page's words, as the settings page's)."""

WORDS = {
    "serve_keeper_title": {
        "en": "Score keeper", "ru": "Счёт партии", "uk": "Рахунок партії",
    },
    "serve_keeper_to_settings": {
        "en": "The kit's settings", "ru": "Настройки набора", "uk": "Налаштування набору",
    },
    "serve_keeper_kit": {
        "en": "Set", "ru": "Набор", "uk": "Набір",
    },
    "serve_keeper_new": {
        "en": "New game", "ru": "Новая партия", "uk": "Нова партія",
    },
    "serve_keeper_players": {
        "en": "Players", "ru": "Игроки", "uk": "Гравці",
    },
    "serve_keeper_player_n": {
        "en": "Player {n}", "ru": "Игрок {n}", "uk": "Гравець {n}",
    },
    "serve_keeper_add_player": {
        "en": "+ player", "ru": "+ игрок", "uk": "+ гравець",
    },
    "serve_keeper_remove_player": {
        "en": "Remove {name}", "ru": "Убрать: {name}", "uk": "Прибрати: {name}",
    },
    "serve_keeper_start": {
        "en": "Start the game", "ru": "Начать партию", "uk": "Почати партію",
    },
    "serve_keeper_import": {
        "en": "Continue a game from a GCG file", "ru": "Продолжить партию из файла GCG",
        "uk": "Продовжити партію з файлу GCG",
    },
    "serve_keeper_export": {
        "en": "Save as GCG", "ru": "Сохранить в GCG", "uk": "Зберегти в GCG",
    },
    "serve_keeper_to_play": {
        "en": "to play", "ru": "ходит", "uk": "ходить",
    },
    "serve_keeper_across": {
        "en": "Across", "ru": "По горизонтали", "uk": "По горизонталі",
    },
    "serve_keeper_down": {
        "en": "Down", "ru": "По вертикали", "uk": "По вертикалі",
    },
    "serve_keeper_direction": {
        "en": "Direction", "ru": "Направление", "uk": "Напрямок",
    },
    "serve_keeper_board": {
        "en": "The board: tap the first square of the word", "ru": "Поле: коснитесь первой клетки слова",
        "uk": "Поле: торкніться першої клітинки слова",
    },
    "serve_keeper_square": {
        "en": "From {square}", "ru": "С клетки {square}", "uk": "З клітинки {square}",
    },
    "serve_keeper_no_square": {
        "en": "Tap the word's first square on the board", "ru": "Коснитесь первой клетки слова на поле",
        "uk": "Торкніться першої клітинки слова на полі",
    },
    "serve_keeper_word": {
        "en": "Word", "ru": "Слово", "uk": "Слово",
    },
    "serve_keeper_word_hint": {
        "en": "The whole word, with the letters already on the board (they are taken from the board). A blank: "
              "its letter in lower case (e is a blank played as E).",
        "ru": "Всё слово, вместе с буквами, что уже стоят на поле (они берутся с поля). Пустышка — её буква "
              "строчной (ф — пустышка вместо Ф).",
        "uk": "Усе слово, разом із літерами, що вже стоять на полі (вони беруться з поля). Порожня фішка — її "
              "літера малою (ф — порожня фішка замість Ф).",
    },
    "serve_keeper_another": {
        "en": "+ another word", "ru": "+ ещё слово", "uk": "+ ще слово",
    },
    "serve_keeper_another_hint": {
        "en": "The book's turn of several words: each word from its own first square",
        "ru": "Ход из нескольких слов, как в книге: каждое слово со своей первой клетки",
        "uk": "Хід із кількох слів, як у книзі: кожне слово зі своєї першої клітинки",
    },
    "serve_keeper_remove_word": {
        "en": "Remove the word {move}", "ru": "Убрать слово {move}", "uk": "Прибрати слово {move}",
    },
    "serve_keeper_submit": {
        "en": "Score the turn", "ru": "Записать ход", "uk": "Записати хід",
    },
    "serve_keeper_no_word": {
        "en": "Type the word", "ru": "Напишите слово", "uk": "Напишіть слово",
    },
    "serve_keeper_other": {
        "en": "Other turns", "ru": "Другие ходы", "uk": "Інші ходи",
    },
    "serve_keeper_pass": {
        "en": "Pass", "ru": "Пропустить ход", "uk": "Пропустити хід",
    },
    "serve_keeper_exchange": {
        "en": "Exchange", "ru": "Обменять", "uk": "Обміняти",
    },
    "serve_keeper_exchange_tiles": {
        "en": "Tiles given back (? a blank) or how many", "ru": "Сданные фишки (? — пустышка) или их число",
        "uk": "Здані фішки (? — порожня) або їх кількість",
    },
    "serve_keeper_challenge": {
        "en": "Withdraw the last play (challenged)", "ru": "Снять последний ход (оспорен)",
        "uk": "Зняти останній хід (оскаржено)",
    },
    "serve_keeper_target": {
        "en": "{names}: {n} points reached: the game ends when this round is over",
        "ru": "{names}: набрано {n} очков: партия кончается, когда закончится этот круг",
        "uk": "{names}: набрано {n} очок: партія закінчується, коли закінчиться це коло",
    },
    "serve_keeper_target_over": {
        "en": "The round is over and {n} points are reached: the game ends. Enter the tiles left on the racks",
        "ru": "Круг закончен, {n} очков набрано: партия окончена. Запишите, что осталось на подставках",
        "uk": "Коло закінчено, {n} очок набрано: партію закінчено. Запишіть, що лишилося на підставках",
    },
    "serve_keeper_stalled_passes": {
        "en": "Every player has passed {n:time|times} in a row: by the rules the game ends. Enter the tiles left on "
              "the racks",
        "ru": "Каждый пропустил ход {n:раз|раза|раз} подряд: по правилам партия окончена. Запишите, что осталось на "
              "подставках",
        "uk": "Кожен пропустив хід {n:раз|рази|раз} поспіль: за правилами партію закінчено. Запишіть, що лишилося на "
              "підставках",
    },
    "serve_keeper_stalled_scoreless": {
        "en": "{n:turn|turns} in a row without points: by the rules the game ends. Enter the tiles left on the racks",
        "ru": "{n:ход|хода|ходов} подряд без очков: по правилам партия окончена. Запишите, что осталось на подставках",
        "uk": "{n:хід|ходи|ходів} поспіль без очок: за правилами партію закінчено. Запишіть, що лишилося на "
              "підставках",
    },
    "serve_keeper_advice": {
        "en": "The dictionary on the last play:", "ru": "Словарь о последнем ходе:",
        "uk": "Словник про останній хід:",
    },
    "serve_keeper_allowed": {"en": "{word}: in the dictionary", "ru": "{word}: есть в словаре",
                             "uk": "{word}: є в словнику"},
    "serve_keeper_not_allowed": {"en": "{word}: not allowed", "ru": "{word}: не подходит",
                                 "uk": "{word}: не підходить"},
    "serve_keeper_undo": {
        "en": "Undo the last turn", "ru": "Отменить последнюю запись", "uk": "Скасувати останній запис",
    },
    "serve_keeper_end": {
        "en": "End of the game", "ru": "Конец партии", "uk": "Кінець партії",
    },
    "serve_keeper_end_hint": {
        "en": "The tiles left on each rack (? a blank); nothing for the one who went out",
        "ru": "Фишки, оставшиеся у каждого (? — пустышка); пусто у того, кто выложил все",
        "uk": "Фішки, що залишилися в кожного (? — порожня); порожньо в того, хто виклав усі",
    },
    "serve_keeper_end_submit": {
        "en": "Count the racks and finish", "ru": "Подсчитать остатки и закончить",
        "uk": "Підрахувати залишки й закінчити",
    },
    "serve_keeper_over": {
        "en": "The game is over", "ru": "Партия окончена", "uk": "Партію закінчено",
    },
    "serve_keeper_moves": {
        "en": "Turns", "ru": "Ходы", "uk": "Ходи",
    },
    "serve_keeper_no_moves": {
        "en": "No turns yet", "ru": "Ходов ещё нет", "uk": "Ходів ще немає",
    },
    "serve_keeper_bonus": {
        "en": "bonus +{n}", "ru": "премия +{n}", "uk": "премія +{n}",
    },
    "serve_keeper_unseen": {
        "en": "Not on the board yet: {n:tile|tiles}", "ru": "Ещё не на поле: {n:фишка|фишки|фишек}",
        "uk": "Ще не на полі: {n:фішка|фішки|фішок}",
    },
    "serve_keeper_clocks": {
        "en": "Clocks", "ru": "Часы", "uk": "Годинник",
    },
    "serve_keeper_clock_start": {
        "en": "Start the clock", "ru": "Запустить часы", "uk": "Запустити годинник",
    },
    "serve_keeper_clock_pause": {
        "en": "Pause the clock", "ru": "Остановить часы", "uk": "Зупинити годинник",
    },
    "serve_keeper_clock_reset": {
        "en": "Reset the clocks", "ru": "Сбросить часы", "uk": "Скинути годинник",
    },
    "serve_keeper_refused": {
        "en": "Not scored: {why}", "ru": "Ход не записан: {why}", "uk": "Хід не записано: {why}",
    },
    "serve_keeper_scored": {
        "en": "{player}: {score}", "ru": "{player}: {score}", "uk": "{player}: {score}",
    },
    "serve_keeper_discard": {
        "en": "Start a new game? This one is lost unless saved as GCG.",
        "ru": "Начать новую партию? Эта пропадёт, если не сохранить её в GCG.",
        "uk": "Почати нову партію? Ця пропаде, якщо не зберегти її в GCG.",
    },
    "serve_keeper_loading": {
        "en": "Counting…", "ru": "Считаю…", "uk": "Рахую…",
    },
    "serve_keeper_total": {
        "en": "total {n}", "ru": "итого {n}", "uk": "разом {n}",
    },
}
