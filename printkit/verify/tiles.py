"""Tiles and cells counted by their size: on the PDF tile and board pages (and an SVG tile sheet),
as many as the set and its spares, a back behind each where the sheets have backs; the letters and
values printed on the tiles; the spares the kit asks for."""

from __future__ import annotations

from .context import Context
from .measure import TOL, Square, Want, close, count_line, plural, sized
from .pdfcontent import PdfPage
from .report import Report

BLEED_MM = 1.5  # the most a tile back may reach past its tile on each side (printed backs of tiles cut apart)


def with_backs(ctx: Context, a: dict) -> bool:
    """Whether the tile sheets of this artifact's paper have a page of backs after each page of fronts."""
    for b in [a] + ctx.manifest["artifacts"]:
        if b.get("kind") == "tiles" and b.get("paper") == a.get("paper") and "backs" in b:
            return b["backs"] not in ("none", None)
    return False


def tile_count(squares: list[Square], want: Want, back: bool) -> tuple[list[Square], list[Square], Want]:
    """The tiles on a page, those nearly of their size, and the size counted. On a page of backs,
    the backs may reach up to BLEED_MM past the tile on each side: the commonest size from the
    tile's to the tile's + 2 BLEED_MM counts there."""
    if back:
        kx, ky = want.w / want.side, want.h / want.side
        sizes: dict[float, int] = {}
        for s in squares:
            nominal = s.w / kx
            if close(nominal, s.h / ky) and want.side - TOL <= nominal <= want.side + 2 * BLEED_MM + TOL:
                sizes[round(nominal, 2)] = sizes.get(round(nominal, 2), 0) + 1
        if sizes:
            want = want.scaled(max(sizes, key=lambda k: (sizes[k], -k)))
    exact, near = sized(squares, want)
    return exact, near, want


def check_tile_pages(report: Report, ctx: Context, a: dict, pages: list[PdfPage], letters: bool) -> None:
    """Tiles of the size, as many as the set and its spares (and a back behind each); their letters."""
    rel = a["path"]
    want, tiles, spares = Want.of(a, "tile_mm"), a.get("tiles"), a.get("spares", 0)
    if want is None or not isinstance(tiles, int) or not isinstance(spares, int):
        report.fail(rel, "the manifest gives no tile_mm, tiles or spares: the tiles cannot be counted")
        return
    backs = with_backs(ctx, a) and a.get("kind") == "tiles"
    found: list[tuple[PdfPage, Square]] = []  # the tiles: those of the size, and those nearly so
    wrong: list[Square] = []
    for n, page in enumerate(pages):
        if backs and n % 2:
            exact, near, back = tile_count(page.squares, want, True)
            front = len(sized(pages[n - 1].squares, want)[0])
            good, text = count_line("tile back", len(exact), back, front, near, f" on page {n + 1}")
            if not good:
                report.fail(rel, text + " (one behind each tile of the page before)")
            continue
        exact, near = sized(page.squares, want)
        found += [(page, s) for s in exact + near]
        wrong += near
    good, text = count_line("tile", len(found) - len(wrong), want, tiles + spares, wrong)
    report.expect(good, rel, text + of_which(tiles, spares) + (", a back behind each" if backs else ""), text)
    if letters:
        _check_letters(report, ctx, a, found)


def of_which(tiles: int, spares: int) -> str:
    return f" ({tiles} + {plural(spares, 'spare')})" if spares else ""


def _faces(page: PdfPage, square: Square) -> tuple[str | None, str]:
    """(letter, value) printed on a tile: the largest run inside it, and the others left to right."""
    inside = [r for r in page.runs if square.contains(r.x, r.y)]
    if not inside:
        return None, ""
    letter = max(inside, key=lambda r: r.size)
    rest = sorted((r for r in inside if r is not letter), key=lambda r: r.x)
    return letter.text.strip(), "".join(r.text for r in rest).strip()


