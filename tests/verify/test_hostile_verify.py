"""Hostile input to ``verify`` and to the readers of word lists (issue 31): nothing outside the kit's
folder is read, nothing unbounded is done, a manifest edited by hand is read or refused in one line.

- a 3MF made to inflate (4 MB whose model is 3.5 GB) is refused from its zip's directory, at once,
  in a process held to 1 GB; a lexicon or word list of one 30 MB line likewise, at its line;
- every figure of every kind of file in a built manifest, changed to another type, NaN, a huge or
  a negative number, removed: exit 2 in one line naming the manifest, the file and the field (the
  manifest cannot be read), or 1 with a failed check (the figure is out of what printkit writes),
  never 3; a plate count, a kind or letters that printkit does not write fail;
- a laser profile named by a path, a manifest of lists nested too deep, a listed path that is a
  device: nothing read outside the folder, no fault.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from manifestread import manifest_of

from printkit.manifest import MANIFEST

KIT = "krestoslovitsa"
GB = 1 << 30


def limited(*args: str, memory: int = GB, cwd: Path | None = None) -> tuple[int, str, str, float]:
    """``printkit ARGS`` in a process of at most ``memory`` bytes of address space: (exit code, stdout,
    stderr, seconds)."""
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")  # numpy's threads reserve memory
    start = time.monotonic()
    p = subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, preexec_fn=cap,
                       env=env, cwd=cwd, timeout=300)
    return p.returncode, p.stdout, p.stderr, time.monotonic() - start


def write_manifest(folder: Path, manifest: dict) -> None:
    (folder / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")


def read_manifest(folder: Path) -> dict:
    """The manifest as printkit holds it, each file's figures beside its names (written back so: a version 2
    manifest whose entries hold their figures among the names is read the same)."""
    return manifest_of(folder)


# -- a 3MF made to inflate ------------------------------------------------------------------------------------

def zeros_deflated(mib: int) -> bytes:
    """A raw deflate stream of ``mib`` MiB of zeros, made in a moment: one flushed block of a MiB, repeated."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = c.compress(b"\0" * (1 << 20)) + c.flush(zlib.Z_FULL_FLUSH)
    return block * mib + c.flush()


def zeros_crc(mib: int) -> int:
    crc, block = 0, b"\0" * (1 << 20)
    for _ in range(mib):
        crc = zlib.crc32(block, crc)
    return crc


def zip_of(members: dict[str, tuple[bytes, int, int]]) -> bytes:
    """A zip of deflated members, each (its raw deflate stream, the size and the CRC its directory
    says), written by hand, as anyone can: the sizes are what it claims, whatever the stream holds."""
    out, central = bytearray(), bytearray()
    for name, (raw, size, crc) in members.items():
        n = name.encode()
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21, crc, len(raw), size, len(n),
                               0, 0, 0, 0, 0, len(out)) + n
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(raw), size, len(n), 0) + n + raw
    start = len(out)
    out += central + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(central), start, 0)
    return bytes(out)


def deflated(data: bytes) -> tuple[bytes, int, int]:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush(), len(data), zlib.crc32(data)


def plate_folder(folder: Path, model: tuple[bytes, int, int]) -> str:
    """A kit's folder whose manifest lists one 3MF plate of tiles, its model ``model`` (as
    :func:`zip_of` takes it); its path."""
    small = deflated(b"<config/>")
    data = zip_of({"3D/3dmodel.model": model, "Metadata/Slic3r_PE_model.config": small,
                   "Metadata/model_settings.config": small})
    rel = "3d/tiles-plate-1.3mf"
    (folder / "3d").mkdir(parents=True)
    (folder / rel).write_bytes(data)
    write_manifest(folder, {"kit": "bomb", "artifacts": [{
        "path": rel, "kind": "3d", "product": "3d", "format": "3mf", "plate": 1, "plates": 1, "tiles": 1,
        "bed_mm": [256.0, 256.0], "tile_mm": 20.0, "thickness_mm": 4.0, "letter_mm": 0.6, "letters": "inset",
        "density": 1.24, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}]})
    return rel


def test_a_3mf_whose_model_inflates_to_gigabytes_is_refused_from_its_directory(tmp_path):
    """3.6 MB whose model inflates to 3.5 GB: it took 25 s and 7.2 GB to find that it was no XML."""
    rel = plate_folder(tmp_path / "k", (zeros_deflated(3500), 3500 << 20, 0))  # refused before its CRC matters
    assert (tmp_path / "k" / rel).stat().st_size < 4_000_000
    code, out, err, seconds = limited("verify", "-q", str(tmp_path / "k"))
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f"FAIL {rel}: cannot be read as 3MF: 3D/3dmodel.model inflates to 3,670,016,000 bytes: a 3MF printkit "
        f"writes holds at most 192,000,000",
        f"verify {tmp_path / 'k'}: 1 of 2 checks FAILED"]
    assert seconds < 20


