"""The letters of a laser tile sheet. They are engraved outlines, not text: each is read by its shape,
its outline's moments (area, centroid, spread, correlation), perimeter and number of contours against
those of the kit's font's own glyphs, all of them measured relative to the box of the ink (so at any
size). The font is read with fontTools, not through printkit's drawing code. Summed over the sheets,
the set is there once and the spares apart."""

from __future__ import annotations

import math
from pathlib import Path

from ..report import exception_text
from .context import Context
from .laser import LaserBlock
from .measure import IDENTITY, INKSCAPE_NS, TOL, mm, mul, plural
from .report import Report
from .svgread import NOT_DRAWN, local_name, transform
from .tiles import commonest, face_text, faces_text, spares_wanted

GLYPH_TOL = 0.01  # an engraving is a glyph when no measure differs by more than this (rounding: ~0.001)


def _glyph_measures(replay) -> tuple[int, tuple[float, ...]] | None:
    """(contours, measures) of an outline drawn by ``replay(pen)``, y up; None if it has no area."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.perimeterPen import PerimeterPen
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.pens.statisticsPen import StatisticsPen

    rec = RecordingPen()
    replay(rec)
    bounds, stats, perimeter = BoundsPen(None), StatisticsPen(), PerimeterPen(None)
    for pen in (bounds, stats, perimeter):
        rec.replay(pen)
    if bounds.bounds is None:
        return None
    x0, y0, x1, y1 = bounds.bounds
    w, h = x1 - x0, y1 - y0
    if w <= 0 or h <= 0 or not stats.area:
        return None
    contours = sum(1 for op, _ in rec.value if op == "moveTo")
    whole = (w / h, abs(stats.area) / (w * h), (stats.meanX - x0) / w, (stats.meanY - y0) / h,
             stats.stddevX / w, stats.stddevY / h, stats.correlation, perimeter.value / (w + h) / 4)
    return contours, whole + _contour_areas(rec.value, x0, w, w * h * (1 if stats.area > 0 else -1))


def _contour_areas(ops, x0: float, w: float, whole: float) -> tuple[float, ...]:
    """Each contour's share of the ink's box (a counter's negative) and its own correlation of x and y, from
    left to right: what tells SZ from ZS, the same letters, whose whole outline's moments differ by less than
    the tolerance (an S and a Z differ in the sign of their correlation)."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.pens.statisticsPen import StatisticsPen

    chunks: list[list] = []
    for op, args in ops:
        if op == "moveTo":
            chunks.append([])
        if chunks:
            chunks[-1].append((op, args))
    shares = []
    for chunk in chunks:
        rec, stats, bounds = RecordingPen(), StatisticsPen(), BoundsPen(None)
        rec.value = chunk
        rec.replay(stats)
        rec.replay(bounds)
        if bounds.bounds is not None:
            shares.append((round((bounds.bounds[0] - x0) / w, 2), stats.area / whole, stats.correlation))
    return tuple(m for _, *both in sorted(shares) for m in both)


class _Glyphs:
    """The measures of every text the kit's tiles engrave (letters and values) in its letters' font."""

    def __init__(self, kit):
        from fontTools.pens.recordingPen import DecomposingRecordingPen
        from fontTools.pens.transformPen import TransformPen
        from fontTools.ttLib import TTFont

        from ..fonts import letters_font

        path = Path(letters_font(kit))
        font = TTFont(str(path), lazy=True)
        glyphs, cmap, hmtx = font.getGlyphSet(), font.getBestCmap(), font["hmtx"]
        self.letters = {t.face: t.value for t in kit.distribution.tiles}
        texts = sorted(set(self.letters) | {str(v) for v in self.letters.values()})

        def run(text: str):
            def replay(pen) -> None:
                rec = DecomposingRecordingPen(glyphs)
                x = 0
                for ch in text:
                    name = cmap.get(ord(ch))
                    if name is None:
                        continue
                    glyphs[name].draw(TransformPen(rec, (1, 0, 0, 1, x, 0)))
                    x += hmtx[name][0]
                rec.replay(pen)
            return _glyph_measures(replay)

        self.known = {t: m for t in texts if (m := run(t)) is not None}
        self.alike = next(((a, b) for a in self.known for b in self.known if a < b and
                           self._distance(self.known[a], self.known[b]) <= 2 * GLYPH_TOL), None)

    @staticmethod
    def _distance(m, n) -> float:
        return math.inf if m[0] != n[0] else max(abs(p - q) for p, q in zip(m[1], n[1]))

    def read(self, measures) -> str | None:
        """The text whose glyphs an engraving's outline is, or None."""
        if measures is None:
            return None
        best = min(self.known, key=lambda t: self._distance(self.known[t], measures), default=None)
        return best if best is not None and self._distance(self.known[best], measures) <= GLYPH_TOL else None


def _engraved_paths(root) -> list[tuple[str, tuple]]:
    """(path data, matrix) of every <path> in the engrave layer, with the transforms above it."""
    out: list[tuple[str, tuple]] = []

    def visit(el, m, layer: str | None) -> None:
        tag = local_name(el.tag)
        if tag in NOT_DRAWN:
            return
        m = mul(transform(el.get("transform")), m)
        if tag == "g" and el.get(INKSCAPE_NS + "groupmode") == "layer":
            layer = el.get(INKSCAPE_NS + "label") or el.get("id")
        if tag == "path" and layer == "engrave" and el.get("d"):
            out.append((el.get("d"), m))
        for child in el:
            visit(child, m, layer)

    for child in root:
        visit(child, IDENTITY, None)
    return out


def _counted(faces: list[str | None]) -> dict:
    out: dict = {}
    for f in faces:
        out[f] = out.get(f, 0) + 1
    return out


def _as_faces(entry) -> dict | None:
    """A manifest's {"letters": {…}, "blanks": n} as {face or None: count}."""
    if not isinstance(entry, dict) or not isinstance(entry.get("letters"), dict):
        return None
    out = {f: n for f, n in entry["letters"].items() if n}
    if entry.get("blanks"):
        out[None] = entry["blanks"]
    return out


def _differs(read: dict, want: dict) -> str:
    """How the faces read differ from those wanted: too few, too many."""
    few = [f"{face_text(f)} {read.get(f, 0)} of {n}" for f, n in sorted(want.items(), key=_face_order)
           if read.get(f, 0) < n]
    many = [f"{face_text(f)} {n} of {want.get(f, 0)}" for f, n in sorted(read.items(), key=_face_order)
            if n > want.get(f, 0)]
    return "; ".join(x for x in (few and "too few: " + ", ".join(few), many and "too many: " + ", ".join(many)) if x)


def _face_order(item) -> tuple:
    return item[0] is None, item[0] or ""


def _kit_glyphs(report: Report, ctx: Context, rel: str):
    """The kit's letters as outlines to read engraved marks by (kept in ctx for the next sheet), or None with
    a note saying why the letters are not read."""
    if ctx.kit is None:
        report.note(rel, "letters: no kit to take the letters' font from, so the engraved letters are not read")
        return None
    try:
        if ctx.glyphs is None:
            ctx.glyphs = _Glyphs(ctx.kit)
    except Exception as exc:  # noqa: BLE001 - a font fontTools cannot read: the letters are not checked
        report.note(rel, f"letters: the kit's font cannot be read ({exception_text(exc, 119)}), so the engraved "
                         "letters are not read")
        return None
    if ctx.glyphs.alike:
        report.note(rel, f"letters: {ctx.glyphs.alike[0]} and {ctx.glyphs.alike[1]} are too alike in the kit's font "
                         f"to tell apart by their outlines: not read")
        return None
    return ctx.glyphs


def _engraved_marks(root) -> list[tuple[tuple[float, float, float, float], object]]:
    """Each engraved path of a laser sheet as (its bounds on the bed, a function drawing it y up into a pen)."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.svgLib.path import parse_path

    engraved: list[tuple[tuple[float, float, float, float], object]] = []
    for d, m in _engraved_paths(root):
        drawn = RecordingPen()  # the path data parsed once, drawn from the recording for each measure

        def on_bed(pen, drawn=drawn, m=m):
            drawn.replay(TransformPen(pen, m))

        bounds = BoundsPen(None)
        try:
            parse_path(d, drawn)
            on_bed(bounds)
        except Exception:  # noqa: BLE001 - path data fontTools cannot read: not a letter
            continue
        if bounds.bounds is None:
            continue

        def y_up(pen, on_bed=on_bed):
            return on_bed(TransformPen(pen, (1, 0, 0, -1, 0, 0)))

        engraved.append((bounds.bounds, y_up))
    return engraved


def _read_faces(blocks: list[LaserBlock], in_tile: dict, glyphs) -> tuple[list[list[str | None]], dict, int]:
    """Each block's tiles read: (the faces a block, None for a tile with no mark and "?" for one that reads
    as no letter of the set; the values wrong by letter; how many tiles were unread)."""
    values, bad_values, unread = glyphs.letters, {}, 0
    faces_of: list[list[str | None]] = []
    for i, b in enumerate(blocks):
        faces: list[str | None] = []
        for t in b.tiles:
            marks = in_tile.get((i, t), [])
            if not marks:
                faces.append(None)
                continue
            # each mark read; the letter is the one that reads as a face of the set (the tallest of those;
            # an apostrophe is smaller than its value), the value the rest, left to right
            read = [(glyphs.read(_glyph_measures(e[1])), e[0]) for e in marks]
            named = sorted((r for r in read if r[0] in values), key=lambda r: -(r[1][3] - r[1][1]))
            letter = named[0][0] if named else None
            rest = sorted((r for r in read if not named or r is not named[0]), key=lambda r: r[1][0])
            value = "".join(v or "?" for v, _ in rest)
            if letter not in values:
                unread += 1
                faces.append("?")
                continue
            faces.append(letter)
            if value != str(values[letter]):
                bad_values.setdefault(letter, set()).add(value or "none")
        faces_of.append(faces)
    return faces_of, bad_values, unread


def check_laser_letters(report: Report, ctx: Context, a: dict, root, blocks: list[LaserBlock]) -> None:
    """The letters a laser tile sheet engraves, read by their shapes: in the set's block the set's
    tiles of this sheet, each with its value; the spares in a block of their own, apart from the set
    with an engraved label between (bagged with the set, unmarked spares make a wrong set), as
    the manifest says for this sheet. What is read is summed over the sheets at the end."""
    rel = a["path"]
    glyphs = _kit_glyphs(report, ctx, rel)
    if glyphs is None:
        return
    in_tile: dict[tuple[int, tuple[float, float]], list] = {}
    loose = []  # engraved outside every tile: a label
    for box, draw in _engraved_marks(root):
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        where = next(((i, t) for i, b in enumerate(blocks) if (t := b.holds(cx, cy)) is not None), None)
        if where is None:
            loose.append(box)
        else:
            in_tile.setdefault(where, []).append((box, draw))
    values = glyphs.letters
    faces_of, bad_values, unread = _read_faces(blocks, in_tile, glyphs)
    want_set, want_spares = _as_faces(a.get("set_tiles")), _as_faces(a.get("spare_tiles"))
    tiles, spares = a.get("tiles", 0), a.get("spares", 0)
    problems = []
    if unread:
        problems.append(f"{plural(unread, 'tile')} engraved with what is no letter of the set")
    if bad_values:
        problems.append("wrong values: " + ", ".join(f"{face_text(f)} {'/'.join(sorted(v))} (not {values[f]})"
                                                      for f, v in sorted(bad_values.items())))
    set_faces: dict = {}
    spare_faces: dict = {}
    if tiles and spares:
        # the set's block first (the top one), the spares' blocks below it with a label between
        if len(blocks) < 2:
            read = _counted([f for fs in faces_of for f in fs])
            base = want_set
            if base is None and a.get("sheets") == 1:  # a manifest that does not say: the whole set is here
                base = {f: n for f, n in values_count(ctx.kit).items()}
            extra = {f: n - (base or {}).get(f, 0) for f, n in read.items() if n > (base or {}).get(f, 0)}
            problems.append(f"{sum(len(b.tiles) for b in blocks)} tiles cut as one block: the {spares} spares "
                            f"({faces_text(extra) if base is not None else 'not told apart'}) are mixed into the "
                            f"set of {tiles}, with no block of their own and no label (bagged, it is a wrong set)")
            set_faces = read  # all of it, as one would bag it
        else:
            set_faces = _counted(faces_of[0])
            spare_faces = _counted([f for fs in faces_of[1:] for f in fs])
            gap = (blocks[0].bottom, min(b.top for b in blocks[1:]))
            labelled = any(box[1] >= gap[0] - TOL and box[3] <= gap[1] + TOL for box in loose)
            if not labelled:
                problems.append(f"no engraved label between the set and its {spares} spares (between "
                                f"{mm(gap[0])} and {mm(gap[1])} mm down the bed)")
    elif spares:
        spare_faces = _counted([f for fs in faces_of for f in fs])
    else:
        set_faces = _counted([f for fs in faces_of for f in fs])
    if set_faces or spare_faces:
        if want_set is not None and set_faces != want_set:
            problems.append("the set's block: " + _differs(set_faces, want_set))
        if want_spares is not None and spare_faces != want_spares:
            problems.append("the spares: " + _differs(spare_faces, want_spares))
        ctx.laser_sets.append((rel, set_faces, spare_faces))
    n_set = sum(set_faces.values())
    spare_text = f"{plural(sum(spare_faces.values()), 'spare')} ({faces_text(spare_faces)})"
    if not n_set:
        text = f"letters: {spare_text} on a sheet of their own"
    else:
        text = f"letters: the set's {n_set} tiles in a block of their own"
        if spare_faces:
            text += f"; {spare_text} apart, below a label"
    report.expect(not problems, rel, text + ", as the manifest says; each with its value",
                  "letters: " + "; ".join(problems))


def values_count(kit) -> dict:
    """The kit's set as {face or None: count}."""
    out = {t.face: t.count for t in kit.distribution.tiles}
    if kit.distribution.blanks:
        out[None] = kit.distribution.blanks
    return out


