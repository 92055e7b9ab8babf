"""The replay page's HTML, style and script (engine/faces/html.py fills in the data and the board).

The script reads the data from ``<script type="application/json" id="turnlog-data">``, rebuilds the board
at a step from the per-event deltas (a keyframe every ``KEY`` steps), and writes every text with
``textContent``: nothing of the log is parsed as markup. The page's Content-Security-Policy allows only
this script and this style (by their SHA-256) and no network at all.
"""
from __future__ import annotations

import base64
import hashlib
from html import escape

from .html_script import SCRIPT as _SCRIPT

_STYLE = """
body { font: 14px/1.4 "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 0; color: #111; background: #f4f2ec; }
header, nav, section { padding: 6px 14px; }
header { background: #2d3540; color: #fff; display: flex; flex-wrap: wrap; gap: 4px 18px; align-items: baseline; }
header h1 { font-size: 18px; margin: 4px 0; }
#verdict.ok { color: #9be39b; font-weight: bold; } #verdict.bad { color: #ff9d8f; font-weight: bold; }
code { font-family: "DejaVu Sans Mono", monospace; }
nav { background: #e6e2d6; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; \
position: sticky; top: 0; z-index: 2; }
nav button { font-size: 14px; padding: 2px 8px; }
#slider { flex: 1 1 220px; }
#position { font-weight: bold; min-width: 9em; text-align: center; }
.keys { color: #555; font-size: 12px; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(260px, 2fr); gap: 10px; padding: 8px 14px; }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } }
#board-pane svg { width: 100%; height: auto; background: #fff; border: 1px solid #bbb; }
aside { background: #fff; border: 1px solid #ccc; padding: 8px 12px; overflow-wrap: anywhere; }
aside h3 { font-size: 13px; margin: 12px 0 4px; color: #444; }
#command { font-weight: bold; } #event { margin-top: 8px; font-size: 15px; }
.flag { display: inline-block; margin: 4px 6px 0 0; padding: 0 6px; border-radius: 3px; font-size: 12px; }
.flag.auto { background: #dfe9f7; } .flag.undone { background: #f7d9d4; color: #900; }
.flag.bad { background: #b00; color: #fff; font-weight: bold; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; font: 12.5px/1.4 "DejaVu Sans Mono", monospace; }
#detail { background: #f7f5ee; padding: 4px 6px; }
#detail:empty { display: none; }
ol#timeline { list-style: none; padding: 0; margin: 0; font-size: 13px; }
#timeline li { padding: 1px 6px; cursor: pointer; border-left: 3px solid transparent; }
#timeline li.cmd { font-weight: bold; margin-top: 3px; background: #ebe8de; }
#timeline li.cmd.here { border-left-color: #d08c00; }
#timeline li.ev { padding-left: 26px; }
#timeline li.ev.cur { background: #ffe27a; }
#timeline li.undone { text-decoration: line-through; color: #900; }
#timeline li.bad { outline: 2px solid #b00; }
#timeline li.auto::after { content: "  (automatic)"; color: #456; font-size: 11px; }
#timeline li.more { cursor: default; color: #777; padding-left: 26px; }
section h2 { font-size: 15px; margin: 10px 0 4px; }
#verify { background: #fff; border: 1px solid #ccc; padding: 6px 8px; }
"""


_BODY = """<header><h1 id="game-name"></h1><span id="verdict"></span>
<span>head anchor <code id="head"></code> (compare it with the one you kept)</span></header>
<nav><button id="first" title="Home">|&lt;</button>\
<button id="prev-command" title="Up / Page Up">&lt;&lt; command</button>
<button id="prev" title="Left arrow">&lt;</button><span id="position"></span>\
<button id="next" title="Right arrow">&gt;</button>
<button id="next-command" title="Down / Page Down">command &gt;&gt;</button><button id="last" title="End">&gt;|</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="seq">
<span class="keys">keys: &larr; &rarr; event, &uarr; &darr; command, Home / End</span></nav>
<main><div id="board-pane">{board}</div>
<aside>{box}<div id="command"></div><div id="actor"></div><div id="command-flags"></div>
<div id="event"></div><div id="flags"></div><pre id="detail"></pre>
<h3>Board</h3><div id="turn"></div><ul id="procedures"></ul><h3>Off the map</h3><ul id="off-map"></ul>
<h3>Changed by this command so far (yellow on the board)</h3><ul id="changes"></ul></aside></main>
<section><h2>Timeline</h2><ol id="timeline"></ol></section>
<section><h2>Verify report</h2><pre id="verify"></pre>
<p>How a die is derived: a seeded roll is HMAC-SHA256 of the game's committed seed and the roll's key, sampled
into a face without bias; joint dice mix every holder's share for the key; a die entered by hand is logged as
entered. <code>turnlog verify</code> re-derives every seeded roll once the seed is revealed (or beside the file) and
re-executes every command on the board of its time. Compare the head anchor above with the one a player kept:
if they differ, the log was cut or rewritten.</p></section>
<noscript><p>This replay needs JavaScript to draw the board; the verify report above is plain text.</p></noscript>
"""


def _sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def page(data_json: str, board_svg: str, name: str) -> str:
    """The whole document: ``data_json`` must already be escaped for a script element (html.data_json)."""
    policy = (f"default-src 'none'; script-src {_sha(_SCRIPT)}; style-src {_sha(_STYLE)}; img-src data:; "
              "base-uri 'none'; form-action 'none'")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(name)} — turnlog replay</title>\n<style>{_STYLE}</style></head>\n<body>\n"
            + body(data_json, board_svg)
            + f"<script>{_SCRIPT}</script>\n</body></html>\n")


def body(data_json: str, board_svg: str, box: str = "") -> str:
    """The page's body up to its script: the panels, the board, the data; ``box``: markup at the top of the
    panel beside the board (a hosted game's seat and command box)."""
    return (_BODY.replace("{box}", box).replace("{board}", board_svg)
            + f'<script type="application/json" id="turnlog-data">{data_json}</script>\n')


#: The replay's script and style, for a server that sends them as files of their own.
SCRIPT, STYLE = _SCRIPT, _STYLE
