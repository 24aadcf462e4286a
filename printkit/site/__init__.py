"""``printkit site``: the web page as a static site with printkit running inside it, under Pyodide.

:mod:`.make` writes the site; :mod:`.runtime` finds Pyodide; :mod:`.wheels` packs printkit and its pure-Python
libraries as installed here; :mod:`.browser` and :mod:`.backend` are what runs in the browser's Web Worker.
"""
