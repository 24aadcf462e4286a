"""mkdocs hooks of printkit's documentation site (mkdocs.yml: ``hooks:``): before the pages are read, the
parts of the site that are made from printkit itself are made again, so that nothing in them goes stale.

- ``docs/img/build/``: the previews of a real build of the default kit with every product (the pictures the
  guides show): ``printkit build --only …`` into a folder of its own, its ``preview/`` copied here.
- ``docs/reference/options.md`` (and ``.ru.md``): every kit option, from the declarations
  (:func:`printkit.config.reference.markdown_table`, the same table as ``printkit schema --markdown``).
- ``docs/reference/profiles.md`` (and ``.ru.md``): every shipped profile (``templates/``), as its file gives it.
- ``docs/reference/commands.md`` (and ``.ru.md``): every command's ``--help``, as the command line prints it.
- ``docs/reference/editions.md`` (and ``.ru.md``): every shipped kit by language, its tiles and its sources, as
  the kits load (the tables checked against are in ``tests/data/editions/``).

All four are ignored by git (.gitignore). ``PRINTKIT_DOCS_BUILD``: a folder holding a build already made
(``krestoslovitsa/preview/``), to skip the build (the tests build once and reuse it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
KIT = "krestoslovitsa"
PRODUCTS = "tiles,board,laser,burn,play,calibration,print-all,cutter,stickers,racks,box,bag,3d"

# The generated pages' heads, in each language of the site (the tables themselves are printkit's English)
HEADS = {
    "options": {
        "en": "# Every kit option\n\nEvery option of a kit file, made from printkit's own declarations each time "
              "the site is built (the same table as `printkit schema --markdown`). A dotted key is a section "
              "and its option: `physical.tile_mm` is\n\n```yaml\nphysical:\n  tile_mm: 20\n```\n\nand "
              "`printkit build --set physical.tile_mm=24` sets it for one build.\n\n",
        "ru": "# Все настройки набора\n\nВсе настройки файла набора, из собственных описаний printkit при каждой "
              "сборке сайта (та же таблица, что даёт `printkit schema --markdown`; описания — по-английски). "
              "Ключ через точку — раздел и настройка: `physical.tile_mm` это\n\n```yaml\nphysical:\n  "
              "tile_mm: 20\n```\n\nа `printkit build --set physical.tile_mm=24` задаёт её на одну сборку.\n\n",
    },
    "profiles": {
        "en": "# Every shipped profile\n\nThe lasers, craft cutters, label stocks and 3D printers printkit knows by "
              "name (`--laser NAME`, `--cutter NAME`, `--labels NAME`, `--printer NAME`), each as its file under "
              "`templates/` says it, with its sources (made from the files each time the site is built). A profile of "
              "your own is a file like these: give its path instead of a name.\n\n",
        "ru": "# Все готовые профили\n\nЛазеры, режущие плоттеры, листы наклеек и 3D-принтеры, которые printkit знает "
              "по имени (`--laser NAME`, `--cutter NAME`, `--labels NAME`, `--printer NAME`), — каждый таким, как его "
              "описывает файл в `templates/`, с источниками (берётся из файлов при каждой сборке сайта; комментарии "
              "в файлах по-английски). Свой профиль — такой же файл: укажите его путь вместо имени.\n\n",
    },
    "editions": {
        "en": "# Every edition\n\nThe kits printkit ships, by language (`printkit list` prints the same groups): "
              "each one's tiles as its kit loads them, and the sources its table was checked against, letter by "
              "letter. The tables of those sources are kept in the repository (`tests/data/editions/`, made by "
              "`tools/edition_sources.py`), and a test compares every edition with them on every change. Build one "
              "with `printkit build scrabble-hu` (its name), or choose it on the web page.\n\n"
              "A tile of two letters (Hungarian CS, Catalan L·L) is one tile: its letters are drawn smaller to fit "
              "it, and a word is written with it as the game writes it (`score`, `replay` and the judge read CS in "
              "a word as one tile, the longest first).\n\n",
        "ru": "# Все издания\n\nНаборы, которые есть в printkit, по языкам (`printkit list` печатает те же группы): "
              "фишки каждого — такими, какими их читает набор, и источники, с которыми его таблица сверена "
              "буква за буквой. Таблицы источников хранятся в репозитории (`tests/data/editions/`, их делает "
              "`tools/edition_sources.py`), и тест сравнивает с ними каждое издание при каждом изменении. Собрать "
              "набор: `printkit build scrabble-hu` (его имя) или выбрать его на веб-странице.\n\n"
              "Фишка с двумя буквами (венгерская CS, каталанская L·L) — одна фишка: её буквы рисуются мельче, "
              "чтобы поместиться, а слово пишется с ней так, как в игре (`score`, `replay` и судья читают CS в "
              "слове как одну фишку, сначала самую длинную).\n\n",
    },
    "commands": {
        "en": "# Every command\n\nEach command's help, as `printkit COMMAND --help` prints it (made from the command "
              "line each time the site is built).\n\n",
        "ru": "# Все команды\n\nСправка каждой команды, как её печатает `printkit КОМАНДА --help` (берётся из "
              "командной строки при каждой сборке сайта; текст справки — по-английски).\n\n",
    },
}


def _printkit(*args: str, cwd: Path | None = None) -> str:
    env = {**os.environ, "COLUMNS": "100", "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "printkit", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, encoding="utf-8", check=False)
    if done.returncode != 0:
        raise RuntimeError(f"printkit {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    return done.stdout


def pictures(target: Path = DOCS / "img" / "build") -> Path:
    """The previews of the default kit's every product, in ``target``."""
    given = os.environ.get("PRINTKIT_DOCS_BUILD")
    if given:
        source = Path(given) / KIT / "preview"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target)
        return target
    with tempfile.TemporaryDirectory(prefix="printkit-docs-") as tmp:
        _printkit("build", KIT, "--only", PRODUCTS, "--out", tmp, cwd=ROOT)
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(Path(tmp) / KIT / "preview", target)
    return target


