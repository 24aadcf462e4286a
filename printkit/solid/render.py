"""A picture of a plate rendered from its meshes: an orthographic view of the tiles' faces (from
under the bed, turned so the letters read as on the sheets, or from above when they are raised),
tilted to show the chamfers and the edges, each triangle shaded by its angle to a light, hidden
surfaces removed with a z-buffer.
numpy and Pillow only: no OpenGL, so it runs headless (README's picture, bench/, tests)."""

from __future__ import annotations

import math

COLOURS = {"body": (236, 226, 200), "letters": (38, 38, 44),  # the board's premiums, as the printed board's
           "DL": (150, 200, 230), "TL": (40, 110, 190), "DW": (240, 170, 180), "TW": (205, 50, 50)}
BACKGROUND = (255, 255, 255)
LIGHT = (-0.3, 0.35, 1.0)  # towards the light, in the view's frame (x right, y up, z to the viewer)


def render(doc, px_per_mm: float = 4.0, tilt: float = 35.0, only: int | None = None):
    """A PIL image of the plate ``doc`` (a :class:`~printkit.solid.document.SolidDocument`); ``only``:
    the first so many tiles."""
    import numpy as np
    from PIL import Image

    tris, colours = [], []
    for solid in doc.objects[:only]:
        for part in solid.parts:
            v = part.mesh.vertices + np.array([solid.x, solid.y, 0.0])
            tris.append(v[part.mesh.triangles])
            colours.append(np.repeat([COLOURS.get(part.name, (128, 128, 128))], len(part.mesh.triangles), axis=0))
    t = np.concatenate(tris)
    c = np.concatenate(colours).astype(np.float64)
    bed_w = doc.bed_mm[0]
    if (getattr(doc, "figures", None) or {}).get("face") == "up":  # raised letters: the faces seen from above
        p = t.copy()
    else:
        # seen from under the bed (turned half round about y): x' = bed_w - x, y' = y, z' = -z (to the viewer);
        # the faces read there as on the sheets
        p = np.stack([bed_w - t[..., 0], t[..., 1], -t[..., 2]], axis=-1)
    p, keep, shade = _lit(p, tilt)
    c = c[keep]
    c = np.clip(c * shade[:, None], 0, 255)
    lo = p[..., :2].reshape(-1, 2).min(axis=0) - 3.0
    hi = p[..., :2].reshape(-1, 2).max(axis=0) + 3.0
    w, h = (np.ceil((hi - lo) * px_per_mm)).astype(int)
    xs = (p[..., 0] - lo[0]) * px_per_mm
    ys = (hi[1] - p[..., 1]) * px_per_mm
    depth = np.full((h, w), -np.inf)
    image = np.empty((h, w, 3), dtype=np.float64)
    image[:] = BACKGROUND
    for i in range(len(p)):
        x0, x1, x2 = xs[i]
        y0, y1, y2 = ys[i]
        area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
        if abs(area) < 1e-12:
            continue
        u0, u1 = max(int(math.floor(min(x0, x1, x2))), 0), min(int(math.ceil(max(x0, x1, x2))), w - 1)
        v0, v1 = max(int(math.floor(min(y0, y1, y2))), 0), min(int(math.ceil(max(y0, y1, y2))), h - 1)
        if u1 < u0 or v1 < v0:
            continue
        gx, gy = np.meshgrid(np.arange(u0, u1 + 1) + 0.5, np.arange(v0, v1 + 1) + 0.5)
        b1 = ((gx - x0) * (y2 - y0) - (x2 - x0) * (gy - y0)) / area
        b2 = ((x1 - x0) * (gy - y0) - (gx - x0) * (y1 - y0)) / area
        b0 = 1 - b1 - b2
        inside = (b0 >= -1e-9) & (b1 >= -1e-9) & (b2 >= -1e-9)
        if not inside.any():
            continue
        zs = b0 * p[i, 0, 2] + b1 * p[i, 1, 2] + b2 * p[i, 2, 2]
        window = depth[v0:v1 + 1, u0:u1 + 1]
        nearer = inside & (zs > window)
        window[nearer] = zs[nearer]
        image[v0:v1 + 1, u0:u1 + 1][nearer] = c[i]
    return Image.fromarray(image.round().astype(np.uint8), "RGB")


