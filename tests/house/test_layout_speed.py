"""What makes the layout cheaper must give the same numbers (issue 21, the speed of check and list).

- a glyph's outline is placed by one map of its points (``Font.placed``): every command and every
  number is what fontTools' pens give, for every glyph of the bundled fonts;
- a font read once is kept prepared in printkit's cache: loading it again gives the same figures and
  outlines, imports no fontTools, and a font of other bytes is read afresh;
- paths move (``Transform``) and stroke (``strokes``) to the same numbers as before;
- ``printkit check`` lays out each product once (print-all from the pages it has already), and
  takes the budget's estimate the command line made.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from printkit import cache, fontplace, fonts
from printkit.config import load_kit
from printkit.geometry import Path as PathItem, Role, Text, Transform
from printkit.geometry.outline import outline, outline_by_pens

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cached(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(folder))
    return folder


def _same(a: PathItem, b: PathItem) -> bool:
    """The same commands, number by number, to the last bit (and the sign of a zero)."""
    return repr(a.commands) == repr(b.commands) and all(
        type(u) is type(v) for ca, cb in zip(a.commands, b.commands) for u, v in zip(ca, cb))


@pytest.mark.parametrize("which", ["bold", "regular"])
def test_every_glyph_is_placed_as_the_pens_draw_it(which):
    font = fonts.load(None) if which == "bold" else fonts.label_font()
    rnd = random.Random(21)
    chars = [chr(c) for c in sorted(font.cmap)]
    assert len(chars) > 700
    for ch in chars:
        for size, x, y in ((10.0, 0.0, 0.0), (5.0, -0.0, -0.0), (3.0, 0, 0),
                           (rnd.uniform(1, 40), rnd.uniform(-50, 300), rnd.uniform(-50, 300))):
            text = Text(x, y, ch + "Ж1", font, size, role=Role.PRINT)
            placed, pens = outline(text), outline_by_pens(text)
            assert _same(placed, pens), ch
            assert max((abs(u - v) for ca, cb in zip(placed.commands, pens.commands)
                        for u, v in zip(ca[1:], cb[1:])), default=0.0) <= 1e-9


def test_a_packed_template_places_as_the_one_it_was_packed_from():
    font = fonts.load(None)
    for code in sorted(font.cmap):
        template = fontplace.Template.of(font.outline(chr(code)))
        packed = template.pack()
        if packed is None:
            continue
        again = fontplace.Template.unpack(packed)
        for k, x, y in ((0.01, 3.5, 7.25), (0.02, -0.0, -0.0), (-0.01, 1.0, 2.0)):  # the quick way and the other
            assert repr(again.place(k, x, y)) == repr(template.place(k, x, y))


def test_outlines_the_template_is_built_for_are_the_pens_too():
    """Contours of TrueType's rarer kinds (no on-curve point at all, a single off-curve point, a
    cubic) and one it leaves to the pens (a run of cubics)."""
    from fontTools.pens.transformPen import TransformPen

    from printkit.geometry.outline import _pens

    recorded = [("qCurveTo", ((0, 0), (100, 0), (100, 100), (0, 100), None)), ("closePath", ()),
                ("moveTo", ((10, 10),)), ("qCurveTo", ((20, 30), (40, 10))), ("lineTo", ((5, 5),)),
                ("curveTo", ((1, 2), (3, 4), (5, 7))), ("curveTo", ((9, 9), (11, 3))), ("curveTo", ((2, 2),)),
                ("endPath", ())]
    template = fontplace.Template.of(recorded)
    recorder, transform_pen = _pens()
    for k, x, y in ((0.01, 0.0, 0.0), (0.0173, 12.5, -3.25), (1.0, -0.0, 7.0)):
        pen = recorder()
        tp = transform_pen(pen, (k, 0, 0, -k, x, y))
        for op, args in recorded:
            getattr(tp, op)(*args)
        assert repr(template.place(k, x, y)) == repr(pen.commands)
    assert isinstance(fontplace.Template.of([("moveTo", ((0, 0),)), ("curveTo", ((1, 1), (2, 2), (3, 3), (4, 4)))]),
                      fontplace.Unplaceable)
    assert TransformPen  # the pens are fontTools' own


def test_a_prepared_font_gives_what_the_font_file_gives(cached, tmp_path):
    path = tmp_path / "bold.ttf"  # bytes of its own: no other test's entry for the same bytes adds to it
    tt = fonts.TTFont(str(fonts.default_bold()))
    tt["head"].fontRevision = 7.25
    tt.save(str(path))
    read = fonts.Font(path)
    assert read._tt is not None  # read by fontTools
    text = "КРЕСТОСЛОВИЦА 0123456789 Щ Ё qwerty"
    for ch in text:
        read.advance(ch), read.ink(ch), read.outline(ch)
    outline(Text(0.0, 0.0, text[:10], read, 9.0, role=Role.PRINT))  # placed: its templates are kept too
    fonts.store_prepared()
    prepared = fonts.Font(path)
    assert prepared._tt is None  # from the cache: fontTools not asked
    assert all(read.glyph_name(ch) in prepared._stored["template"] for ch in text[:10])
    for name in ("units", "cmap", "ps_name", "cap_height", "embed_name", "key", "digest"):
        assert getattr(prepared, name) == getattr(read, name), name
    for ch in text:
        assert prepared.advance(ch) == read.advance(ch) and type(prepared.advance(ch)) is type(read.advance(ch))
        assert prepared.ink(ch) == read.ink(ch)
        assert repr(prepared.outline(ch)) == repr(read.outline(ch))
        t1, t2 = (Text(3.0, 40.0, ch, f, 17.5, role=Role.PRINT) for f in (prepared, read))
        assert _same(outline(t1), outline(t2))
    assert prepared._tt is None
    # a glyph not prepared yet is read from the file then, and kept for the next process
    assert prepared.ink("Z") == read.ink("Z") and prepared._tt is not None
    fonts.store_prepared()
    assert fonts.Font(path)._stored["ink"][read.glyph_name("Z")] == tuple(read.ink("Z").__dict__.values())


def test_prepared_entries_wait_for_the_exit_without_holding_fonts(cached, tmp_path, monkeypatch):
    """What fonts prepared is held for the exit as entries, never as the fonts (which a server lets
    go), and at most UNSAVED_KEPT of them: past that the oldest is stored at once."""
    import gc
    import weakref

    monkeypatch.setattr(fonts, "UNSAVED_KEPT", 2)
    fonts.store_prepared()
    made = []
    for n in range(3):
        path = tmp_path / f"{n}.ttf"
        tt = fonts.TTFont(str(fonts.default_regular()))
        tt["head"].fontRevision = 2.0 + n  # other bytes: an entry of its own
        tt.save(str(path))
        font = fonts.Font(path)
        font.ink("A")
        made.append(weakref.ref(font))
        del font
    gc.collect()
    assert [ref() for ref in made] == [None, None, None]
    assert len(fonts._unsaved) == 2
    stored = [p for p in (cached / "fonts").rglob("*") if p.is_file()]
    assert len(stored) >= 1  # the first, stored when the third came
    fonts.store_prepared()
    assert fonts._unsaved == {}


def test_a_font_of_other_bytes_is_read_afresh(cached, tmp_path):
    a = tmp_path / "a.ttf"
    a.write_bytes(fonts.default_bold().read_bytes())
    fonts.Font(a).ink("A")
    fonts.store_prepared()
    b = tmp_path / "b.ttf"
    tt = fonts.TTFont(str(a))
    tt["hmtx"].metrics["A"] = (tt["hmtx"].metrics["A"][0] + 77, tt["hmtx"].metrics["A"][1])
    tt.save(str(b))
    other = fonts.Font(b)
    assert other._tt is not None  # not taken from a's entry
    assert other.advance("A") == fonts.Font(a).advance("A") + 77


def test_a_failed_font_is_not_prepared(cached, tmp_path):
    """A font that stops with a FontError leaves no prepared entry to be served next time."""
    bad = tmp_path / "bad.ttf"
    tt = fonts.TTFont(str(fonts.default_bold()))
    tt["OS/2"].fsType = 0x0002  # no embedding allowed
    tt.save(str(bad))
    for _ in range(2):
        with pytest.raises(fonts.FontError, match="does not allow embedding"):
            fonts.Font(bad)
        fonts.store_prepared()
    assert fonts._prepared(fonts._prepared_key(hashlib.sha256(bad.read_bytes()).hexdigest())) is None
    assert not any(p.is_file() for p in cached.rglob("*") if p.parent.parent.name == "fonts"
                   and p.name == fonts._prepared_key(hashlib.sha256(bad.read_bytes()).hexdigest()))


def test_a_prepared_font_needs_no_fonttools(tmp_path):
    """A second process laying out the default kit's tiles imports no fontTools at all."""
    script = ("import sys\n"
              "from printkit.config import load_kit\n"
              "from printkit.products import plan\n"
              "plan(load_kit('krestoslovitsa'), ['tiles', 'burn', 'laser'])\n"
              "print(sorted(m for m in sys.modules if m.split('.')[0] == 'fontTools'))\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT), PRINTKIT_CACHE=str(tmp_path / "cache"))
    first = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert "fontTools.ttLib" in first.stdout  # the first reads the fonts
    again = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert again.stdout.strip() == "[]"


def test_paths_move_to_the_same_numbers():
    commands = (("M", 1.5, -2.25), ("L", 3.0, 4.0), ("Q", 0.1, 0.2, 0.3, 0.4), ("C", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0),
                ("Z",))
    path = PathItem(commands, role=Role.CUT)
    for t in (Transform.translate(12.3, -4.5), Transform.mirror(x=105.0), Transform.scale(0.997, 1.003),
              Transform(-1.0, 1.0, 0.0, -0.0)):
        moved = t.apply(path).commands
        assert moved == tuple(t._command(c) for c in commands)
        assert repr(moved) == repr(tuple(t._command(c) for c in commands))
    with pytest.raises(ValueError, match="is not one of"):
        Transform.translate(1, 1).apply(PathItem((("Q", 1.0, 2.0),), role=Role.CUT))


def test_strokes_follow_every_point_of_a_path():
    from printkit.sheets.laser.common import strokes

    path = PathItem((("M", 0.0, 0.0), ("L", 10.0, 0.0), ("Q", 12.0, 1.0, 12.0, 5.0),
                     ("C", 12.0, 7.0, 9.0, 9.0, 5.0, 9.0), ("Z",), ("M", 20.0, 20.0), ("L", 21.0, 20.0)), role=Role.CUT)
    assert strokes(path, 1.0, 2.0) == [
        [(1.0, 2.0), (11.0, 2.0), (13.0, 3.0), (13.0, 7.0), (13.0, 9.0), (10.0, 11.0), (6.0, 11.0), (1.0, 2.0)],
        [(21.0, 22.0), (22.0, 22.0)]]


def test_check_lays_out_each_product_once(monkeypatch):
    """Each product's sheet is drawn once by ``check`` and the budget's estimate together: print-all
    of the pages laid out already, the products the estimate counts by drawing them (play sheets,
    calibration) from its drawing; the estimate the command line made is not made again."""
    from dataclasses import replace

    from printkit import check, products

    kit = load_kit("krestoslovitsa")
    drawn: list[str] = []
    for name, product in list(products.REGISTRY.items()):
        def counted(*args, _name=name, _real=product.documents):
            drawn.append(_name)
            return _real(*args)

        monkeypatch.setitem(products.REGISTRY, name, replace(product, documents=counted))
    estimates = []
    real_estimate = products.estimate
    monkeypatch.setattr(products, "estimate", lambda *a, **k: estimates.append(1) or real_estimate(*a, **k))
    work = real_estimate(kit)
    report = check.check_kit(kit, work=work)
    assert report.passed
    assert sorted(drawn) == sorted(products.chosen(None))  # every product a default build makes
    assert estimates == []
    lines = [f.text for f in report.findings if f.section == "print"]
    assert any(line.startswith("print-all: print-all-A4.pdf: ") for line in lines), lines


def test_face_style_is_found_once_for_the_same_faces():
    from printkit.sheets import tiles

    kit = load_kit("krestoslovitsa")
    font = fonts.load(kit.tile_style.font)
    a = tiles.face_style(kit, font)
    assert tiles.face_style(kit, font) is a
    smaller = tiles.face_style(kit, font, side=kit.physical.tile_mm - 2.0)
    assert smaller is not a and smaller.side == kit.physical.tile_mm - 2.0
    assert tiles._face_style(kit, font, kit.physical.tile_mm) == a
