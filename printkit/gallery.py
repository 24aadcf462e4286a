"""``index.html``: one page that shows a built kit, made from its manifest alone.

The kit's name and figures, a thumbnail of every file linking to it, what to print on which
paper and how (100 %, the 50 mm bar, duplex for backs), and the laser plan (sheets, bed, profile,
cut length, travel and time), in the kit's language. It works from the folder with no network and
no script: relative links only, the style inline, no external resource. Every text that comes
from the kit or the manifest is escaped, so a title such as ``<script>`` shows as text; every link
is percent-encoded. No date, no absolute path: the bytes follow from the manifest.
"""

from __future__ import annotations

import string
from html import escape
from urllib.parse import quote

from . import __version__
from .manifest import MANIFEST
from .model import Kit
from .products import REGISTRY
from .summary import Jobs, holds, is_job, sheet
from .text import TABLE, words

THUMB_PX = 220  # the longer side of a thumbnail on the page, CSS pixels

STYLE = """
:root { color-scheme: light; --ink: #1d1d1f; --muted: #5f6368; --line: #d7d7db; --card: #f6f6f8; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; font: 15px/1.45 system-ui, -apple-system, "Segoe UI",
       Roboto, "PT Sans", sans-serif; color: var(--ink); background: #fff; }
h1 { font-size: 28px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 28px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 16px; margin: 18px 0 8px; }
.made { color: var(--muted); margin: 0; }
dl.figures { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
dl.figures dt { color: var(--muted); }
dl.figures dd { margin: 0; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
td.nw { white-space: nowrap; }
ol.print-steps { padding-left: 24px; }
ol.print-steps > li { margin: 0 0 16px; }
p.step { font-weight: 600; margin: 0 0 4px; }
p.what { margin: 0 0 6px; }
ul.files { list-style: none; padding: 0; margin: 4px 0; }
ul.files > li { margin: 0 0 8px; padding: 6px 10px; background: var(--card); border: 1px solid var(--line);
                border-radius: 6px; }
p.file { margin: 0 0 2px; overflow-wrap: anywhere; }
span.what { color: var(--muted); }
span.what::before { content: "— "; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0 12px; margin: 0; font-size: 14px; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
.note { background: #fff8e1; border-left: 4px solid #f2b600; padding: 8px 12px; }
.cards { display: flex; flex-wrap: wrap; gap: 14px; }
figure { margin: 0; padding: 10px; background: var(--card); border: 1px solid var(--line); border-radius: 6px;
         width: 262px; }
figure .thumb { display: flex; align-items: center; justify-content: center; height: 224px; background: #fff;
                border: 1px solid var(--line); }
figure img { display: block; max-width: 100%; height: auto; }
figcaption { margin-top: 6px; font-size: 13px; overflow-wrap: anywhere; }
figcaption .figs { color: var(--muted); }
.pages a { margin-right: 6px; }
footer { margin-top: 32px; color: var(--muted); font-size: 13px; }
img { max-width: 100%; height: auto; }
h1, p, dd, li { overflow-wrap: anywhere; }
.wide { max-width: 100%; overflow-x: auto; }
figure { max-width: 100%; }
@media (max-width: 640px) {
  body { padding: 12px; font-size: 14px; }
  h1 { font-size: 22px; }
  ol.print-steps { padding-left: 20px; }
  .cards { justify-content: center; }
  table.jobs, table.jobs tbody, table.jobs tr, table.jobs td { display: block; width: auto; }
  table.jobs tr:first-child { display: none; }
  table.jobs tr { padding: 6px 0; border-bottom: 1px solid var(--line); }
  table.jobs td { border: 0; padding: 1px 0; text-align: left; }
  table.jobs td:empty { display: none; }
  table.jobs td + td::before { content: attr(data-label) ": "; color: var(--muted); }
}
"""


def _e(text) -> str:
    """Text from the kit or the manifest, safe between tags and inside quoted attributes."""
    return escape(str(text), quote=True)


