"""`turnlog serve`: hosted play over HTTP (the optional extra ``turnlog[serve]``: Starlette and
uvicorn).

app.py holds the routes, games.py the games served, registry.py and pgregistry.py which games
those are (files in --dir, tables in --db), auth.py the seat tokens, push.py the live
push (Server-Sent Events; hub.py and poller.py behind it), page.py the page per game, bodies.py
request limits and error answers (nesting.py a creation's nesting as it arrives).
Nothing else imports this package; the CLI imports it only for `turnlog serve`. docs/serve.md.
"""
