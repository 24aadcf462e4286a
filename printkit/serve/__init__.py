"""``printkit serve``: a local web page to choose a kit, change it, see it and download it.

``state`` (the page's state → the kit's YAML → the kit, its preview and figures) and ``sessions``
(temporary folders by token) are plain Python; ``app`` (the Flask handlers) and ``run`` (the
server) need the optional extra ``printkit-tiles[serve]``. Importing this package imports neither.
"""
