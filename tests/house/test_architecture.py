"""The house's walls, read from the source: the import graph of ``printkit`` (every ``import`` in
every module, at any depth: inside functions and under ``TYPE_CHECKING`` too, since a type named
from another module is a dependency all the same) and the private names used across modules.

One place for the layers' rules: a new rule is one more test below, built on :func:`graph`. An
exception is listed in the rule's table with the reason it stands and what removes it; an entry
that no longer matches anything fails too, so the tables only shrink.

An import of ``printkit.engine.move`` is an edge to that module, not to the package
``printkit.engine`` that Python also runs first: a package's ``__init__`` is an edge of its own
only where a module imports the package itself.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import printkit

ROOT = Path(printkit.__file__).parent


@dataclass
class Module:
    name: str  # printkit.engine.move
    path: Path
    tree: ast.Module
    imports: list[tuple[str, str | None, int]] = field(default_factory=list)  # (module, name imported, line)

    @property
    def package(self) -> str:
        """The package relative imports start from (a package's ``__init__`` is its own)."""
        return self.name if self.path.name == "__init__.py" else self.name.rpartition(".")[0]


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@lru_cache(maxsize=None)
def graph() -> dict[str, Module]:
    """Every module of the package, with what it imports from the package."""
    modules = {}
    for path in sorted(ROOT.rglob("*.py")):
        module = Module(_name(path), path, ast.parse(path.read_text(encoding="utf-8"), str(path)))
        modules[module.name] = module
    for module in modules.values():
        for node in ast.walk(module.tree):
            if isinstance(node, ast.Import):
                module.imports += [(a.name, None, node.lineno) for a in node.names
                                   if a.name.split(".")[0] == "printkit"]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = module.package.split(".")
                    base = base[:len(base) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                if source.split(".")[0] != "printkit":
                    continue
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    if sub in modules:  # from printkit.engine import shares: the module shares
                        module.imports.append((sub, None, node.lineno))
                    else:
                        module.imports.append((source, alias.name, node.lineno))
    return modules


def edges(modules: dict[str, Module]) -> dict[str, set[str]]:
    return {m.name: {target for target, _, _ in m.imports if target in modules and target != m.name}
            for m in modules.values()}


def cycles(nodes: set[str], out: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles among ``nodes`` (each strongly connected group once, as a path back to its
    start), found with Tarjan's algorithm."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(out.get(v, set()) & nodes):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return found


def reach(start: str, out: dict[str, set[str]]) -> dict[str, str]:
    """Every module ``start`` imports, directly or not: module → the module that imports it on the
    way (to print the path)."""
    seen = {start: ""}
    todo = [start]
    while todo:
        v = todo.pop()
        for w in sorted(out.get(v, ())):
            if w not in seen:
                seen[w] = v
                todo.append(w)
    return seen


def path_to(seen: dict[str, str], end: str) -> str:
    steps = [end]
    while seen[steps[-1]]:
        steps.append(seen[steps[-1]])
    return " → ".join(reversed(steps))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


# -- the rules ----------------------------------------------------------------------------------------

def test_the_graph_sees_every_module_and_its_imports():
    """The reader of the graph itself: relative imports resolved, a submodule imported by name is an
    edge to it, imports inside functions count."""
    modules = graph()
    out = edges(modules)
    assert len(modules) > 50
    assert "printkit.model" in out["printkit.engine.board"]  # from ..model import ...
    assert "printkit.engine.shares" in out["printkit.check"]  # from .engine import shares as S, in a function
    assert "printkit.products" in out["printkit.check"]  # from .products import ..., in a function
    assert {"printkit.config.kit", "printkit.config.layout"} <= out["printkit.config"]  # the package's __init__
    assert cycles({"a", "b", "c"}, {"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a", "b"}, {"a": {"b"}}) == []


def test_no_cycles_among_the_engines_modules():
    """The engine split by concept reads one way: notation and board below move, move below score,
    score below state, and replay, gcg, judge, fit above them (a cycle means two concepts that
    cannot be read, or tested, apart)."""
    modules = graph()
    engine = {n for n in modules if n.startswith("printkit.engine.")}
    assert cycles(engine, edges(modules)) == []


def test_the_config_layer_does_not_import_the_engine():
    """Configs → model → engine: a rule set reads its worked examples' coordinates with the
    model-level notation (printkit.notation), never with the engine's."""
    modules = graph()
    out = edges(modules)
    faults = []
    for name in sorted(n for n in modules if n == "printkit.config" or n.startswith("printkit.config.")):
        seen = reach(name, out)
        faults += [path_to(seen, m) for m in sorted(seen) if m.startswith("printkit.engine")]
    assert faults == []


def test_the_model_level_notation_imports_nothing_of_printkit():
    """printkit.notation is at the bottom with printkit.model: configs and the engine both use it."""
    assert edges(graph())["printkit.notation"] == set()


# Library modules that still import the command line, and why. Remove an entry when its cause goes.
CLI_IMPORTS: dict[str, str] = {}
ENTRY_POINTS = {"printkit.cli", "printkit.__main__"}  # the command line itself, and python -m printkit


def test_no_library_module_imports_the_command_line():
    modules = graph()
    importers = {m.name for m in modules.values() for target, _, _ in m.imports
                 if target == "printkit.cli" or target.startswith("printkit.cli.")}
    inside = {name for name in importers if name.startswith("printkit.cli.")}  # the command line's own modules
    assert importers - ENTRY_POINTS - inside - set(CLI_IMPORTS) == set()
    assert set(CLI_IMPORTS) <= importers, "an exception that no longer happens: remove it from CLI_IMPORTS"


# Private names imported from another module, and why they remain. Remove an entry when its cause goes.
PRIVATE_IMPORTS: dict[tuple[str, str], str] = {
    ("printkit.sheets.laser.board", "printkit.sheets.board.sheet._cell_items"): "the laser board draws the "
                                                                               "printed board's cells (i18-laser)",
}


def test_no_module_imports_a_private_name_from_another():
    found = {(m.name, f"{target}.{name}") for m in graph().values() for target, name, _ in m.imports
             if name is not None and _private(name)}
    assert found - set(PRIVATE_IMPORTS) == set()
    assert set(PRIVATE_IMPORTS) <= found, "an exception that no longer happens: remove it from PRIVATE_IMPORTS"


def _defined(module: Module) -> set[str]:
    """The private names a module defines: functions, classes, attributes set on anything
    (``self._x = ``), names assigned, annotated fields, ``__slots__`` entries."""
    out = set()
    for node in ast.walk(module.tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__"
                                                  for t in node.targets):
            out.update(c.value for c in ast.walk(node.value)
                       if isinstance(c, ast.Constant) and isinstance(c.value, str))
    return {n for n in out if _private(n)}


def test_no_module_reaches_into_another_modules_private_members():
    """``state._face`` read from move.py, ``st._squares`` called from score.py: a private member of
    another module's object is that module's business. An access ``x._y`` (x not ``self`` or
    ``cls``) is a fault when ``_y`` is defined only in other modules of printkit."""
    modules = graph()
    defined = {name: _defined(m) for name, m in modules.items()}
    owners: dict[str, set[str]] = {}
    for name, names in defined.items():
        for n in names:
            owners.setdefault(n, set()).add(name)
    faults = []
    for m in modules.values():
        for node in ast.walk(m.tree):
            if not (isinstance(node, ast.Attribute) and _private(node.attr)):
                continue
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            if node.attr in owners and node.attr not in defined[m.name]:
                faults.append(f"{m.path.relative_to(ROOT.parent)}:{node.lineno}: {ast.unparse(node)} "
                              f"(defined in {', '.join(sorted(owners[node.attr]))})")
    assert faults == []


def test_the_scoring_arithmetic_is_in_one_module():
    """A score is computed in one function that every path calls (engine/score.py, score_turn): the
    premiums' multipliers and the all-tiles bonus are read there and nowhere else in the engine or
    by check (the sheets and the reference card may print them; the model and config define them)."""
    readers = {}
    for m in graph().values():
        if m.name.startswith(("printkit.engine.", "printkit.check")) and m.name != "printkit.engine.score":
            for node in ast.walk(m.tree):
                if isinstance(node, ast.Attribute) and node.attr in ("letter_mult", "word_mult", "all_tiles_bonus"):
                    readers.setdefault(m.name, set()).add(node.attr)
    assert readers == {}


# -- the house: products, manifest, output folder (issue 21) -------------------------------------------

# The modules that write into a kit's folder: the folder itself (its lock, the moves into place, the
# files printkit wrote) and the build that drives it.
FOLDER_WRITERS = {"printkit.outdir", "printkit.build"}
# An import of a folder writer from check or the web page, and why it stands. Remove an entry when its cause goes.
WRITER_IMPORTS: dict[tuple[str, str], str] = {
    ("printkit.serve.jobs", "printkit.build"): "the web page's build worker, a process of its own, runs build_kit "
                                               "as printkit build does (the page itself lays out with products.plan)",
}


def _readers() -> list[str]:
    """check and the web page: they lay kits out and read them, and never write a kit's folder."""
    return sorted(n for n in graph()
                  if n == "printkit.check" or n == "printkit.serve" or n.startswith("printkit.serve."))


def test_check_and_serve_do_not_depend_on_the_modules_that_write_folders():
    """``check`` and the web page lay out with :mod:`printkit.products` (the registry and the plan) and
    read manifests with :mod:`printkit.manifest`; neither reaches printkit.outdir or printkit.build,
    directly or through another module, but by the build worker's one listed edge."""
    modules = graph()
    out = {name: set(targets) for name, targets in edges(modules).items()}
    for source, target in WRITER_IMPORTS:
        assert target in out[source], "an exception that no longer happens: remove it from WRITER_IMPORTS"
        out[source].discard(target)
    faults = []
    for name in _readers():
        seen = reach(name, out)
        faults += [path_to(seen, m) for m in sorted(seen) if m in FOLDER_WRITERS]
    assert faults == []
    assert "printkit.products" in reach("printkit.check", out)
    assert "printkit.products" in reach("printkit.serve.app", out)


def test_the_registry_and_the_manifest_do_not_depend_on_the_writers():
    """The registry lays out and the manifest module reads and writes one file: neither reaches
    the folder's writers (else check and the web page would, through them)."""
    out = edges(graph())
    for name in ("printkit.products", "printkit.manifest"):
        seen = reach(name, out)
        assert [path_to(seen, m) for m in sorted(seen) if m in FOLDER_WRITERS] == [], name


def _strings(module: Module) -> list[tuple[int, str]]:
    return [(node.lineno, node.value) for node in ast.walk(module.tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def test_the_manifests_name_is_one_constant():
    """``manifest.json`` is named once, in printkit.manifest; every other module takes MANIFEST from it."""
    found = [f"{m.name}:{line}" for m in graph().values() if m.name != "printkit.manifest"
             for line, value in _strings(m) if value == "manifest.json"]
    assert found == []
    definers = [m.name for m in graph().values() for node in m.tree.body if isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "MANIFEST" for t in node.targets)]
    assert definers == ["printkit.manifest"]


# The sheets' functions that make a product's documents: only the registry calls them.
DOCUMENT_MAKERS = {"tile_documents", "board_documents", "laser_documents", "burn_documents", "play_documents",
                   "calibration_documents", "print_all_document"}


def test_only_the_registry_makes_a_products_documents():
    """A product is laid out through :data:`printkit.products.REGISTRY` (its entry names its sheet's
    function): no other module outside the sheets imports a product's document maker, so that the
    plan, ``check``, the budget and the web page all see the same products."""
    found = sorted(f"{m.name} imports {name}" for m in graph().values()
                   if m.name != "printkit.products" and not m.name.startswith("printkit.sheets")
                   for _, name, _ in m.imports if name in DOCUMENT_MAKERS)
    assert found == []


def test_no_module_but_the_registry_lists_the_products():
    """No table of the products outside printkit.products (a collection of four or more of their
    names, as the manifest's order, print-all's sources, the budget's table were): a new product is
    one entry there. (A choice of a few, as the web page's preview of tiles, board and laser, is not.)"""
    names = {"tiles", "board", "laser", "burn", "play", "calibration", "print-all"}
    assert tables_of(names, 4, "printkit.products") == []


def tables_of(names: set[str], least: int, home: str) -> list[str]:
    """Where a collection (a tuple, list, set, or a dict's keys) holds ``least`` or more of ``names``, outside the
    module ``home`` whose table they are: "module:line"."""
    found = []
    for m in graph().values():
        if m.name == home:
            continue
        for node in ast.walk(m.tree):
            if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                values = {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            elif isinstance(node, ast.Dict):
                values = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            else:
                continue
            if len(values & names) >= least:
                found.append(f"{m.name}:{node.lineno}")
    return found


def test_no_import_circle_anywhere():
    """No two modules of the package import each other, however far round (issue 32: budget ↔ products, six
    modules of config, the racks', the box's and the page's packages were circles): a module can be read, and
    tested, after the ones it imports."""
    modules = graph()
    assert cycles(set(modules), edges(modules)) == []


def test_the_budget_knows_no_product():
    """printkit.budget holds the kinds of work and the limits: each product counts its own files (its entry's
    estimate, beside its sheets) and the registry adds them up, so the budget reaches neither."""
    seen = reach("printkit.budget", edges(graph()))
    assert sorted(m for m in seen if m == "printkit.products" or m.startswith("printkit.sheets")) == []


# A table of formats outside printkit.formats, and why it stands. Remove an entry when its cause goes.
FORMAT_TABLES: dict[str, str] = {
    "printkit.figures": "the craft cutter's kind is written in all four of its profile's formats; the kinds "
                        "move to the products' records (issue 32)",
}


def test_no_module_but_the_formats_table_lists_the_formats():
    """No collection of three or more format names outside printkit.formats (the writers' table, the previews',
    the page's media types, the laser's and the cutter's lists were five): a new format is one entry there."""
    names = {"pdf", "svg", "dxf", "png", "3mf", "stl"}
    assert {place.split(":")[0] for place in tables_of(names, 3, "printkit.formats")} == set(FORMAT_TABLES)


MAX_LINES = 800  # a module longer than this is split along its seams (issue 32)


def test_no_module_is_over_800_lines():
    long = {str(path.relative_to(ROOT.parent)): n for path in ROOT.rglob("*.py")
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_each_command_is_a_module_with_its_help_arguments_and_run():
    """The command line is a package: one module a command, each with its one help line, the function that
    adds its arguments and the one that runs it; the parser lists them and names none itself."""
    import importlib

    from printkit.cli import parser

    for name in parser.COMMANDS:
        module = importlib.import_module(f"printkit.cli.{name}")
        assert isinstance(module.HELP, str) and module.HELP and "\n" not in module.HELP, name
        assert callable(module.arguments) and callable(module.run), name
    files = {p.stem for p in (ROOT / "cli").glob("*.py")} - {"__init__", "parser", "terminal"}
    assert files == set(parser.COMMANDS)
    source = (ROOT / "cli" / "parser.py").read_text(encoding="utf-8")
    assert "add_parser(name," in source and "def run" not in source


def test_no_test_module_imports_another():
    """What tests share lives in helper modules of tests/ (pdfread, lasersvg, solidbuild, pageread, folders,
    judgerun, manifestread) and in conftest.py: no test module imports a name of another test module, which
    would run that module's fixtures and skips in the importer's."""
    tests = ROOT.parent / "tests"
    importers = {}
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module
                 and n.module.split(".")[-1].startswith("test_")}
        found |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
                  if a.name.split(".")[-1].startswith("test_")}
        if found:
            importers[path.name] = sorted(found)
    assert importers == {}


# Modules of the house that still name a product or a kind of file, and why. Remove an entry when its cause goes:
# each name moves to its product's record (printkit.products) or its kind's (printkit.figures).
NAMES_PRODUCTS: dict[str, str] = {
    "printkit.build": "the kinds of old manifests (before products were named) and the gallery and preview kinds",
    "printkit.check": "a sentence's figure called tiles; the tracking sheet's boxes, which check warns of",
    "printkit.gallery": "the gallery's own sections of tiles, board, print-all and laser tiles",
    "printkit.serve.state": "the page's preview of the tiles and the board and its figures",
    "printkit.serve.answers": "the previews left out of a product's download",
}


def test_the_house_names_no_product_and_no_kind():
    """build, check, verify and the page reach a product's or a kind's own code through the registries; a name of
    a product or a kind written in them is listed above with its reason, and verify's dispatch names none."""
    from printkit.figures import KINDS
    from printkit.products import REGISTRY

    names = set(REGISTRY) | {k for k, _ in KINDS} | {"gallery", "preview"}
    house = ("printkit.build", "printkit.check", "printkit.verify", "printkit.gallery", "printkit.serve.app",
             "printkit.serve.state", "printkit.serve.jobs", "printkit.serve.run", "printkit.serve.answers",
             "printkit.site.backend", "printkit.site.browser", "printkit.site.make", "printkit.site.compiled")
    naming = set()
    for name in house:
        path = ROOT.parent / (name.replace(".", "/") + ".py")
        if not path.exists():
            path = ROOT.parent / name.replace(".", "/") / "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.Constant) and n.value in names for n in ast.walk(tree) if isinstance(n, ast.Constant)
               and isinstance(n.value, str)):
            naming.add(name)
    assert naming == set(NAMES_PRODUCTS)