def test_a_3mf_member_that_inflates_a_thousand_times_its_size_is_refused(tmp_path):
    """Within the size a plate may have, but 1000 times its bytes (printkit's inflate 8 to 40 times):
    it took 1 s and 350 MB to find no XML in it."""
    model = zeros_deflated(150)
    rel = plate_folder(tmp_path / "k", (model, 150 << 20, zeros_crc(150)))
    code, out, err, _ = limited("verify", "-q", str(tmp_path / "k"), memory=GB // 2)
    assert (code, err) == (1, "")
    assert out.splitlines()[0] == (f"FAIL {rel}: cannot be read as 3MF: 3D/3dmodel.model inflates "
                                   f"{(150 << 20) // len(model):,} times its {len(model):,} bytes: printkit's inflate "
                                   f"at most 200 times")
    assert (150 << 20) // len(model) > 200


def test_a_3mf_model_of_more_build_items_than_a_plate_has_is_refused_as_it_is_read(tmp_path):
    """100 001 build items, where a plate has a few thousand: a million of them (26 MB of XML) took
    2.2 s and 440 MB to be read and found placing no object; reading stops past 100 000."""
    xml = ('<model xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02" unit="millimeter"><build>'
           + "".join(f'<item objectid="{i}"/>' for i in range(100_001)) + "</build></model>").encode()
    rel = plate_folder(tmp_path / "k", deflated(xml))
    code, out, err, _ = limited("verify", "-q", str(tmp_path / "k"))
    assert (code, err) == (1, "")
    assert out.splitlines()[0] == (f"FAIL {rel}: cannot be read as 3MF: 3D/3dmodel.model has more than 100,000 "
                                   f"objects, components and build items: a 3MF printkit writes has at most 100,000")


# -- word lists of one long line ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def one_line(tmp_path_factory) -> Path:
    """30 MB of Cyrillic letters and no line break: no list of words."""
    path = tmp_path_factory.mktemp("one-line") / "one.txt"
    path.write_text("А" * 15_000_000, encoding="utf-8")
    return path


@pytest.mark.parametrize("command, what", [
    (("simulate", "--games", "1", "--lexicon"), "a lexicon"),
    (("word", "СЛОВО", "--words"), "a word list"),
    (("fit", "--words"), "a word list"),
])
def test_a_word_file_of_one_30_mb_line_is_refused_at_once(one_line, tmp_path, command, what):
    """It took 19 s and 1.7 GB (simulate), 7 s and 1.4 GB (word), 27 s and 1.7 GB (fit, which drew a
    chart of its letters) before; now its first 4 KB are read, in a process held to 1 GB."""
    code, out, err, seconds = limited(*command, str(one_line), cwd=tmp_path)
    assert (code, out) == (2, "")
    assert err == f"{one_line}:1: a line of more than 4,096 bytes: {what} has one word a line\n"
    assert seconds < 10
    assert list(tmp_path.iterdir()) == []  # no chart written


def test_a_long_line_is_refused_at_its_line(run, tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("КОТ\n# comment\n" + "Д" * 2049 + "\nДОМ\n", encoding="utf-8")
    assert run("word", "КОТ", "--words", words) == (
        2, "", f"{words}:3: a line of more than 4,096 bytes: a word list has one word a line\n")
    words.write_text("КОТ\n# comment\n" + "Д" * 2048 + "\nДОМ\n", encoding="utf-8")  # 4096 bytes: a line
    assert run("word", "КОТ", "--words", words)[0] == 0


# -- the manifest's figures -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def solid(shared) -> Path:
    """The five-tile kit's 3D files (tests/solid/test_solid.py), built once for the run."""
    from solidbuild import five_built  # here: it skips without trimesh, which the other tests need not

    return five_built(shared, "bambu-x1")


@pytest.fixture
def plates(solid, tmp_path) -> Path:
    """A copy of the 3D folder whose manifest lists the tiles' plate and its STLs."""
    folder = Path(shutil.copytree(solid, tmp_path / "five"))
    manifest = read_manifest(folder)
    manifest["artifacts"] = [a for a in manifest["artifacts"] if a["path"].startswith("3d/tiles-plate-1")]
    write_manifest(folder, manifest)
    return folder


def edited(folder: Path, path: str, **fields) -> None:
    manifest = read_manifest(folder)
    entry = next(a for a in manifest["artifacts"] if a["path"] == path)
    entry.update(fields)
    write_manifest(folder, manifest)


PLATE = "3d/tiles-plate-1.3mf"


@pytest.mark.parametrize("field, value, said", [
    ("bed_mm", ["nan", "nan"], 'bed_mm is ["nan", "nan"], not two numbers'),
    ("bed_mm", [float("nan"), 256.0], "bed_mm is [NaN, 256.0], not two numbers"),
    ("filaments", {"body": "x"}, 'filaments.body is "x", not a mapping'),
    ("filaments", {"body": {"extruder": 1, "grams": "12"}}, 'filaments.body.grams is "12", not a number'),
    ("tile_mm", "20", 'tile_mm is "20", not a number'),
    ("tile_mm", None, "tile_mm is null, not a number"),
    ("plates", 1e9, "plates is 1000000000.0, not a whole number"),
    ("letters", ["inset"], 'letters is ["inset"], not a text'),
    ("kind", 3, "kind is 3, not a text"),
])
def test_a_figure_of_the_wrong_type_is_one_line_and_exit_2(plates, run, field, value, said):
    """Each was a fault of printkit (exit 3, a trace in a file) or passed."""
    edited(plates, PLATE, **{field: value})
    assert run("verify", plates) == (2, "", f"printkit verify: {plates / MANIFEST}: {PLATE}: {said}\n")


def test_a_figure_a_check_needs_is_missing_one_line_and_exit_2(plates, run):
    manifest = read_manifest(plates)
    del manifest["artifacts"][0]["thickness_mm"]
    write_manifest(plates, manifest)
    assert run("verify", plates) == (
        2, "", f"printkit verify: {plates / MANIFEST}: {PLATE}: thickness_mm is missing (a number)\n")


@pytest.mark.parametrize("field, value, said", [
    ("kind", "hologram", 'the manifest\'s kind is "hologram", not one printkit writes'),
    ("letters", "sideways", 'the manifest\'s letters is "sideways", not one printkit writes (inset, raised, '
                                  'pockets)'),
    ("item", "spaceship", 'the manifest\'s item is "spaceship", not one printkit writes (board, rack)'),
    ("tile_mm", -20, "the manifest's tile_mm is -20, not 1 to 1,000 mm"),
    ("bed_mm", [256.0, 1e300], "the manifest's bed_mm[1] is 1e+300, not 1 to 100,000 mm"),
])
def test_a_figure_out_of_what_printkit_writes_fails(plates, run, field, value, said):
    """Each passed verify (kind, letters, item) or was measured against (a tile of -20 mm)."""
    edited(plates, PLATE, **{field: value})
    code, out, err = run("verify", "-q", plates)
    assert (code, err) == (1, "")
    assert out.splitlines()[0] == f"FAIL {PLATE}: {said}: the file is not measured against it"


def test_a_plate_count_that_is_not_the_files_fails(plates, run):
    """plates: 1000000000 passed verify: a build lists the 3MF of each of its plates, and says one count."""
    stls = ("3d/tiles-plate-1-body.stl", "3d/tiles-plate-1-letters.stl")
    for count, first in ((1_000_000_000, f"FAIL {PLATE}: 1000000000 plates of tiles, but the manifest lists the 3MF "
                                         f"of plate 1: a build lists one a plate"),
                         (3, f"FAIL {PLATE}: 3 plates of tiles, but the manifest lists the 3MF of plate 1: a build "
                             f"lists one a plate")):
        for path in (PLATE, *stls):
            edited(plates, path, plates=count)
        code, out, _ = run("verify", "-q", plates)
        assert code == 1 and out.splitlines()[0] == first
    assert len(out.splitlines()) == 2  # 3 plates is a count printkit writes: the files are measured, and pass
    for path in (PLATE, *stls):
        edited(plates, path, plates=1)
    edited(plates, stls[0], plates=2)
    code, out, _ = run("verify", "-q", plates)
    assert (code, out.splitlines()[:-1]) == (1, [f"FAIL {PLATE}: the tiles' files say 1 and 2 plates: one build "
                                                 f"writes one count"])
    edited(plates, stls[0], plates=1, plate=3)
    code, out, _ = run("verify", "-q", plates)
    assert (code, out.splitlines()[:-1]) == (1, [f"FAIL {stls[0]}: plate 3 of 1"])


def test_the_manifests_own_figures(plates, run):
    manifest = read_manifest(plates)
    manifest["tiles"] = [1, 2]
    write_manifest(plates, manifest)
    assert run("verify", plates) == (2, "", f"printkit verify: {plates / MANIFEST}: tiles is [1, 2], not a mapping\n")
    manifest["tiles"] = {"letters": {"А": "2"}}
    write_manifest(plates, manifest)
    assert run("verify", plates) == (
        2, "", f'printkit verify: {plates / MANIFEST}: tiles.letters.А is "2", not a whole number\n')
    manifest["tiles"] = {"letters": {"А": -2}, "blanks": 1}
    write_manifest(plates, manifest)
    code, out, _ = run("verify", "-q", plates)
    assert code == 1 and out.splitlines()[0] == (
        "FAIL manifest.json: the manifest's tiles.letters.А is -2, not 0 to 10,000,000")


def test_lists_nested_too_deep_are_an_unreadable_manifest(tmp_path, run):
    """json's reader gives up on a 100 000 deep list with a RecursionError: it was a fault of printkit."""
    (tmp_path / MANIFEST).write_text('{"kit": "x", "artifacts": [], "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
                                     encoding="utf-8")
    assert run("verify", tmp_path) == (
        2, "", f"printkit verify: {tmp_path / MANIFEST} cannot be read: its lists and mappings are nested too deep\n")


def test_a_laser_profile_named_by_a_path_is_not_read(default_kit, tmp_path, run, monkeypatch):
    """The manifest names a profile; a path in its place (``/elsewhere/laser.yaml``) is not looked for
    outside the folder: the check says to give the profile with --laser."""
    import printkit.config.machine as machine

    folder = Path(shutil.copytree(default_kit, tmp_path / KIT))
    outside = tmp_path / "elsewhere" / "laser.yaml"
    outside.parent.mkdir()
    outside.write_text((Path(machine.machines_dir()) / "lightburn.yaml").read_text(encoding="utf-8"),
                       encoding="utf-8")
    manifest = read_manifest(folder)
    manifest["artifacts"] = [a for a in manifest["artifacts"] if a["path"] == "laser-coupon.svg"]
    manifest["artifacts"][0]["profile"] = str(outside)
    write_manifest(folder, manifest)
    asked = []
    real = machine.load_machine
    monkeypatch.setattr(machine, "load_machine", lambda ref, *rest: asked.append(ref) or real(ref, *rest))
    code, out, _ = run("verify", "-q", folder)
    assert asked == []
    assert code == 1 and out.splitlines()[0] == (f"FAIL laser-coupon.svg: the laser profile '{outside}' is not a "
                                                 f"shipped one: give it with --laser FILE")


def test_the_builds_memo_reads_no_device_a_manifest_lists(default_kit, tmp_path):
    """A build looks up its verification by every listed file's bytes: a path that leaves the folder
    (``/dev/zero``, read for ever) gives no key, and verify then says what is wrong with it."""
    folder = Path(shutil.copytree(default_kit, tmp_path / KIT))
    manifest = read_manifest(folder)
    manifest["artifacts"] = [{"path": "/dev/zero", "kind": "tiles", "format": "pdf", "bytes": 10, "sha256": "0"}]
    write_manifest(folder, manifest)
    code = ("from pathlib import Path\nfrom printkit.config import load_kit\nfrom printkit.verify.memo import key\n"
            f"print(key(Path({str(folder)!r}), load_kit({KIT!r})))")

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (GB, GB))

    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, preexec_fn=cap, timeout=60,
                       env=dict(os.environ, OPENBLAS_NUM_THREADS="1"))
    assert (p.returncode, p.stdout, p.stderr) == (0, "None\n", "")