__all__ = ["render"]


# -- a preview of a written 3MF or STL file: its triangles, drawn quickly ------------------------------

def picture(parts, face_up: bool | None = None, px_per_mm: float = 2.0, tilt: float = 35.0):
    """A PIL image of the triangles of a plate read back from its file: ``parts`` is (part name, triangles
    as an array of shape (n, 3, 3) in millimetres on the bed) for each part, coloured as :func:`render`
    colours them. Seen as :func:`render` sees a plate: from under the bed when the faces lie on it (the
    letters below the bodies' middle), else from above; ``face_up`` says which when given. The triangles
    are shaded by their angle to the light and painted far to near (the painter's order, drawn by Pillow),
    the bodies' first, then the parts set into them:
    a preview's thumbnail in a fraction of a second for a plate of a hundred thousand triangles, where
    :func:`render`'s z-buffer takes seconds."""
    import numpy as np
    from PIL import Image, ImageDraw

    parts = [(name, np.asarray(t, dtype=np.float64).reshape(-1, 3, 3)) for name, t in parts]
    parts = [(name, t) for name, t in parts if len(t)]
    if not parts:
        return Image.new("RGB", (1, 1), BACKGROUND)
    t = np.concatenate([tri for _, tri in parts])
    c = np.concatenate([np.repeat([COLOURS.get(name, (128, 128, 128))], len(tri), axis=0) for name, tri in parts])
    # the bodies first, then the parts set into them (letters, premium squares): their faces lie flush with the
    # bodies' faces, which the painter's order alone would lay over them half the time
    rank = np.concatenate([np.full(len(tri), 0 if name == "body" else 1) for name, tri in parts])
    if face_up is None:
        z = {name: tri[..., 2].mean() for name, tri in parts}
        body = z.get("body", float(t[..., 2].mean()))
        face_up = "letters" not in z or z["letters"] >= body
    if face_up:
        p = t.copy()
    else:  # from under the bed, turned half round about y, as render() does
        width = float(t[..., 0].max() + t[..., 0].min())
        p = np.stack([width - t[..., 0], t[..., 1], -t[..., 2]], axis=-1)
    p, keep, shade = _lit(p, tilt)
    c, rank = c[keep].astype(np.float64), rank[keep]
    c = np.clip(c * shade[:, None], 0, 255).round().astype(np.uint8)
    lo = p[..., :2].reshape(-1, 2).min(axis=0) - 3.0
    hi = p[..., :2].reshape(-1, 2).max(axis=0) + 3.0
    w, h = (np.ceil((hi - lo) * px_per_mm)).astype(int)
    xy = np.stack([(p[..., 0] - lo[0]) * px_per_mm, (hi[1] - p[..., 1]) * px_per_mm], axis=-1)
    order = np.lexsort((p[..., 2].mean(axis=1), rank))  # the bodies, then the rest; each far first
    image = Image.new("RGB", (int(w), int(h)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    points, colours = xy[order].tolist(), [tuple(x) for x in c[order].tolist()]
    for (a0, a1, a2), colour in zip(points, colours):
        draw.polygon([tuple(a0), tuple(a1), tuple(a2)], fill=colour)
    return image


def _lit(p, tilt: float):
    """Triangles ``p`` (n × 3 × 3, the viewer down -z) turned ``tilt`` degrees about x, so the near edges and
    chamfers show, and those turned away dropped: (the triangles kept, the mask that kept them, each one's
    shade in the light, 0.35 to 1)."""
    import numpy as np

    a = math.radians(tilt)
    y = p[..., 1] * math.cos(a) - p[..., 2] * math.sin(a)
    z = p[..., 1] * math.sin(a) + p[..., 2] * math.cos(a)
    p = np.stack([p[..., 0], y, z], axis=-1)
    n = np.cross(p[:, 1] - p[:, 0], p[:, 2] - p[:, 0])
    length = np.linalg.norm(n, axis=1)
    keep = (n[:, 2] > 1e-12) & (length > 0)
    n = n[keep] / length[keep][:, None]
    shade = 0.35 + 0.65 * np.clip(n @ np.array(LIGHT) / np.linalg.norm(LIGHT), 0, 1)
    return p[keep], keep, shade


__all__ += ["picture"]
