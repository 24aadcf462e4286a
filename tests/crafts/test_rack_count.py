"""One declaration of the set's racks (play.racks, issue 33): the laser racks, the card racks, the 3D racks and the
box that holds them count the same racks: one a player the kit names, else a boxed set's four (the 3D plates made
two, the score sheet's default players, while the laser, the card and the box made and held four)."""

from __future__ import annotations

import pytest

from printkit.config import load_kit
from printkit.products import plan

pytest.importorskip("manifold3d")


def counted(kit) -> dict[str, int]:
    docs = [d for _, d in plan(kit, ["racks", "box", "3d"])]
    out: dict[str, int] = {}
    for d in docs:
        f = d.figures
        if d.kind == "racks" and d.format == "svg":
            out["laser"] = f["players"]
        elif d.kind == "racks-paper":
            out["card"] = f["racks"]
        elif d.kind == "box" and d.format == "svg":
            out["box"] = f["racks"]
        elif d.kind == "3d" and f.get("item") == "rack" and d.format == "3mf":
            out["3d"] = out.get("3d", 0) + len(d.objects)
    return out


@pytest.mark.parametrize("players, racks", [(None, 4), ("3", 3), ("Аня,Боря", 2)])
def test_every_product_makes_and_holds_the_same_racks(write, players, racks):
    text = "extends: krestoslovitsa\nprint3d: {parts: [racks]}\n"
    if players is not None:
        text += f"play: {{players: [{players}]}}\n" if "," in players else f"play: {{players: {players}}}\n"
    kit = load_kit(str(write("k.yaml", text)))
    assert kit.play.racks == racks
    assert counted(kit) == {"laser": racks, "card": racks, "box": racks, "3d": racks}
