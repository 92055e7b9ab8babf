"""The SVG board: render.py draws it; context, style, outlines, overlays, units and markup are its parts.

Callers import render.py (``render_svg``) by name: this package imports nothing at its own import, so a
module that needs only the style or the escaping pays for no more.
"""
