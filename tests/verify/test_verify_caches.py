"""What verify keeps from one file to the next, and from one verify to the next in a process (the
ink boxes of an embedded font program, by the sha256 of its bytes): a file changed in between is
read anew, never answered from what was kept of the file it replaced."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from pathlib import Path

import pypdf
import pytest
from fontTools.ttLib import TTFont
from manifestread import manifest_of
from pypdf.generic import DecodedStreamObject, NameObject

from printkit.verify import pdfcontent, verify

KIT = "krestoslovitsa"


@pytest.fixture
def kit_dir(default_kit, tmp_path) -> Path:
    return Path(shutil.copytree(default_kit, tmp_path / KIT))


def _narrow(folder: Path, *paths: str) -> None:
    manifest = manifest_of(folder)
    manifest["artifacts"] = [a for a in manifest["artifacts"] if a["path"] in paths]
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")


def _relist(folder: Path, rel: str) -> None:
    manifest = manifest_of(folder)
    data = (folder / rel).read_bytes()
    for a in manifest["artifacts"]:
        if a["path"] == rel:
            a["bytes"], a["sha256"] = len(data), hashlib.sha256(data).hexdigest()
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")


def _shrunk(program: bytes, by: float) -> bytes:
    """The TrueType program with every simple glyph drawn ``by`` times its size (its box in its header
    made anew), under the same names."""
    font = TTFont(io.BytesIO(program))
    glyf = font["glyf"]
    for name in font.getGlyphOrder():
        g = glyf[name]
        if g.numberOfContours > 0:
            g.coordinates.scale((by, by))
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _programs(path: Path) -> list[bytes]:
    reader = pypdf.PdfReader(str(path))
    found = []
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            descriptor = ref.get_object().get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                found.append(descriptor.get_object()["/FontFile2"].get_object().get_data())
    return found


def _swap_fonts(path: Path, by: float) -> None:
    """Every embedded font program of the PDF replaced by its glyphs shrunk ``by`` times, the font's
    name and every other object as they were."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(str(path)))
    done = set()
    for page in writer.pages:
        for ref in page["/Resources"]["/Font"].values():
            descriptor = ref.get_object()["/FontDescriptor"].get_object()
            if id(descriptor) in done:
                continue
            done.add(id(descriptor))
            stream = DecodedStreamObject()
            stream.set_data(_shrunk(descriptor["/FontFile2"].get_object().get_data(), by))
            descriptor[NameObject("/FontFile2")] = writer._add_object(stream)
    buffer = io.BytesIO()
    writer.write(buffer)
    path.write_bytes(buffer.getvalue())


def test_a_font_swapped_under_the_same_name_is_read_anew(kit_dir):
    """A verify keeps the ink boxes of the tiles' fonts; the same file again, its fonts swapped for
    ones whose letters are a tenth the size (same names, same codes), fails as a fresh process finds."""
    _narrow(kit_dir, "tiles-A4.pdf")
    pdf = kit_dir / "tiles-A4.pdf"
    assert verify(kit_dir).failures == []
    kept = {hashlib.sha256(p).hexdigest() for p in _programs(pdf)}
    assert kept and pdfcontent._ink_cache  # the first verify kept what it read

    _swap_fonts(pdf, 0.1)
    _relist(kit_dir, "tiles-A4.pdf")
    assert {hashlib.sha256(p).hexdigest() for p in _programs(pdf)}.isdisjoint(kept)
    after = [c.line() for c in verify(kit_dir).failures]
    assert len(after) == 1 and after[0].startswith("FAIL tiles-A4.pdf: '")
    assert "mm tall, its middle" in after[0] and "a face is at least 20% of the tile tall" in after[0]

    pdfcontent._ink_cache.clear()  # what a new process finds
    assert [c.line() for c in verify(kit_dir).failures] == after


