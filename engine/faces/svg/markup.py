"""XML text and attribute escaping for the SVG faces, byte for byte what xml.sax.saxutils gives.

xml.sax.saxutils imports urllib.request, http.client and ssl with it: as much as the rest of a
`turnlog show` together, for three string replacements (`show` and `log` import the board's modules).
"""
from __future__ import annotations

_ATTR = {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def escape(data: str) -> str:
    """``&``, ``<`` and ``>`` as entities (text inside an element)."""
    return data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(data: str) -> str:
    """An attribute value, escaped and quoted: double quotes, or single where the value holds one."""
    data = escape(data)
    for char, entity in _ATTR.items():
        data = data.replace(char, entity)
    if '"' not in data:
        return f'"{data}"'
    if "'" not in data:
        return f"'{data}'"
    return '"{}"'.format(data.replace('"', "&quot;"))