def _href(path: str) -> str:
    """A relative link to a file of the kit's folder: each path segment percent-encoded (a '#' or
    '?' in a name stays part of it), then escaped for the attribute."""
    return _e(quote(path, safe="/"))


class Html(str):
    """A piece of HTML made here (a link), put into a sentence as it is."""


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _size(n: int) -> str:
    return f"{n / 1024:.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MB"


class _Page:
    def __init__(self, kit: Kit, manifest: dict):
        self.kit = kit
        self.m = manifest
        self.say = words(kit.language)
        artifacts = manifest["artifacts"]
        self.files = [a for a in artifacts if a["kind"] not in ("preview", "gallery")]
        self.previews: dict[str, dict[int, dict]] = {}
        for a in artifacts:
            if a["kind"] == "preview":
                self.previews.setdefault(a["of"], {})[a.get("page", 1)] = a

    def fill(self, key: str, **figures) -> str:
        """The sentence ``key`` as HTML: its words and the figures escaped, an :class:`Html` figure
        put in as it is."""
        entry = TABLE[key]
        template = entry.get(self.say.language) or entry["en"]
        out = []
        for literal, name, _, _ in string.Formatter().parse(template):
            out.append(_e(literal))
            if name:
                value = figures[name]
                out.append(value if isinstance(value, Html) else _e(value))
        return "".join(out)

    def duration(self, seconds: float) -> str:
        minutes = round(seconds / 60)
        if minutes < 120:
            return self.say("minutes", n=minutes)
        return self.say("hours", n=_num(round(minutes / 60, 1)))

    def pages(self, n: int) -> str:
        return self.say.counted("page_count", n)

    # -- parts of the page ---------------------------------------------------------------------

    def head(self) -> list[str]:
        title = self.m.get("title") or self.m["kit"]
        return ["<!DOCTYPE html>", f'<html lang="{_e(self.say.language)}">', "<head>", '<meta charset="utf-8">',
                '<meta name="viewport" content="width=device-width, initial-scale=1">',
                f"<title>{_e(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>", "<header>",
                f"<h1>{_e(title)}</h1>",
                f'<p class="made">{_e(self.say("gallery_made", name=self.m["kit"], version=__version__))}</p>',
                "</header>"]

    def figures(self) -> list[str]:
        say, t, b = self.say, self.m["tiles"], self.m["board"]
        rows = [(say("fig_tiles"), say("fig_tiles_value", total=t["total"], blanks=t["blanks"]))]
        if t.get("spares"):
            rows.append((say("fig_spares"), str(t["spares"])))
        rows.append((say("fig_letters"), f'{len(t["letters"])}: {" ".join(t["letters"])}'))
        rows.append((say("fig_tile_size"), say("mm", n=_num(t["tile_mm"]))))
        cell = b["cell_mm"]
        rows.append((say("fig_board"), say("fig_board_value", rows=b["rows"], cols=b["cols"], cell=_num(cell),
                                           width=_num(b["cols"] * cell), height=_num(b["rows"] * cell))))
        rules = self.kit.rules
        rows.append((say("fig_rules"), say("fig_rules_value", rules=rules.title, rack=rules.rack)))
        out = [f"<section id=\"set\"><h2>{_e(say('gallery_set'))}</h2>", '<dl class="figures">']
        out += [f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in rows]
        return out + ["</dl>", "</section>"]

    # the printing steps: (step, products whose PDFs it prints), in the order a maker prints them
    STEPS = (("step_calibration", ("calibration",)), ("step_tiles", ("tiles",)), ("step_board", ("board",)),
             ("step_play", ("play",)))

    def printing(self) -> list[str]:
        """What to print, as numbered steps in the order to print them: the calibration sheet measured
        first, then the tiles, the board, the play sheets, then any other product's PDFs; each file with
        its paper, its pages, how to print it and what it is; print-all as the one-file alternative."""
        say = self.say
        out = [f"<section id=\"print\"><h2>{_e(say('gallery_print'))}</h2>",
               f'<p class="note">{_e(say("gallery_print_note"))}</p>']
        kx, ky = self.m.get("scale", (1.0, 1.0))
        if (kx, ky) != (1.0, 1.0):
            text = self.fill("gallery_scale", across=f"{200 / kx:.2f}", down=f"{200 / ky:.2f}", kx=f"{kx:.4f}",
                             ky=f"{ky:.4f}")
            out.append(f"<p>{text}</p>")
        pdfs = [a for a in self.files if a["format"] == "pdf" and a["kind"] != "print-all"]
        steps, placed = [], set()
        for key, products in self.STEPS:
            files = sorted((a for a in pdfs if a["product"] in products), key=lambda a: a.get("paper") == "poster")
            if files:
                steps.append((say(key), files))
                placed.update(products)
        for product in dict.fromkeys(a["product"] for a in pdfs if a["product"] not in placed):
            key = REGISTRY[product].words if product in REGISTRY else ""
            steps.append((say("step_also", what=say(key) if key in TABLE else product),
                          [a for a in pdfs if a["product"] == product]))
        if steps:
            out.append('<ol class="print-steps">')
            for title, files in steps:
                out.append(f'<li><p class="step">{_e(title)}</p>')
                out += self.calibration_step(files)
                out += ['<ul class="files">', *(self.print_file(a) for a in files), "</ul></li>"]
            out.append("</ol>")
        for a in self.files:
            if a["kind"] == "print-all":
                link = Html(f'<a href="{_href(a["path"])}">{_e(a["path"])}</a>')
                text = self.fill("gallery_print_all", paper=a.get("paper", ""), file=link, pages=self.pages(a["pages"]))
                out += [f'<div class="print-all"><p class="step">{_e(say("gallery_print_or"))}</p>',
                        '<ul class="files">', self.print_file(a, Html(text)), "</ul></div>"]
        return out + ["</section>"]

    def calibration_step(self, files: list[dict]) -> list[str]:
        """What to measure on the calibration sheet and what to do with the numbers."""
        sheet = next((a for a in files if a["kind"] == "calibration"), None)
        if sheet is None:
            return []
        measure = sheet.get("measure") or {"across": 180.0, "down": 200.0}
        across, down = _num(measure["across"]), _num(measure["down"])
        return [f'<p class="what">{_e(self.say("step_calibration_what", across=across, down=down))}</p>']

    def print_file(self, a: dict, head: Html | None = None) -> str:
        """One PDF of a step: its link and what it is (or ``head``, a sentence that links it), its paper, its
        pages and how to print it."""
        say = self.say
        paper, how = self.paper_and_how(a)
        if head is None:
            key = "what_" + a["kind"].replace("-", "_")
            if a["kind"] == "board" and a.get("paper") == "poster" or a.get("sheet") == "instructions":
                key += "_poster" if a["kind"] == "board" else "_instructions"
            what = f' <span class="what">{_e(say(key))}</span>' if key in TABLE else ""
            head = Html(f'<a href="{_href(a["path"])}">{_e(a["path"])}</a>{what}')
        facts = [(say("col_paper"), paper), (say("col_pages"), a.get("pages", "")), (say("col_how"), how)]
        dl = "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in facts if v != "")
        return f'<li><p class="file">{head}</p><dl class="facts">{dl}</dl></li>'

    def paper_and_how(self, a: dict) -> tuple[str, str]:
        """A PDF's paper (its name and size; a print shop's page: the finished size) and how to print it."""
        say = self.say
        paper = a.get("paper_mm") or a.get("page_mm")
        size = f"{_num(paper[0])} × {_num(paper[1])}" if paper else ""
        trim = a.get("trim_mm")  # a page for a print shop: its finished size first
        sheet, size = size, (f"{_num(trim[0])} × {_num(trim[1])}" if trim else size)
        name = a.get("paper", "")
        paper_text = say("mm", n=size) if size else name
        if name and name != "poster" and size:
            paper_text = f"{name}, {paper_text}"
        duplex = [e["pages"] for e in a.get("contents", ()) if e.get("duplex")]
        if a.get("backs", "none") != "none":
            how = say("how_duplex")
        elif duplex:
            how = say("how_some_duplex", pages=", ".join(f"{f}–{t}" for f, t in duplex))
        elif trim and a.get("bleed_mm"):
            how = say("how_trimmed", size=size, bleed=_num(a["bleed_mm"]), sheet=sheet)
        elif name == "poster":
            how = say("how_large", size=size)
        else:
            how = say("how_simplex")
        return paper_text, how

    def laser(self) -> list[str]:
        say = self.say
        rows = [a for a in self.files if is_job(a)]
        if not rows:
            return []
        out = [f"<section id=\"laser\"><h2>{_e(say('gallery_laser'))}</h2>"]
        jobs = Jobs.of(rows)  # one a sheet: a profile may write each as SVG, DXF and a LightBurn project
        kerf = jobs.kerf_mm
        thickness = next((a["thickness_mm"] for a in rows if "thickness_mm" in a), self.kit.physical.thickness_mm)
        intro = say("gallery_laser_intro", profile=jobs.profile, bed=jobs.bed, thickness=_num(thickness),
                    kerf=_num(kerf) if kerf is not None else "—", cut=_num(jobs.cut_mm / 1000),
                    travel=_num(jobs.travel_mm / 1000), time=self.duration(jobs.time_s))
        out.append(f"<p>{_e(intro)}</p>")
        tiles = next((a for a in rows if a.get("kind") == "laser-tiles" and a.get("layers")), None)
        if tiles is not None:
            names = {"engrave": "layer_engrave", "score": "layer_score", "inner cuts": "layer_inner",
                     "outer cut": "layer_outer"}
            order = ", ".join(f"{say(names[n])} {c}" for n, c in tiles["layers"] if n in names)
            out.append(f"<p>{_e(say('gallery_laser_layers', layers=order))}</p>")
        material = next((a["material"] for a in rows if a.get("format") == "lbrn2" and a.get("material")), None)
        if material is not None:
            title = say("profile_title_" + material) if "profile_title_" + material in TABLE else material
            out.append(f"<p>{_e(say('gallery_laser_material', material=title))}</p>")
        keys = ("col_file", "col_bed", "col_tiles_spares", "col_cut", "col_travel", "col_time")
        labels = [_e(say(k)) for k in keys]
        out.append('<div class="wide"><table class="jobs"><tr>' + "".join(
            f'<th{"" if i < 2 else " class=n"}>{label}</th>' for i, label in enumerate(labels)) + "</tr>")
        for a in jobs.sheets:  # a row a sheet, its files together (its SVG, its LightBurn project, its DXF)
            counted = f'{a["tiles"]} + {a.get("spares", 0)}' if a.get("kind") == "laser-tiles" else ""
            files = " ".join(f'<a href="{_href(b["path"])}">{_e(b["path"])}</a>' for b in rows
                             if sheet(b) == sheet(a))
            cells = [Html(files), a["bed"], counted,
                     _num(a["cut_mm"] / 1000), _num(a.get("travel_mm", 0) / 1000), self.duration(a.get("time_s", 0))]
            # each cell carries its column's name: on a phone the rows become blocks, each value after its name
            out.append("<tr>" + "".join(
                f'<td{"" if i < 2 else " class=n"} data-label="{label}">'
                f'{cell if isinstance(cell, Html) else _e(cell)}</td>'
                for i, (label, cell) in enumerate(zip(labels, cells))) + "</tr>")
        return out + ["</table></div>", "</section>"]

    def cards(self) -> list[str]:
        say = self.say
        out = [f"<section id=\"files\"><h2>{_e(say('gallery_files'))}</h2>"]
        products: list[str] = []
        for a in self.files:
            if a["product"] not in products:
                products.append(a["product"])
        for product in products:
            key = REGISTRY[product].words if product in REGISTRY else ""
            heading = say(key) if key in TABLE else product
            out.append(f'<h3 id="product-{_e(product)}">{_e(heading)}</h3>')
            out += self.steps(product)
            out.append('<div class="cards">')
            for a in self.files:
                if a["product"] == product:
                    out += self.card(a)
            out.append("</div>")
        return out + ["</section>"]

    def steps(self, product: str) -> list[str]:
        """How the laser racks and the laser box are made, when their sheets are here: the coupon and the
        gauge first, the layers' order, then dry-fit and glue."""
        kinds = {a["kind"] for a in self.files if a["product"] == product}
        glue = [k for k, step in (("racks", "racks_glue_step"), ("box", "box_glue_step")) if k in kinds]
        if not glue:
            return []
        sheet = next(a for a in self.files if a["product"] == product and a["kind"] in glue)
        steps = [self.say("laser_fit_step", kerf=_num(sheet["kerf_mm"]), thickness=_num(sheet["thickness_mm"])),
                 self.say("laser_order_step"), *(self.say(dict(racks="racks_glue_step", box="box_glue_step")[k])
                                                 for k in glue)]
        return ['<ol class="steps">', *(f"<li>{_e(step)}</li>" for step in steps), "</ol>"]

    def card(self, a: dict) -> list[str]:
        shots = self.previews.get(a["path"]) or self.sheet_shots(a)
        out = ["<figure>"]
        first = shots.get(min(shots)) if shots else None
        if first is not None:
            w, h = first["px"]
            k = THUMB_PX / max(w, h)
            shown = first.get("of", a["path"])  # what the picture is of: a project's SVG, drawn from the same sheet
            out.append(f'<a class="thumb" href="{_href(a["path"])}"><img src="{_href(first["path"])}" '
                       f'width="{max(1, round(w * k))}" height="{max(1, round(h * k))}" alt="{_e(shown)}"></a>')
        figs = []
        if "pages" in a and a["format"] == "pdf":
            figs.append(self.pages(a["pages"]))
        if a.get("paper") and a["paper"] != "poster":
            figs.append(a["paper"])
        if holds(a) and all(k in a for k in ("tiles", "tile_mm", "thickness_mm")):  # what a box or a bag is sized for
            side = _num(a["tile_mm"])
            figs.append(self.say("gallery_holds", tiles=self.say.counted("tile_count", a["tiles"]),
                                 size=f"{side} × {side} × {_num(a['thickness_mm'])}"))
        figs.append(_size(a["bytes"]))
        out.append(f'<figcaption><a href="{_href(a["path"])}">{_e(a["path"])}</a> '
                   f'<span class="figs">{_e(", ".join(figs))}</span>')
        if len(shots) > 1:
            links = " ".join(f'<a href="{_href(shots[n]["path"])}">{n}</a>' for n in sorted(shots))
            out.append(f'<div class="pages">{_e(self.say("gallery_pages"))} {links}</div>')
        out.append("</figcaption></figure>")
        return out

    def sheet_shots(self, a: dict) -> dict[int, dict]:
        """The previews of another file of the same laser sheet (a LightBurn project's: its SVG's), none if none."""
        if not is_job(a):
            return {}
        return next((self.previews[b["path"]] for b in self.files
                     if b is not a and is_job(b) and sheet(b) == sheet(a) and b["path"] in self.previews), {})

    def foot(self) -> list[str]:
        text = self.fill("gallery_manifest", file=Html(f'<a href="{_href(MANIFEST)}">{MANIFEST}</a>'))
        return [f"<footer><p>{text}</p></footer>", "</body>", "</html>"]

    def html(self) -> str:
        parts = self.head() + self.figures() + self.printing() + self.laser() + self.cards() + self.foot()
        return "\n".join(parts) + "\n"


def gallery_html(kit: Kit, manifest: dict) -> str:
    """The gallery of a kit's folder, from the manifest the build is about to write (the gallery
    itself not listed in it)."""
    return _Page(kit, manifest).html()