def test_a_listed_file_that_became_a_link_or_grew_is_not_read_past_its_size(default_kit, tmp_path, run):
    """printkit writes no links: a link in a listed file's place (to a file outside the folder, or to /dev/zero,
    read for ever) fails unread; a file grown past anything a build writes (verify.READ_AT_MOST) is not read."""
    folder = Path(shutil.copytree(default_kit, tmp_path / KIT))
    outside = tmp_path / "outside.pdf"
    outside.write_bytes((folder / "tiles-A4.pdf").read_bytes())
    (folder / "tiles-A4.pdf").unlink()
    (folder / "tiles-A4.pdf").symlink_to(outside)
    (folder / "board.svg").unlink()
    (folder / "board.svg").symlink_to("/dev/zero")
    listed = next(a["bytes"] for a in read_manifest(folder)["artifacts"] if a["path"] == "calibration.pdf")
    with open(folder / "calibration.pdf", "ab") as f:
        f.truncate(listed + 3 * GB)  # sparse: 3 GB more, which verify must not read (a process held to 1 GB)
    code, out, err, _ = limited("verify", str(folder))
    fails = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert code == 1, err
    assert "FAIL tiles-A4.pdf: a link, where printkit wrote a file (changed after the build); not read" in fails
    assert "FAIL board.svg: a link, where printkit wrote a file (changed after the build); not read" in fails
    assert (f"FAIL calibration.pdf: {listed + 3 * GB} bytes, the manifest says {listed} (changed after the build); "
            f"not read" in fails), fails