def _commands() -> str:
    from printkit.cli.parser import COMMANDS

    out = []
    for name in COMMANDS:
        out.append(f"## `printkit {name}`\n\n```text\n{_printkit(name, '--help').rstrip()}\n```\n")
    return "\n".join(out)


# The shelves of shipped profiles, as the profiles' page lists them: (folder of templates/, its heading)
SHELVES = (("machines", {"en": "Lasers", "ru": "Лазеры"}),
           ("cutters", {"en": "Craft cutters", "ru": "Режущие плоттеры"}),
           ("labels", {"en": "Label stocks", "ru": "Листы наклеек"}),
           ("printers", {"en": "3D printers", "ru": "3D-принтеры"}))


def _profiles(language: str) -> str:
    """Each shipped profile: its title and name, the facts its file's head gives, and its settings."""
    import yaml

    from printkit.paths import templates_dir

    out = []
    for folder, heading in SHELVES:
        out.append(f"## {heading[language]}\n")
        for path in sorted((templates_dir() / folder).glob("*.yaml")):
            text = path.read_text(encoding="utf-8")
            data = yaml.safe_load(text)
            head = " ".join(line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("#"))
            settings = "\n".join(line for line in text.splitlines() if line.strip() and not line.startswith("#"))
            out.append(f"### {data.get('title', path.stem)} (`{path.stem}`)\n\n{head}\n\n```yaml\n{settings}\n```\n")
    return "\n".join(out)


# the editions' page: its words in each language of the site
EDITION_WORDS = {
    "en": {"tiles": "tile|tiles", "blanks": "blank|blanks", "points": "point|points", "letters": "letters",
           "multi": "tiles of more than one letter", "folds": "played as another letter's tile",
           "sources": "Sources", "kit": "kit", "on": "in the lettered tiles"},
    "ru": {"tiles": "фишка|фишки|фишек", "blanks": "пустая|пустые|пустых", "points": "очко|очка|очков",
           "letters": "буквы",
           "multi": "фишки из нескольких букв", "folds": "играются фишкой другой буквы",
           "sources": "Источники", "kit": "набор", "on": "на фишках с буквами"},
}


def _editions(language: str) -> str:
    """Every shipped kit, grouped by its language as ``printkit list`` groups them: title, name, figures, the
    letters, the multi-letter tiles, the folds and the sources its distribution names."""
    from printkit.cli.list import ENDONYMS
    from printkit.config import kit_names, load_kit
    from printkit.text.plural import counted

    w = EDITION_WORDS[language]
    groups: dict[str, list] = {}
    for name in kit_names():
        kit = load_kit(name)
        groups.setdefault(str(kit.language), []).append(kit)
    out = []
    for code in sorted(groups):
        out.append(f"## {ENDONYMS.get(code, code)} (`{code}`)\n")
        for kit in groups[code]:
            d = kit.distribution
            lines = [f"### {kit.title} (`{kit.name}`)\n",
                     f"{counted(d.total, language, w['tiles'])} ({counted(d.blanks, language, w['blanks'])}), "
                     f"{counted(d.points, language, w['points'])} {w['on']}; {w['kit']} "
                     f"`configs/kits/{kit.name}.yaml`.\n",
                     f"- {w['letters']}: {' '.join(f'{t.face}×{t.count}={t.value}' for t in d.tiles)}"]
            multi = [t.face for t in d.tiles if len(t.face) > 1]
            if multi:
                lines.append(f"- {w['multi']}: {', '.join(multi)}")
            if d.folds:
                lines.append(f"- {w['folds']}: {', '.join(f'{a} → {b}' for a, b in d.folds.items())}")
            lines.append(f"\n**{w['sources']}**: {' '.join(d.sources.split())}\n")
            out.append("\n".join(lines))
    return "\n".join(out)


def reference(folder: Path = DOCS / "reference") -> None:
    """The options', the profiles' and the commands' pages, in each language."""
    from printkit.config.reference import markdown_table

    folder.mkdir(parents=True, exist_ok=True)
    bodies = {"options": lambda language: markdown_table() + "\n", "profiles": _profiles, "editions": _editions,
              "commands": lambda language, said=_commands(): said}
    for page, heads in HEADS.items():
        for language, head in heads.items():
            name = f"{page}.md" if language == "en" else f"{page}.{language}.md"
            (folder / name).write_text(head + bodies[page](language), encoding="utf-8")


# The README's three pictures (committed, as GitHub shows them): the build's own previews, by their names there;
# tests/house/test_docs.py keeps them equal to a fresh build's
README_PICTURES = {"tiles.png": "tiles-A4-1.png", "laser-board.png": "laser-board-1-svg.png",
                   "3d-tiles.png": "3d/tiles-plate-1-3mf.png"}


def readme(previews: Path) -> None:
    """The README's pictures (docs/readme/) from a build's ``preview/`` folder."""
    folder = DOCS / "readme"
    folder.mkdir(exist_ok=True)
    for name, preview in README_PICTURES.items():
        shutil.copy(previews / preview, folder / name)


def on_pre_build(config, **kwargs) -> None:  # mkdocs' hook: before the pages are read
    reference()
    pictures()


if __name__ == "__main__":  # python tools/docs_hooks.py [--readme]: make them without mkdocs
    reference()
    made = pictures()
    if "--readme" in sys.argv[1:]:
        readme(made)
    print(made)
