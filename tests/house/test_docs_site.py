"""The documentation site (mkdocs.yml) builds in strict mode, in English and Russian, from a copy of the
repository's docs: a broken link, a missing page or a missing picture fails it. Its pictures are a real
build's previews and its reference pages printkit's own declarations (tools/docs_hooks.py), made again on
every build; the guides are short (under 1,000 words) and a maker finds LightBurn in the first 300 words
of the laser guide."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("material")
pytest.importorskip("mkdocs_static_i18n")

from printkit.config import kit_names  # noqa: E402
from printkit.config.options import KIT_OPTIONS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.xdist_group("docs-site")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site built from a copy of docs/, mkdocs.yml and the hooks (the repository's own docs/ is left as it is)."""
    work = tmp_path_factory.mktemp("docs")
    for name in ("docs", "tools"):
        shutil.copytree(ROOT / name, work / name, ignore=shutil.ignore_patterns("build", "__pycache__"))
    for generated in (work / "docs" / "reference").glob("*.md"):
        generated.unlink()  # made again by the hook, never left from an earlier build
    shutil.copy(ROOT / "mkdocs.yml", work / "mkdocs.yml")
    env = {k: v for k, v in os.environ.items() if k != "PRINTKIT_DOCS_BUILD"}
    env["NO_MKDOCS_2_WARNING"] = "1"
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"], cwd=work, env=env,
                          capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 0, done.stderr[-4000:]
    return work


def _words(path: Path) -> int:
    text = re.sub(r"```.*?```", " ", path.read_text(encoding="utf-8"), flags=re.S)  # a command block is not reading
    return len([w for w in text.split() if re.search(r"\w", w)])  # as wc -w, a lone dash or bar not a word


def test_the_site_is_built_in_english_and_russian(site):
    en = (site / "site" / "index.html").read_text(encoding="utf-8")
    ru = (site / "site" / "ru" / "index.html").read_text(encoding="utf-8")
    assert "printkit: a crossword tile game set, made at home" in en
    assert "printkit: игра в слова своими руками" in ru
    for guide in sorted((ROOT / "docs" / "guides").glob("*.ru.md")):
        slug = guide.name[:-len(".ru.md")]
        assert (site / "site" / "guides" / slug / "index.html").is_file(), slug
        assert (site / "site" / "ru" / "guides" / slug / "index.html").is_file(), slug


def test_every_picture_of_the_site_is_a_file_and_the_builds_own(site):
    built = site / "site"
    missing = []
    for page in built.rglob("*.html"):
        for src in re.findall(r'<img[^>]+src="([^"]+)"', page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", src):
                continue
            if not (page.parent / src).resolve().is_file():
                missing.append(f"{page.relative_to(built)}: {src}")
    assert missing == []
    shown = built / "img" / "build" / "tiles-A4-1.png"
    made = site / "docs" / "img" / "build" / "tiles-A4-1.png"
    assert shown.is_file() and hashlib.sha256(shown.read_bytes()).digest() == hashlib.sha256(made.read_bytes()).digest()
    assert (built / "img" / "build" / "3d" / "tiles-plate-1-3mf.png").is_file()  # every product's, 3D too


def test_the_reference_is_made_from_the_declarations(site):
    options = (site / "docs" / "reference" / "options.md").read_text(encoding="utf-8")
    for o in KIT_OPTIONS:
        assert f"`{o.key}`" in options, o.key
    commands = (site / "docs" / "reference" / "commands.md").read_text(encoding="utf-8")
    assert "usage: printkit build" in commands and "usage: printkit serve" in commands
    assert "Все команды" in (site / "docs" / "reference" / "commands.ru.md").read_text(encoding="utf-8")
    profiles = (site / "docs" / "reference" / "profiles.md").read_text(encoding="utf-8")
    for shelf in ("machines", "cutters", "labels", "printers"):
        for path in (ROOT / "templates" / shelf).glob("*.yaml"):
            assert f"(`{path.stem}`)" in profiles, path.stem
    assert "bed: 600x400" in profiles  # LightBurn's, as its file gives it
    # every shipped kit on the editions' page, by language, with its figures and the sources its table names
    editions = (site / "docs" / "reference" / "editions.md").read_text(encoding="utf-8")
    for name in kit_names():
        assert f"(`{name}`)" in editions, name
    assert "## magyar (`hu`)" in editions and "- tiles of more than one letter: CS, GY, LY, NY, SZ, TY, ZS" in editions
    assert "100 tiles (2 blanks), 235 points in the lettered tiles; kit `configs/kits/scrabble-hu.yaml`" in editions
    ru = (site / "docs" / "reference" / "editions.ru.md").read_text(encoding="utf-8")
    assert "# Все издания" in ru and "102 фишки (2 пустые), 179 очков на фишках с буквами" in ru


def test_the_guides_are_short_and_the_laser_guide_says_lightburn_first():
    for guide in sorted((ROOT / "docs" / "guides").glob("*.md")):
        assert _words(guide) < 1000, guide.name
    laser = ROOT / "docs" / "guides" / "laser.md"
    first = " ".join(re.findall(r"\S+", laser.read_text(encoding="utf-8"))[:300])
    assert "LightBurn" in first