def test_a_cut_reaching_far_off_the_bed_is_measured_at_once(default_kit, tmp_path):
    """A laser sheet edited to hold a cut 10^15 mm long: verify walked it pitch by pitch (found by the review of
    issue 31: killed at 4 min 47 s by the memory it took); now the cuts off the bed fail its check and the tiles
    are counted on the bed alone."""
    folder = Path(shutil.copytree(default_kit, tmp_path / KIT))
    svg = folder / "laser-tiles-1.svg"
    text = svg.read_text(encoding="utf-8")
    marker = 'inkscape:label="outer cut"><g>'
    assert marker in text
    svg.write_text(text.replace(marker, marker + '<path d="M5 14.2L1e15 14.2" fill="none" stroke="#ff0000" '
                                                 'stroke-width="0.01" />', 1), encoding="utf-8")
    code, out, err, seconds = limited("verify", str(folder))
    assert code == 1, err
    assert seconds < 60  # measured: 1.5 s
    assert any(line.startswith("FAIL laser-tiles-1.svg: 1 element outside the bed of ") for line in out.splitlines())


# -- every figure of every kind, changed -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def builds(shared, solid) -> list[Path]:
    """Folders with a file of each kind: the default kit, its crafts (a cutter's PNG too), its laser
    files as DXF and on a bed that splits the board, the five-tile kit's 3D files."""
    return [shared.build(KIT), shared.build(KIT, only=["racks", "box", "bag", "cutter", "stickers"]),
            shared.build(KIT, only=["cutter"], cutter="cricut"), shared.build(KIT, only=["laser"], laser="rdworks"),
            shared.build(KIT, only=["laser"], bed="300x300"), solid]


