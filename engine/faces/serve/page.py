"""The page of a hosted game: the replay page of `turnlog export --html`, following live, with a
seat's command box.

The page is the replay's own body, data and script (engine/faces/html*.py), built from the game's
live replay data (html_live.Live, kept per game and grown as the log grows) instead of a file's. Its
second script (page_script.py) follows the game's Server-Sent Events and, on each, asks ``replay``
for what the page lacks and appends it to the replay's steps. A player pastes her seat's token once;
it stays in the tab's sessionStorage and travels only in the Authorization header, never in a URL.
The command box is built from ``legal()``: a menu of the commands that seat may issue now, a menu
per field with the values the rules allow, and the JSON sent (editable, for fields the menus do not
cover). A refusal shows its rule. Served with a Content-Security-Policy that allows only this
server's own scripts and styles: nothing the page draws from the log can run.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from .. import html_page
from ..html import data_json, verify_data
from ..html_live import Live
from . import bodies as B
from .page_script import SCRIPT

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

BOX = """<div id="hosted"><span>seq <b id="seq">0</b></span> <span id="live" class="off">connecting</span>
<div id="seat"><label>Seat token <input id="token" type="password" autocomplete="off"></label>
<button id="sit">Sit</button> <button id="stand">Leave</button>
<span id="me">spectating</span></div>
<form id="box" hidden>
<label>Command <select id="choice"></select></label>
<div id="fields"></div>
<textarea id="json" rows="4" spellcheck="false"></textarea>
<div><button id="send" type="submit">Send</button> <button id="undo" type="button">Undo</button>
<button id="redo" type="button">Redo</button></div>
</form>
<p id="status" role="status"></p></div>
"""

STYLE = """
#hosted { border-bottom: 1px solid #ccc; padding-bottom: 6px; margin-bottom: 6px; }
#live.on { color: #070; } #live.off { color: #a00; }
#fields label { display: block; margin: .3em 0; }
#json { width: 100%; font-family: monospace; box-sizing: border-box; }
#status.refused { color: #a00; } #status.done { color: #070; }
"""


def rolls_checked(game) -> dict[int, str]:
    """Each roll's check as verify's dice stage gives it (it reads the dice rows only)."""
    from ...verify import dice
    from ...verify.report import Report

    rep = Report()
    dice.check(game, rep)
    return {r.seq: r.check for r in rep.rolls}


def live_of(entry) -> tuple[Live, bool]:
    """The game's replay data grown to its head (call under the entry's lock); whether it was made
    again because the map changed (a page drawn on the old one must load again). A head already
    folded costs nothing more: no row, roll or hex is read again."""
    g = entry.fresh()
    live = getattr(entry, "live", None)
    if live is not None and live.data["events"] >= g.state.seq:
        return live, False
    if live is None or not live.same_map(g):
        entry.live = Live(g, rolls_checked(g))
        return entry.live, live is not None
    live.grow(g, rolls_checked(g))
    return live, False


def document(entry, report) -> str:
    """The replay page of the game now, its verify ``report`` shown, at its last event (call
    under the entry's lock)."""
    live, _ = live_of(entry)
    data = {**live.data, "start": max(live.data["events"] - 1, 0)}
    svg = live.svg(entry.game)
    data["verify"] = verify_data(report)
    text = data_json(data)
    name = html_page.escape(data["name"])
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{name} — turnlog</title>\n"
        '<link rel="stylesheet" href="/static/replay.css">'
        '<link rel="stylesheet" href="/static/serve.css"></head>\n'
        f'<body data-game="{entry.id}">\n'
        + html_page.body(text, svg, BOX)
        + '<script src="/static/replay.js"></script><script src="/static/serve.js"></script>\n'
        "</body></html>\n"
    )


def routes(hold) -> list:
    """The page, its ``replay`` and its static files; ``hold``: how requests hold a game."""

    async def game_page(request: Request) -> Response:
        async with hold.entry(request.path_params["gid"]) as entry:  # only a served game's page
            report = await hold.verify(entry)
            text = await hold.run(entry, lambda e: document(e, report))
        return HTMLResponse(text, headers=HEADERS)

    async def replay(request: Request) -> Response:
        """What a page holding the first N of each lacks (docs/serve.md "The page")."""
        counts = [int(B.number(request, k) or 0) for k in ("steps", "commands", "faces", "strings")]

        def read(entry):
            live, remade = live_of(entry)
            return {"reload": True} if remade else live.since(*counts)

        async with hold.entry(request.path_params["gid"]) as entry:
            return B.json(await hold.run(entry, read))

    def static(text: str, kind: str):
        async def serve(_request: Request) -> Response:
            return Response(text, media_type=kind, headers=HEADERS)

        return serve

    js, css = "text/javascript", "text/css"
    return [
        Route("/games/{gid:str}", game_page, methods=["GET"]),
        Route("/api/games/{gid:str}/replay", replay, methods=["GET"]),
        Route("/static/replay.js", static(html_page.SCRIPT, js), methods=["GET"]),
        Route("/static/replay.css", static(html_page.STYLE, css), methods=["GET"]),
        Route("/static/serve.js", static(SCRIPT, js), methods=["GET"]),
        Route("/static/serve.css", static(STYLE, css), methods=["GET"]),
    ]
