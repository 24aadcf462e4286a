"""Build every shipped kit and list each file's sha256: the before-and-after record of a refactor.

    python tools/build_hashes.py record HASHES.json      # build all kits, write their files' hashes
    python tools/build_hashes.py compare HASHES.json     # build again, name every file that differs

Each kit is built by ``printkit build`` in a process of its own, into a fresh temporary folder, with
``SOURCE_DATE_EPOCH`` fixed and the hash seed varied, so that a difference is the code's and not the
clock's or the process's. ``--skip-previews`` leaves out the PNG previews (a change of renderer may
change their bytes while the pictures stay the same; say so where it does). Exit 1 when files differ.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def kits() -> list[str]:
    return sorted(p.stem for p in (ROOT / "configs" / "kits").glob("*.yaml"))


def build_all(skip_previews: bool) -> dict[str, str]:
    hashes: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="printkit-hashes-") as tmp:
        for n, kit in enumerate(kits()):
            env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", PYTHONHASHSEED=str(n + 1))
            out = Path(tmp) / "out"
            subprocess.run([sys.executable, "-m", "printkit", "build", kit, "--out", str(out)],
                           check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
            for path in sorted((out / kit).rglob("*")):
                if not path.is_file():
                    continue
                rel = path.relative_to(out).as_posix()
                if skip_previews and path.suffix == ".png":
                    continue
                hashes[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
            print(f"{kit}: built", file=sys.stderr)
    return hashes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["record", "compare"])
    parser.add_argument("file", type=Path)
    parser.add_argument("--skip-previews", action="store_true")
    args = parser.parse_args()
    now = build_all(args.skip_previews)
    if args.mode == "record":
        args.file.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"{len(now)} files recorded in {args.file}")
        return 0
    then = json.loads(args.file.read_text(encoding="utf-8"))
    if args.skip_previews:
        then = {k: v for k, v in then.items() if not k.endswith(".png")}
    differ = sorted(k for k in then.keys() & now.keys() if then[k] != now[k])
    gone, new = sorted(then.keys() - now.keys()), sorted(now.keys() - then.keys())
    for k in differ:
        print(f"differs: {k}")
    for k in gone:
        print(f"missing: {k}")
    for k in new:
        print(f"new:     {k}")
    same = len(then.keys() & now.keys()) - len(differ)
    print(f"{same} files the same, {len(differ)} differ, {len(gone)} missing, {len(new)} new")
    return 1 if differ or gone or new else 0


if __name__ == "__main__":
    sys.exit(main())
