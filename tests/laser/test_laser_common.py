"""The layer every laser sheet stands on: operations in the profile's look, job order, job figures."""

from __future__ import annotations

import pytest

from printkit.config import load_kit
from printkit.geometry import Line, Rect, Role
from printkit.sheets.laser.common import Bed, layer_names, layers, measure, styled


def test_layers_follow_the_profiles_job_order_with_inner_cuts_first():
    m = load_kit("krestoslovitsa").laser.machine
    assert layer_names(m) == ("engrave", "score", "inner cuts", "outer cut")
    got = layers(m, {"outer cut": [Rect(0, 0, 10, 10, role=Role.PRINT)], "engrave": [Rect(1, 1, 2, 2, role=Role.PRINT)],
                     "inner cuts": [Line(0, 5, 10, 5, role=Role.PRINT)], "score": []})
    assert [layer.name for layer in got] == ["engrave", "inner cuts", "outer cut"]  # empty layers left out
    engrave, inner, outer = got
    assert engrave.items[0].fill == "#000000" and engrave.items[0].stroke is None
    assert engrave.items[0].role is Role.ENGRAVE
    # the inner cuts in LightBurn's palette colour C03, an operation (a layer) of their own
    assert (inner.items[0].stroke, inner.items[0].stroke_mm, inner.items[0].role) == ("#00e000", 0.01, Role.CUT)
    assert (outer.items[0].fill, outer.items[0].stroke) == (None, "#ff0000")


def test_epilog_cuts_are_hairlines():
    m = load_kit("krestoslovitsa", laser="epilog-trotec").laser.machine
    assert styled(Line(0, 0, 1, 0, role=Role.PRINT), "cut", m).stroke_mm == 0.01


def test_the_figures_of_a_job():
    m = load_kit("krestoslovitsa", laser="k40-whisperer").laser.machine  # cut 5 mm/s, travel 250 mm/s
    job = measure(m, layers(m, {"inner cuts": [Line(10, 0, 10, 20, role=Role.CUT)],
                                "outer cut": [Rect(0, 0, 20, 20, role=Role.CUT)]}))
    assert job.cut_mm == pytest.approx(20 + 80)
    assert job.travel_mm == pytest.approx(10 + (20 ** 2 + 10 ** 2) ** 0.5)  # origin → (10, 0); (10, 20) → (0, 0)
    assert job.seconds == pytest.approx(100 / 5 + job.travel_mm / 250)


def test_the_bed_is_an_area():
    bed = Bed.of(load_kit("krestoslovitsa", bed="325x220"))
    assert (bed.area, bed.name) == ((5.0, 5.0, 315.0, 210.0), "325x220")
