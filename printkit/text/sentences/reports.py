"""The sentences of the reports and charts of printkit fit and printkit simulate, by key, in English, Russian and Ukrainian (see :mod:`printkit.text.table`)."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
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
    "sim_end": {"en": "games ended: {out} by a player going out, {target} at the target score, {rules} by the "
                      "rules when nobody could play, {stuck} with no moves left, {limit} at the turn limit",
                "ru": "партии закончились: {out} — фишки игрока кончились, {target} — набран предел очков, "
                      "{rules} — по правилам, когда никто не может сыграть, {stuck} — ходов нет, {limit} — предел ходов",
                "uk": "партії закінчилися: {out} — фішки гравця скінчилися, {target} — набрано межу очок, "
                      "{rules} — за правилами, коли ніхто не може зіграти, {stuck} — ходів немає, {limit} — межа ходів"},
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
}
