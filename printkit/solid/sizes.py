"""Sizes of the 3D parts that the kit's reader checks the options against, in a module that imports
nothing, so that reading a kit does not load the parts' geometry."""

LIP_DEPTH_MM = 6.0  # the 3D racks' lip, front to the ledge: the racks' name is inset into its face
