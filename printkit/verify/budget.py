"""The work budget (:mod:`printkit.budget`) read back from the manifest: no file longer than a build allows."""

from __future__ import annotations

from .manifest import MANIFEST
from .measure import plural
from .report import Report


def check_budget(report: Report, manifest: dict) -> None:
    """Each file's pages within the work budget (:mod:`printkit.budget`): ``build`` refuses a kit
    that would write more pages into one file, so a longer one was built past it. (The folder's
    totals are not checked: ``--only`` builds may fill one folder, each within the budget.)"""
    from .. import budget

    longest = None
    for a in manifest["artifacts"]:
        pages = a.get("pages") if isinstance(a, dict) else None
        if not isinstance(pages, int) or isinstance(pages, bool) or a.get("kind") in ("preview", "gallery"):
            continue
        if pages > budget.MAX_FILE_PAGES:
            report.fail(str(a.get("path")), f"{pages} pages: the budget is {budget.MAX_FILE_PAGES} pages in a file")
        if longest is None or pages > longest[0]:
            longest = (pages, str(a.get("path")))
    if longest and longest[0] <= budget.MAX_FILE_PAGES:
        report.ok(MANIFEST, f"the longest file, {longest[1]}, has {plural(longest[0], 'page')}: within the "
                            f"budget of {budget.MAX_FILE_PAGES} pages in a file")
