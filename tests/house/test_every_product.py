"""Every registered product on every shipped kit built whole (tests/kits.py: the house's sets, the first nine
editions, two with multi-letter tiles), built once and verified: the products a build makes by default in the
kit's shared build (tests/conftest.py: the folders other tests read), the others (the 3D parts, the crafts) in
one more build of the kit. A product registered later is in this test with no edit here."""

from __future__ import annotations

import pytest
from kits import whole
from manifestread import manifest_of

from printkit.products import REGISTRY
from printkit.verify import verify

BY_DEFAULT = sorted(n for n, p in REGISTRY.items() if p.by_default)
ON_REQUEST = sorted(n for n, p in REGISTRY.items() if not p.by_default)


# What a shipped kit cannot make, and why: its build of that product is refused in one line (exit 2), tested below.
CANNOT = {("krestoslovitsa-mini", "stickers"): "9 mm tiles: printkit ships no label stock that small"}


@pytest.mark.parametrize("name", whole())
def test_every_product_of_every_kit_builds_and_verifies(shared, name):
    pytest.importorskip("manifold3d")  # the 3D parts' extra, in the test extra
    assert BY_DEFAULT and ON_REQUEST
    on_request = [p for p in ON_REQUEST if (name, p) not in CANNOT]
    for only, wanted in ((None, BY_DEFAULT), (on_request, on_request)):
        folder = shared.build(name, only=only)
        artifacts = manifest_of(folder)["artifacts"]
        made = {a["product"] for a in artifacts}
        assert set(wanted) <= made, f"{name}: no files of {sorted(set(wanted) - made)}"
        report = verify(folder)
        assert report.passed, [c.line() for c in report.failures]
        # each product's files measured, not only found with the bytes the manifest lists
        checked = {c.path for c in report.checks if c.status == "ok" and "sha256 as the manifest says" not in c.text}
        for product in wanted:
            files = {a["path"] for a in artifacts if a["product"] == product}
            assert files & checked, f"{name}: nothing of {product} was measured"


@pytest.mark.parametrize("name, product", sorted(CANNOT))
def test_what_a_kit_cannot_make_is_refused_in_one_line(run, tmp_path, name, product):
    code, out, err = run("build", name, "--only", product, "--out", tmp_path)
    assert code == 2 and len(err.strip().splitlines()) == 1 and not any(tmp_path.iterdir()), err