def check_laser_sets(report: Report, ctx: Context) -> None:
    """Over every laser tile sheet (SVG): the set's blocks hold the kit's set, once; the spares are
    the paper sheets' spares (one declaration), or those and more with ``laser.fill_bed``."""
    if not ctx.laser_sets or ctx.kit is None:
        return
    kit = ctx.kit
    whole: dict = {}
    spares: dict = {}
    for _, set_faces, spare_faces in ctx.laser_sets:
        for f, n in set_faces.items():
            whole[f] = whole.get(f, 0) + n
        for f, n in spare_faces.items():
            spares[f] = spares.get(f, 0) + n
    want = values_count(kit)
    files = sorted({rel for rel, _, _ in ctx.laser_sets})
    where = files[0] if len(files) == 1 else f"{files[0]} … {files[-1]}"
    problems = []
    if whole != want:
        problems.append("the set: " + _differs(whole, want))
    fill = kit.laser is not None and kit.laser.fill_bed
    paper = ctx.paper_spares if ctx.manifest.get("scale", [1.0, 1.0]) == [1.0, 1.0] else None  # a compensated
    # paper sheet may have room for a spare less: the laser's are those of the paper at 100 %
    if paper is not None:
        short = {f: n for f, n in paper.items() if spares.get(f, 0) < n}
        if (spares != paper and not fill) or short:
            problems.append(f"spares {faces_text(spares) or 'none'}, the paper sheets' are "
                            f"{faces_text(paper) or 'none'}"
                            f"{' (and laser.fill_bed adds only more)' if fill else ''}")
    elif not fill:
        asked = spares_wanted(kit, {t.face: t.count for t in kit.distribution.tiles})
        if asked is not None and spares != asked:
            problems.append(f"spares {faces_text(spares) or 'none'}, the kit asks for {faces_text(asked) or 'none'}")
        elif asked is None and spares and not commonest(spares, {t.face: t.count for t in kit.distribution.tiles}):
            problems.append(f"spares {faces_text(spares)} are not one each of the commonest letters (spares: fill)")
    spare_text = f" and {plural(sum(spares.values()), 'spare')} apart" if spares else ""
    report.expect(not problems, where, f"letters over {plural(len(files), 'laser tile sheet')}: the set of "
                                       f"{kit.distribution.total} once{spare_text}, as the paper sheets have them"
                  if paper is not None else f"letters over {plural(len(files), 'laser tile sheet')}: the set of "
                                            f"{kit.distribution.total} once{spare_text}",
                  "letters over the laser tile sheets: " + "; ".join(problems))
