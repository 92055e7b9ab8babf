"""The page of a hosted game: a player's table, the replay page of `turnlog export --html` following
live, with whose move across the top and the seat's move beside the board.

The page is the replay's own body, data and script (engine/faces/html*.py, assets/replay.js), built
from the game's live replay data (html_live.Live, kept per game and grown as the log grows) instead of
a file's. Its second script (engine/faces/html/assets/move.js and serve.js, served as one /static/serve.js)
follows the game's Server-Sent Events and, on each, asks ``replay`` for what the page lacks and
appends it; it says whose move it is from ``/due``, offers the seat only the choices of ``legal()``
whose ``actors`` name it, and fills their fields from the map. A player pastes her seat's token once;
it stays in the tab's sessionStorage and travels only in the Authorization header, never in a URL.
Served with a Content-Security-Policy that allows only this server's own scripts and styles: nothing
the page draws from the log can run (docs/serve.md "The page").
"""

from __future__ import annotations

import msgspec

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from ..html import document as html_page
from ..html.replay import data_json, verify_data
from ..html.live import Live
from . import bodies as B
from . import reads as R

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
#: What the page loads from /static/: each URL's asset files (engine/faces/html/assets/), served as one text.
STATIC = {
    "replay.js": ("replay.js",),
    "replay.css": ("replay.css",),
    "serve.js": ("move.js", "serve.js"),
    "serve.css": ("serve.css",),
}
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

#: The prompt above the page: whose move, in this seat's words (filled from GET /due and the stream).
PROMPT = """<div id="prompt" role="status" aria-live="polite"><b id="prompt-who">spectating</b>
<span id="prompt-line">Loading whose move it is…</span></div>
<div id="over" role="alert" hidden></div>
"""

#: The seat and command box at the top of the panel beside the board.
BOX = """<div id="hosted"><p class="line">seq <b id="seq">0</b> <span id="live" class="off">connecting</span>
<span id="me">spectating</span>
<button id="legend" type="button" aria-pressed="false">Legend</button></p>
<details id="seat" open><summary>Seat</summary>
<label>Seat token <input id="token" type="password" autocomplete="off"></label>
<button id="sit" type="button">Sit</button> <button id="stand" type="button">Leave</button></details>
<details id="odds" hidden open><summary>Odds before the roll</summary><pre id="odds-lines"></pre></details>
<form id="box" hidden aria-label="your move">
<label for="choice">Your moves</label> <select id="choice"></select>
<p id="none" hidden>Nothing for you to do now.</p>
<p id="choice-note" class="note"></p>
<div id="fields"></div>
<p id="pick-hint" role="status"></p>
<p id="unit-info" class="note" aria-live="polite"></p>
<p id="warn" role="alert"></p>
<details><summary>The command as JSON (editable)</summary>
<textarea id="json" rows="4" spellcheck="false" aria-label="the command as JSON"></textarea></details>
<div class="buttons"><button id="send" type="submit">Send</button> <button id="undo" type="button" hidden>Undo</button>
<button id="redo" type="button" hidden>Redo</button></div>
</form>
<p id="status" role="status"></p><p id="verify-live"></p></div>
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


#: What a page holds, in the order ``since`` and the routes take them.
COUNTS = ("steps", "commands", "faces", "strings")


def since(entry, counts: list[int]) -> bytes:
    """What a page holding ``counts`` (steps, commands, faces, strings) lacks, encoded (call under the
    entry's lock). Encoded here, in the game's worker thread, not on the event loop; the last answer is
    kept per head and counts, so pages loaded at the same moment (the same counts) share one encoding."""
    live, remade = live_of(entry)
    if remade:
        return msgspec.json.encode({"reload": True})
    key = (live.data["events"], *counts)
    kept = getattr(entry, "replay_answer", None)
    if kept is None or kept[0] != key:
        kept = entry.replay_answer = (key, msgspec.json.encode(live.since(*counts)))
    return kept[1]


def table(entry, counts: list[int]) -> bytes:
    """Everything a seat's table shows after a commit, all at one seq: what the page lacks
    (``since``), whose move, the odds, the summary and legal()'s choices (call under the entry's
    lock, which this server's writes take too)."""
    for _ in range(TRIES):
        seq = entry.fresh().state.seq
        g = entry.game
        parts = {"replay": msgspec.Raw(since(entry, counts)), "due": R.due(g), "odds": R.odds(g),
                 "summary": R.summary(entry), "legal": R.legal(g)}
        # another server of the database may append meanwhile (each part reads the head again):
        # the parts are of one seq only if it did not
        if g.state.seq == seq == g.log.last()[0]:
            break
    return msgspec.json.encode(parts)


#: Reads of the table while another server keeps appending, before the last one is answered as it is
#: (each part names its seq).
TRIES = 3


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
        f'<body data-game="{entry.id}" class="table">\n'
        + PROMPT
        + html_page.body(text, svg, BOX)
        + '<script src="/static/replay.js"></script><script src="/static/serve.js"></script>\n'
        "</body></html>\n"
    )


def _joined(files: tuple[str, ...]) -> str:
    """The asset files as one text (each a script or style that stands alone)."""
    return "\n".join(html_page.asset(f) for f in files)


def routes(hold) -> list:
    """The page, its ``replay`` and its static files; ``hold``: how requests hold a game."""

    async def game_page(request: Request) -> Response:
        async with hold.entry(request.path_params["gid"]) as entry:  # only a served game's page
            report = await hold.verify(entry)
            text = await hold.run(entry, lambda e: document(e, report))
        return HTMLResponse(text, headers=HEADERS)

    async def counted(request: Request, answer) -> Response:
        """``answer(entry, counts)`` for a page holding the counts the query gives."""
        counts = [int(B.number(request, k) or 0) for k in COUNTS]

        async with hold.entry(request.path_params["gid"]) as entry:
            return B.json(None, raw=await hold.run(entry, lambda e: answer(e, counts)))

    async def replay(request: Request) -> Response:
        """What a page holding the first N of each lacks (docs/serve.md "The page")."""
        return await counted(request, since)

    async def table_route(request: Request) -> Response:
        """The page's one read after each commit (docs/serve.md "The page")."""
        return await counted(request, table)

    def static(text: str, kind: str):
        async def serve(_request: Request) -> Response:
            return Response(text, media_type=kind, headers=HEADERS)

        return serve

    kinds = {"js": "text/javascript", "css": "text/css"}
    return [
        Route("/games/{gid:str}", game_page, methods=["GET"]),
        Route("/api/games/{gid:str}/replay", replay, methods=["GET"]),
        Route("/api/games/{gid:str}/table", table_route, methods=["GET"]),
        *(
            Route(f"/static/{url}", static(_joined(files), kinds[url.rsplit(".", 1)[1]]),
                  methods=["GET"])
            for url, files in STATIC.items()
        ),
    ]