# Every kind of file printkit writes, in each of its formats (and a 3D file's items): kind.format.item
SAMPLES = ("tiles.pdf", "tiles.svg", "board.pdf", "board.svg", "board-assembly.pdf",
           "laser-tiles.svg", "laser-board.svg", "laser-board-plates.svg", "laser-coupon.svg",
           "laser-tiles.dxf", "laser-board.dxf", "laser-coupon.dxf",
           "burn-tiles.pdf", "burn-tiles-mirrored.pdf", "burn-board.pdf",
           "scoresheet.pdf", "tracking.pdf", "reference.pdf", "calibration.pdf", "print-all.pdf",
           "preview.png", "gallery.html", "racks.svg", "racks-paper.pdf", "box.svg", "box-paper.pdf",
           "bag.pdf", "bag-instructions.pdf", "cutter.pdf", "cutter.svg", "cutter.dxf", "cutter.png", "stickers.pdf",
           "3d.3mf", "3d.stl", "3d.3mf.rack", "3d.stl.rack", "3d.3mf.board", "3d.stl.board")


def _sample(builds: list[Path], sample: str, tmp_path: Path) -> tuple[Path, dict]:
    """A copy of the folder holding the first file of ``sample`` (kind, format, item), its manifest
    narrowed to that file and the one its checks read with it (a cut file's print); a 3MF plate
    or board piece is said to be the only one."""
    kind, fmt, *item = sample.split(".")
    for folder in builds:
        manifest = read_manifest(folder)
        entry = next((a for a in manifest["artifacts"] if (a["kind"], a["format"], a.get("item")) == (
            kind, fmt, item[0] if item else None) and a.get("sheet") != "instructions"), None)
        if entry is None:
            continue
        keep = [a for a in manifest["artifacts"] if a is entry or (
            kind == "cutter" and a["kind"] == "cutter" and a["format"] == "pdf" and a.get("sheet") != "instructions")]
        if kind == "3d" and fmt == "3mf":
            entry.update({"piece": 1, "pieces": 1} if "piece" in entry else {"plate": 1, "plates": 1})
        copy = Path(shutil.copytree(folder, tmp_path / folder.name))
        manifest["artifacts"] = keep
        write_manifest(copy, manifest)
        return copy, entry
    raise AssertionError(f"no {sample} in the builds")


