"""The page of a hosted game: the board and the narrated log, following live, with a seat's command
box.

The page is static (its game id in a data attribute); its script (page_script.py) reads the JSON
API, follows the game's Server-Sent Events and redraws on each one. A player pastes her seat's token
once; it stays in the tab's sessionStorage and travels only in the Authorization header, never in a
URL. The command box is built from ``legal()``: a menu of the commands that seat may issue now, a
menu per field with the values the rules allow, and the JSON sent (editable, for fields the menus do
not cover). A refusal shows its rule. Served with a Content-Security-Policy that allows only this
server's own script and style: nothing the page draws from the log can run.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from .page_script import SCRIPT

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>turnlog game</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/serve.css"></head>
<body data-game="{gid}">
<header><h1 id="name">turnlog</h1>
<span>seq <b id="seq">0</b></span> <span id="live" class="off">connecting</span></header>
<main>
<section id="left"><img id="board" alt="the board"></section>
<section id="right">
<div id="seat"><label>Seat token <input id="token" type="password" autocomplete="off"></label>
<button id="sit">Sit</button> <button id="stand">Leave</button>
<span id="me">spectating</span></div>
<form id="box" hidden>
<label>Command <select id="choice"></select></label>
<div id="fields"></div>
<textarea id="json" rows="5" spellcheck="false"></textarea>
<div><button id="send" type="submit">Send</button> <button id="undo" type="button">Undo</button>
<button id="redo" type="button">Redo</button></div>
</form>
<p id="status" role="status"></p>
<ol id="log"></ol>
</section></main>
<script src="/static/serve.js"></script>
</body></html>
"""

STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #222; }
header { display: flex; gap: 1.5em; align-items: baseline; padding: .5em 1em; background: #eee; }
header h1 { font-size: 1.1em; margin: 0; }
#live.on { color: #070; } #live.off { color: #a00; }
main { display: flex; gap: 1em; padding: 1em; }
#left { flex: 3; } #left img { max-width: 100%; }
#right { flex: 2; min-width: 22em; }
#fields label { display: block; margin: .3em 0; }
#json { width: 100%; font-family: monospace; }
#status.refused { color: #a00; } #status.done { color: #070; }
#log { font-family: monospace; font-size: 12px; max-height: 60vh; overflow: auto; }
#log li.undone { text-decoration: line-through; color: #888; }
"""


def routes(games) -> list:
    async def game_page(request: Request) -> Response:
        gid = games.check_id(request.path_params["gid"])
        await run_in_threadpool(games.entry, gid)  # a page only for a game that is served
        return HTMLResponse(PAGE.format(gid=gid), headers=HEADERS)

    async def script(_request: Request) -> Response:
        return Response(SCRIPT, media_type="text/javascript", headers=HEADERS)

    async def style(_request: Request) -> Response:
        return Response(STYLE, media_type="text/css", headers=HEADERS)

    return [
        Route("/games/{gid:str}", game_page, methods=["GET"]),
        Route("/static/serve.js", script, methods=["GET"]),
        Route("/static/serve.css", style, methods=["GET"]),
    ]
