"""The README and the guides: every relative link and picture is a file of the repository, and each guide in
docs/guides/ has its Russian beside it (NAME.ru.md) with the same commands and figures."""

from __future__ import annotations

import re
from pathlib import Path

from printkit.config import DEFAULT_KIT

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\]\(([^)\s]+)\)")
GENERATED = ROOT / "docs" / "img" / "build"  # a real build's previews, copied there when the site is built


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_every_relative_link_of_the_docs_is_a_file():
    broken = []
    for page in _pages():
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (page.parent / target.split("#")[0]).resolve()
            if path.is_relative_to(GENERATED) or path.parent == ROOT / "docs" / "reference":
                continue  # made when the site is built (tools/docs_hooks.py): tests/house/test_docs_site.py
            if not path.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert broken == []


def test_each_guide_has_its_russian_with_the_same_commands_and_figures():
    guides = sorted(p for p in (ROOT / "docs" / "guides").glob("*.md") if not p.name.endswith(".ru.md"))
    assert guides, "docs/guides/ holds the guides"
    for en in guides:
        ru = en.with_name(en.stem + ".ru.md")
        assert ru.exists(), f"{en.name} has no Russian ({ru.name})"
        code = re.compile(r"`([^`\n]+)`")
        assert set(code.findall(en.read_text(encoding="utf-8"))) == set(code.findall(ru.read_text(encoding="utf-8")))
        numbers = re.compile(r"(\d+(?:[.,]\d+)?) ?mm|(\d+(?:[.,]\d+)?) мм")
        figures = [{(a or b).replace(",", ".") for a, b in numbers.findall(p.read_text(encoding="utf-8"))}
                   for p in (en, ru)]
        assert figures[0] == figures[1], en.name
        # the same sections: as many headings at each level, and as many numbered steps
        shape = [([len(h) for h in re.findall(r"^(#+) ", p.read_text(encoding="utf-8"), re.M)],
                  len(re.findall(r"^\d+\. ", p.read_text(encoding="utf-8"), re.M))) for p in (en, ru)]
        assert shape[0] == shape[1], en.name


def test_the_readme_is_short_and_its_pictures_are_the_builds_own(shared, default_kit):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    solid = shared.build(DEFAULT_KIT, only=["3d"])
    made = {"tiles.png": default_kit / "preview" / "tiles-A4-1.png",
            "laser-board.png": default_kit / "preview" / "laser-board-1-svg.png",
            "3d-tiles.png": solid / "preview" / "3d" / "tiles-plate-1-3mf.png"}
    for name, preview in made.items():
        assert f"docs/readme/{name}" in readme
        shown = (ROOT / "docs" / "readme" / name).read_bytes()
        assert shown == preview.read_bytes(), f"{name} is stale: python tools/docs_hooks.py --readme"