def test_every_figure_a_build_writes_is_declared_for_its_kind(builds):
    """Each kind's figures are a record (printkit/figures.py): every figure of every kind of file a build
    writes is declared there with its type and range, and is of that type and in that range; none is
    stated by a sheet and read by nobody's declaration."""
    from printkit.figures import COMMON, KINDS, artifact_problems
    from printkit.manifest import NAMES

    undeclared, wrong = set(), []
    for folder in builds:
        for a in read_manifest(folder)["artifacts"]:
            known = KINDS[(a["kind"], a.get("item"))]
            undeclared |= {(a["kind"], key) for key in a
                           if key not in NAMES and key not in COMMON and key not in known.fields and key != "item"}
            wrong += [f"{a['path']}: {at} {text}" for _, at, text in artifact_problems(a)]
    assert not undeclared, "undeclared: " + ", ".join(f"{k}.{f}" for k, f in sorted(undeclared))
    assert not wrong, wrong


# other types, NaN and infinity, past any range, below any, a step below nothing
HOSTILE = ["x", None, True, [], {"a": {"b": None}}, [["x"]], float("nan"), float("inf"), -1e308, 10 ** 30, -1]


@pytest.mark.parametrize("sample", SAMPLES)
def test_every_figure_of_every_kind_changed_is_exit_1_or_2_never_a_fault(builds, sample, tmp_path, capsys):
    """Each figure verify reads, changed to another type, NaN, infinity, -1e308, 10^30 or -1, or removed,
    one at a time; the others, which it does not read, all at once (with an extra one): verify says one
    line and exits 2 (naming the field), or fails a check (exit 1), or passes; never a fault (exit 3),
    and nothing but its lines. The file's figures as built pass."""
    from printkit.cli import main
    from printkit.figures import COMMON, KINDS

    folder, entry = _sample(builds, sample, tmp_path)
    rel = entry["path"]
    original = read_manifest(folder)
    declared = set(COMMON) | set(KINDS[(entry["kind"], entry.get("item"))].fields) | {"kind", "item"}

    def verify_with(change) -> tuple[int, str, str]:
        manifest = json.loads(json.dumps(original))
        change(next(a for a in manifest["artifacts"] if a["path"] == rel), manifest)
        write_manifest(folder, manifest)
        code = main(["verify", "-q", str(folder)])
        out, err = capsys.readouterr()
        return code, out, err

    assert verify_with(lambda a, m: None)[0] == 0, sample
    faults = []

    def expect(code: int, out: str, err: str, what: str, where: str, field: str = "") -> None:
        """``where``: the start of a line of exit 2 (the file); ``field``: a name it must give."""
        lines = out.splitlines()
        if code == 2:
            good = (out == "" and err.count("\n") == 1 and field in err
                    and err.startswith(f"printkit verify: {folder / MANIFEST}: {where}"))
        else:
            good = code in (0, 1) and err == "" and lines[-1].startswith("verify ") and all(
                line.startswith(("FAIL ", "note ")) for line in lines[:-1])
        if not good:
            faults.append(f"{what}: exit {code}: {(err or out)[:300]}")

    fields = [k for k in entry if k not in ("path", "format")]
    for key in (k for k in fields if k in declared):
        named = "" if key in ("kind", "item") else key  # another kind's figures may be what is wrong
        for value in HOSTILE:
            expect(*verify_with(lambda a, m: a.__setitem__(key, value)), f"{key} = {value!r}", f"{rel}: ", named)
        expect(*verify_with(lambda a, m: a.pop(key)), f"no {key}", f"{rel}: ", named)
    unread = [k for k in fields if k not in declared] + ["zz_extra"]
    for value in ("x", None, [["x"]], {"a": {"b": None}}, float("nan"), 10 ** 30):
        expect(*verify_with(lambda a, m: a.update({k: value for k in unread})), f"{', '.join(unread)} = {value!r}",
               "")
    for key in ("tiles", "board", "scale"):
        for value in ("x", [1], {"letters": "x", "rows": "x", "cell_mm": float("nan")}, float("nan")):
            expect(*verify_with(lambda a, m: m.__setitem__(key, value)), f"the manifest's {key} = {value!r}", key)
    assert faults == [], "\n".join(faults[:20])
