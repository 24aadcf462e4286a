"""What the checks of every file share: the folder, the manifest, the kit, its laser profiles."""

from __future__ import annotations

from pathlib import Path

from ..paths import cwd
from .manifest import MANIFEST
from .measure import pair


class Context:
    """What the checks of every file share: the folder, the manifest, the kit, laser profiles."""

    def __init__(self, folder: Path, manifest: dict, kit, laser: str | None):
        self.folder = folder
        self.manifest = manifest
        self.kit = kit
        self.laser = laser
        self._machines: dict[str, object] = {}
        self.paper_spares: dict | None = None  # the spares the paper tile sheets were read to hold
        self.laser_sets: list[tuple[str, dict, dict]] = []  # (file, set, spares) read on each laser tile sheet
        self.glyphs = None

    def paper_mm(self, artifact: dict) -> tuple[float, float] | None:
        """The paper of an artifact: its own paper_mm, else that of another file on the same paper."""
        own = pair(artifact.get("paper_mm"))
        if own or "paper" not in artifact:
            return own
        for a in self.manifest["artifacts"]:
            if a.get("paper") == artifact["paper"] and pair(a.get("paper_mm")):
                return pair(a["paper_mm"])
        from ..config.kit import parse_paper

        paper = parse_paper(str(artifact["paper"]))  # a paper by name: A4, Letter…
        return (paper.width_mm, paper.height_mm) if hasattr(paper, "width_mm") else None  # else why not

    def material(self, name: str):
        """The laser material named ``name``: the kit's, or a shipped one; a string saying why not."""
        kit_machine = self.kit.laser.machine if self.kit is not None and self.kit.laser is not None else None
        if kit_machine is not None and kit_machine.settings is not None and kit_machine.settings.name == name:
            return kit_machine.settings
        from ..config.material import SHELF, load_material
        from ..config.profiles import NAME
        from ..config.reader import Problems

        found = None
        if NAME.fullmatch(name) and not SHELF.is_file(name):
            found = load_material(name, cwd(), MANIFEST, Problems())
        return found or f"the laser material '{name}' is not a shipped one: build and verify with the kit"

    def machine(self, name: str):
        """The laser profile named ``name``: the kit's, a shipped one, or --laser; a string saying why not.
        The manifest names a profile, never a file: a name that is a path (``/etc/x.yaml``, ``../p.yaml``)
        is looked for in --laser alone, so that nothing outside the kit's folder is read for it."""
        if name in self._machines:
            return self._machines[name]
        found = None
        if self.kit is not None and self.kit.laser.machine.name == name:
            found = self.kit.laser.machine
        else:
            from ..config.machine import SHELF, load_machine
            from ..config.profiles import NAME
            from ..config.reader import Problems

            named = NAME.fullmatch(name) and not SHELF.is_file(name)
            for ref in ([self.laser] if self.laser else []) + ([name] if named else []):
                problems = Problems()
                m = load_machine(ref, cwd(), "--laser" if ref == self.laser else MANIFEST, problems)
                if m is not None and m.name == name:
                    found = m
                    break
        self._machines[name] = found or (f"the laser profile '{name}' is not a shipped one: give it with "
                                         f"--laser FILE")
        return self._machines[name]
