"""`turnlog serve`: hosted play over HTTP (the optional extra ``turnlog[serve]``: Starlette and
uvicorn).

app.py holds the routes, games.py the games served, registry.py and pgregistry.py which games
those are (files in --dir, tables in --db), auth.py the seat tokens, push.py the live push
(Server-Sent Events; poller.py watches the followed SQLite games), page.py the page per game,
bodies.py request limits and error answers.
Nothing else imports this package; the CLI imports it only for `turnlog serve`. docs/serve.md.
"""