def test_the_ink_boxes_kept_are_bounded(monkeypatch):
    """A long-lived process (the web page's server) keeps the ink boxes of at most INK_CACHED fonts,
    the least recently used going first."""
    monkeypatch.setattr(pdfcontent, "_ink_cache", {})
    monkeypatch.setattr(pdfcontent, "INK_CACHED", 3)
    for n in range(5):
        pdfcontent.ink_boxes(b"not a font %d" % n)
    pdfcontent.ink_boxes(b"not a font 2")  # used again: the last to go
    pdfcontent.ink_boxes(b"not a font 5")
    assert list(pdfcontent._ink_cache) == [hashlib.sha256(b"not a font %d" % n).hexdigest() for n in (4, 2, 5)]
    assert pdfcontent._ink_cache[hashlib.sha256(b"not a font 2").hexdigest()] == {}


def test_a_dxf_is_read_once_for_its_bytes_and_anew_when_they_change(shared, tmp_path, monkeypatch):
    """verify keeps the DXF files it read (by the sha256 of their bytes): the same folder verified again reads no
    file with ezdxf; a file changed in between is read anew and its change found; what is kept stays under
    READ_KEPT_BYTES, and a file larger than that is not kept."""
    import ezdxf

    from printkit.verify import dxf

    folder = Path(shutil.copytree(shared.build("krestoslovitsa", only=["laser"], laser="rdworks"),
                                  tmp_path / "krestoslovitsa"))
    read = []
    real = ezdxf.readfile
    monkeypatch.setattr(ezdxf, "readfile", lambda path, *a, **k: read.append(Path(path).name) or real(path, *a, **k))
    monkeypatch.setattr(dxf, "_READ", type(dxf._READ)())
    assert verify(folder).passed and sorted(read) == ["laser-board-1.dxf", "laser-coupon.dxf", "laser-tiles-1.dxf"]
    read.clear()
    assert verify(folder).passed and read == []
    coupon = folder / "laser-coupon.dxf"
    coupon.write_bytes(coupon.read_bytes().replace(b"$INSUNITS\n 70\n4", b"$INSUNITS\n 70\n1", 1))
    manifest = manifest_of(folder)
    entry = next(a for a in manifest["artifacts"] if a["path"] == "laser-coupon.dxf")
    entry.update(bytes=coupon.stat().st_size, sha256=hashlib.sha256(coupon.read_bytes()).hexdigest())
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    fails = [c.line() for c in verify(folder).failures]
    assert read == ["laser-coupon.dxf"] and fails == [
        "FAIL laser-coupon.dxf: $INSUNITS is 1 (inches), not 4 (millimetres): laser software would import it at "
        "another size"]
    assert sum(kept[3] for kept in dxf._READ.values()) <= dxf.READ_KEPT_BYTES
    monkeypatch.setattr(dxf, "READ_KEPT_BYTES", 1000)
    monkeypatch.setattr(dxf, "_READ", type(dxf._READ)())
    read.clear()
    verify(folder)
    verify(folder)
    assert len(read) == 6 and not dxf._READ  # larger than what may be kept: read each time, never kept


def test_a_3mf_plate_is_parsed_once_for_its_bytes_and_anew_when_they_change(shared, monkeypatch):
    """verify keeps the last plates it parsed by the sha256 of their bytes: the same bytes give the model read
    before; a plate with one byte of its model changed is parsed anew; at most MODELS_KEPT are kept."""
    pytest.importorskip("trimesh")
    from solidbuild import five_built

    from printkit.verify import solid

    plates = sorted((five_built(shared, "bambu-x1") / "3d").glob("*.3mf"))
    assert len(plates) > solid.MODELS_KEPT
    monkeypatch.setattr(solid, "_MODELS", type(solid._MODELS)())
    made = []
    real = solid._Model
    monkeypatch.setattr(solid, "_Model", lambda xml: made.append(len(xml)) or real(xml))
    data = plates[0].read_bytes()
    first = solid._parsed(data)
    assert solid._parsed(data) is first and len(made) == 1
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members["3D/3dmodel.model"] = members["3D/3dmodel.model"].replace(b'unit="millimeter"', b'unit="inch"', 1)
    changed = io.BytesIO()
    with zipfile.ZipFile(changed, "w") as z:
        for name, body in members.items():
            z.writestr(name, body)
    other = solid._parsed(changed.getvalue())
    assert len(made) == 2 and other[0].unit == "inch" and first[0].unit == "millimeter"
    for plate in plates:
        solid._parsed(plate.read_bytes())
    assert len(solid._MODELS) == solid.MODELS_KEPT
