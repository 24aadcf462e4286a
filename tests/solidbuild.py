"""The five-tile kit the 3D tests build (tests/solid/, tests/verify/test_hostile_verify.py), and
reading its plates back: each part's mesh from a 3MF, one line of a command's message, a file rewritten."""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import numpy as np
import pytest

trimesh = pytest.importorskip("trimesh")


CORE = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"


TOL = 0.05  # mm: the tolerance for a mesh's nominal size


DIST = """
    name: five
    language: ru
    script: Cyrillic
    alphabet: А Ж Ё
    vowels: А Ё
    blanks: 1
    tiles:
      - [А, 2, 1]
      - [Ж, 1, 5]
      - [Ё, 1, 10]
"""


KIT = """
    extends: krestoslovitsa
    name: five
    distribution: d.yaml
    expect: {}
    print: {spares: 0}
"""


def five_built(shared, printer: str) -> Path:
    """The five-tile kit's ``--only 3d`` folder for ``printer``, built once for the whole run and verified
    (as ``printkit build`` does: every check passed); test_solid, test_solid_board and test_slicer read
    the same folder. Read it; copy it (``shutil.copytree``) to change it: the shared build is checked
    unchanged after each test."""
    kit = shared.root / "five-kit" / "k.yaml"
    if not kit.exists():
        kit.parent.mkdir(parents=True)
        (kit.parent / "d.yaml").write_text(textwrap.dedent(DIST).lstrip("\n"), encoding="utf-8")
        kit.write_text(textwrap.dedent(KIT).lstrip("\n"), encoding="utf-8")
    folder = shared.build(str(kit), only=["3d"], printer=printer)
    if folder not in _VERIFIED:
        from printkit.verify import verify

        report = verify(folder)
        assert report.passed, [c.line() for c in report.failures]
        _VERIFIED.add(folder)
    return folder


def plate_meshes(path: Path) -> list[dict]:
    """Each tile of a 3MF as a slicer reads it: its name, its placement, and its parts' meshes, each
    with its extruder: the mesh objects of its components (Bambu Studio's layout, extruders from
    model_settings.config) or the ranges of its one mesh (PrusaSlicer's, from Slic3r_PE_model.config);
    PrusaSlicer's extruders checked in both."""
    with zipfile.ZipFile(path) as z:
        model = ET.fromstring(z.read("3D/3dmodel.model"))
        prusa = ET.fromstring(z.read("Metadata/Slic3r_PE_model.config"))
        bambu = ET.fromstring(z.read("Metadata/model_settings.config"))
    objects = {o.get("id"): o for o in model.iter(f"{CORE}object")}
    config = {o.get("id"): o for o in prusa.iter("object")}
    bambu_parts = {o.get("id"): {p.get("id"): {m.get("key"): m.get("value") for m in p.iter("metadata")}
                                 for p in o.iter("part")} for o in bambu.iter("object")}
    out = []
    for item in model.iter(f"{CORE}item"):
        obj = objects[item.get("objectid")]
        components = [c.get("objectid") for c in obj.iter(f"{CORE}component")]
        parts = {}
        for mid in components or [obj.get("id")]:
            sub = objects[mid]
            v = np.array([[float(e.get(a)) for a in "xyz"] for e in sub.iter(f"{CORE}vertex")])
            t = np.array([[int(e.get(a)) for a in ("v1", "v2", "v3")] for e in sub.iter(f"{CORE}triangle")])
            for vol in config[mid].iter("volume"):
                meta = {m.get("key"): m.get("value") for m in vol.iter("metadata")}
                extruder = int(meta["extruder"])
                if components:
                    assert bambu_parts[obj.get("id")][mid] == {"name": meta["name"], "extruder": str(extruder)}
                tri = t[int(vol.get("firstid")):int(vol.get("lastid")) + 1]
                parts[meta["name"]] = (trimesh.Trimesh(v, tri), extruder)
        out.append({"name": obj.get("name"), "at": [float(x) for x in item.get("transform").split()][9:],
                    "parts": parts, "components": bool(components)})
    return out


def one_line(run, *args) -> str:
    code, out, err = run(*args)
    assert code == 2, out + err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err.strip()


def rewrite(path: Path, name: str, change) -> None:
    """Rewrite one entry of a 3MF (a zip) through ``change`` (text → text)."""
    with zipfile.ZipFile(path) as z:
        entries = [(i, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in entries:
            z.writestr(info, change(data.decode("utf-8")).encode("utf-8") if info.filename == name else data)


_VERIFIED: set[Path] = set()


def sliced_one_filament(prusa: str, model: Path, bed: str, tmp_path: Path) -> tuple[list, set, set, set]:
    """PrusaSlicer's command line on ``model`` (its parts where the 3MF puts them, a 0.4 mm nozzle, layers of 0.2 mm,
    on a bed ``bed`` as --bed-shape takes it), its G-code read layer by layer: (the colour changes, each its z and
    whether a line of that layer was printed before it; the z of every layer extruded before the first change;
    those after it; the tools selected)."""
    import re
    import subprocess

    gcode = tmp_path / "sliced.gcode"
    done = subprocess.run(
        [prusa, "--datadir", str(tmp_path / "prusa"), "--export-gcode", "--dont-arrange", "--bed-shape", bed,
         "--nozzle-diameter", "0.4", "--layer-height", "0.2", "--first-layer-height", "0.2", "--output", str(gcode),
         str(model)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    z, changes, below, above, tools = 0.0, [], set(), set(), set()
    extruded_on_layer = False
    for line in gcode.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith(";Z:"):
            z, extruded_on_layer = float(line[3:]), False
        elif line.startswith("M600"):
            changes.append((z, extruded_on_layer))
        elif re.fullmatch(r"T\d", line):
            tools.add(line)
        elif line.startswith("G1") and re.search(r" E[0-9.]+", line) and " X" in line:
            extruded_on_layer = True
            (below if not changes else above).add(round(z, 2))
    return changes, below, above, tools


def relisted_failures(folder: Path, path: str) -> list[str]:
    """verify's failures of a built kit's folder once the file at ``path`` (changed by hand) is listed again in its
    manifest with its new size and sha256: what verify says of the change itself, not of the checksum."""
    import hashlib
    import json

    from printkit.verify import verify

    target = folder / path
    m = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    for e in m["artifacts"]:
        if e["path"] == path:
            e["bytes"], e["sha256"] = target.stat().st_size, hashlib.sha256(target.read_bytes()).hexdigest()
    (folder / "manifest.json").write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    return [c.line() for c in verify(folder).failures]
