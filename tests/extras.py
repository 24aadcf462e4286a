"""Running printkit as an install without one of its optional extras would: a script for ``python -c`` that makes
the extra's module unimportable (as if never installed) before printkit is imported, then runs a command."""

from __future__ import annotations

import textwrap


def without(module: str, argv: list[str]) -> str:
    """The script: ``module`` (and its submodules) cannot be imported, then ``printkit ARGV`` runs and its exit code
    is the process's."""
    return textwrap.dedent(f"""
        import sys
        class Missing:
            def find_spec(self, name, path=None, target=None):
                if name == {module!r} or name.startswith({module + "."!r}):
                    raise ModuleNotFoundError("No module named {module!r}", name={module!r})
        sys.meta_path.insert(0, Missing())
        from printkit.cli import main
        sys.exit(main({argv!r}))
    """)
