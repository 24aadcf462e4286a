"""Reading a built kit's gallery (index.html) back: its elements, where its links lead, a product's section."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from manifestread import manifest_of
from PIL import Image


class Page(HTMLParser):
    """The links, images, tags and text of an HTML page."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []
        self.srcs: list[str] = []
        self.tags: list[str] = []
        self.text: list[str] = []
        self.attrs: dict[str, list[dict]] = {}
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        self.attrs.setdefault(tag, []).append(a)
        if "href" in a:
            self.hrefs.append(a["href"])
        if "src" in a:
            self.srcs.append(a["src"])

    def handle_data(self, data):
        if data.strip():
            self.text.append(" ".join(data.split()))

    @property
    def words(self) -> str:
        return " ".join(self.text)


def resolves(folder: Path, link: str) -> bool:
    """A relative link to a file inside ``folder``."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc or parts.query or parts.fragment or link.startswith("/"):
        return False
    target = (folder / unquote(parts.path)).resolve()
    return target.is_file() and folder.resolve() in target.parents


def shown(folder: Path, product: str) -> tuple[dict[str, str], Page]:
    """Check that every file of ``product`` is linked and its first page shown at its preview's
    proportions; give the page's headings."""
    html = (folder / "index.html").read_text(encoding="utf-8")
    p = Page(html)
    m = manifest_of(folder)
    files = [a["path"] for a in m["artifacts"] if a.get("product") == product and a["kind"] not in ("preview",)]
    assert files and set(files) <= set(p.hrefs), (product, files)
    firsts = {a["path"]: a for a in m["artifacts"] if a["kind"] == "preview" and a["page"] == 1 and a["of"] in files}
    assert firsts and set(firsts) <= set(p.srcs), (product, sorted(firsts), p.srcs)
    for img in p.attrs["img"]:
        if img["src"] in firsts:
            assert img["alt"] == firsts[img["src"]]["of"]
            px = Image.open(folder / img["src"]).size
            w, h = int(img["width"]), int(img["height"])
            assert (w, h) == thumb(px), (img, px)
    assert [link for link in p.hrefs + p.srcs if not resolves(folder, link)] == []
    return headings(p, html), p


def thumb(px: tuple[int, int], side: int = 220) -> tuple[int, int]:
    """The size a thumbnail of a picture of ``px`` pixels is shown at: its longer side ``side``, the other in
    proportion, rounded to a pixel (a thin sheet's rounding is more than 1 % of its ratio)."""
    k = side / max(px)
    return max(1, round(px[0] * k)), max(1, round(px[1] * k))


def headings(p: Page, html: str) -> dict[str, str]:
    """Each product's heading: ``<h3 id="product-NAME">TEXT</h3>``."""
    out = {}
    for chunk in html.split('<h3 id="product-')[1:]:
        name, _, rest = chunk.partition('">')
        out[name] = rest.partition("</h3>")[0]
    assert [a["id"] for a in p.attrs.get("h3", [])] == [f"product-{n}" for n in out]
    return out