def _check_letters(report: Report, ctx: Context, a: dict, tiles: list[tuple[PdfPage, Square]]) -> None:
    """Each letter of the set on as many tiles as the set has, each with its value; the spares on top."""
    rel = a["path"]
    kit = ctx.kit
    if kit is not None:
        letters = {t.face: t.count for t in kit.distribution.tiles}
        values = {t.face: t.value for t in kit.distribution.tiles}
        blanks = kit.distribution.blanks
    else:
        info = ctx.manifest.get("tiles") or {}
        letters, values, blanks = info.get("letters"), info.get("values") or {}, info.get("blanks")
        if not isinstance(letters, dict) or not isinstance(blanks, int):
            report.fail(rel, "neither a kit nor the manifest's tiles give the letters to compare with")
            return
    counts: dict[str | None, int] = {}
    bad_values: dict[str, set[str]] = {}
    for page, square in tiles:
        face, value = _faces(page, square)
        counts[face] = counts.get(face, 0) + 1
        if face is not None and face in values and value != str(values[face]):
            bad_values.setdefault(face, set()).add(value or "none")
    expected = {**letters, None: blanks}
    extra = {f: counts.get(f, 0) - n for f, n in expected.items() if counts.get(f, 0) != n}
    strangers = sorted(f for f in counts if f not in expected)
    problems = []
    short = [f"{face_text(f)} {counts.get(f, 0)} of {n}" for f, n in expected.items() if counts.get(f, 0) < n]
    if short:
        problems.append("too few: " + ", ".join(short))
    if strangers:
        problems.append("not in the set: " + ", ".join(f"{face_text(f)} ×{counts[f]}" for f in strangers))
    spares = {f: k for f, k in extra.items() if k > 0}
    n_spares = sum(spares.values())
    if n_spares != a.get("spares", 0):
        problems.append(f"{n_spares} more than the set, the manifest says {a.get('spares', 0)} spares")
    elif kit is not None and n_spares:
        want = spares_wanted(kit, letters)
        if want is not None and spares != want:
            problems.append("spares " + faces_text(spares) + ", the kit asks for " + faces_text(want))
        elif want is None and not commonest(spares, letters):
            problems.append(f"spares {faces_text(spares)} are not one each of the commonest letters of the set "
                            f"(the kit's spares: fill)")
    if bad_values:
        problems.append("wrong values: " + ", ".join(f"{face_text(f)} {'/'.join(sorted(v))} (not {values[f]})"
                                                      for f, v in sorted(bad_values.items())))
    if a.get("kind") == "tiles" and not problems:
        ctx.paper_spares = dict(spares)
    spare_text = f" + {plural(n_spares, 'spare')} ({faces_text(spares)})" if n_spares else ""
    report.expect(not problems, rel,
                  f"letters: each of the {len(letters)} letters as often as the set has it, "
                  f"{plural(blanks, 'blank')}{spare_text}; each with its value",
                  "letters: " + "; ".join(problems))


def spares_wanted(kit, letters: dict) -> dict | None:
    """The spares the kit asks for by letter (None for ``fill``: one each of the commonest)."""
    sp = kit.print.spares
    if sp.fill:
        return None
    want = {f: sp.count(f) for f in letters if sp.count(f)}
    if sp.blanks:
        want[None] = sp.blanks
    return want


def commonest(spares: dict, letters: dict) -> bool:
    """Whether ``spares`` are one each of letters no rarer in the set than any letter left out."""
    if None in spares or any(k != 1 for k in spares.values()):
        return False
    left_out = [n for f, n in letters.items() if f not in spares]
    return not left_out or min(letters[f] for f in spares) >= max(left_out)


def face_text(f: str | None) -> str:
    return "blank" if f is None else f


def faces_text(faces: dict) -> str:
    return " ".join(face_text(f) + (f"×{k}" if k != 1 else "") for f, k in sorted(faces.items(), key=lambda x: (
        x[0] is None, x[0] or "")))


def check_board_pages(report: Report, ctx: Context, a: dict, pages: list[PdfPage]) -> None:
    rel = a["path"]
    want, rows, cols = Want.of(a, "cell_mm"), a.get("rows"), a.get("cols")
    if want is None or not isinstance(rows, int) or not isinstance(cols, int):
        report.fail(rel, "the manifest gives no cell_mm, rows or cols: the cells cannot be counted")
        return
    for n, page in enumerate(pages, 1):
        exact, wrong = sized(page.squares, want)
        where = f" on page {n}" if len(pages) > 1 else ""
        good, text = count_line("cell", len(exact), want, rows * cols, wrong, where)
        if not good:
            report.fail(rel, text)
            return
    on = f" on each of {len(pages)} pages" if len(pages) > 1 else ""
    report.ok(rel, f"{rows * cols} cells of {want.text()} ({rows} × {cols}){on}")
