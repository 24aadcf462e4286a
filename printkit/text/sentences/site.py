"""The page in the browser with nothing installed (printkit site): what it says of itself while printkit
loads into it, and of a product it cannot make there (``serve_`` keys: the page's words)."""

WORDS = {
    "serve_browser_loading": {
        "en": "Loading printkit into this page (the first time takes a few seconds; then it works offline)…",
        "ru": "Загружаю printkit в страницу (в первый раз — несколько секунд; потом работает и без интернета)…",
        "uk": "Завантажую printkit у сторінку (уперше — кілька секунд; потім працює й без інтернету)…",
    },
    "serve_browser_failed": {
        "en": "printkit did not start in this browser ({why}): reload the page; a browser of the last two years "
              "is needed",
        "ru": "printkit не запустился в этом браузере ({why}): перезагрузите страницу; нужен браузер не старше "
              "двух лет",
        "uk": "printkit не запустився в цьому браузері ({why}): перезавантажте сторінку; потрібен браузер не "
              "старший за два роки",
    },
    "serve_browser_needs": {
        "en": "{product}: not made in the browser: it needs {library}, a compiled library this page cannot load. "
              "Install printkit on a computer ({line}) and build it there",
        "ru": "{product}: в браузере не собрать: нужна библиотека {library}, скомпилированная, эта страница её не "
              "загрузит. Установите printkit на компьютер ({line}) и соберите там",
        "uk": "{product}: у браузері не зібрати: потрібна бібліотека {library}, скомпільована, ця сторінка її не "
              "завантажить. Установіть printkit на комп’ютер ({line}) і зберіть там",
    },
}
