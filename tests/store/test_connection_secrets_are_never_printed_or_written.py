"""No secret part of a PostgreSQL connection string is ever printed or written: the user part's password,
``?password=`` / ``&password=`` and ``sslpassword=`` (valid libpq forms) show as ``***`` in success lines,
errors, verify's header and the HTML page meant to be mailed. The server trusts its socket, so a password
given is accepted and ignored: every command below runs for real."""
from __future__ import annotations

from fixtures.backbone import cli

from turnlog.events.url import redacted

SECRET = "s3cr3t-pw"


def test_redacted_hides_every_secret_form():
    for url in (f"postgresql://alice:{SECRET}@db.example/turn?game=g",
                f"postgresql:///turn?host=/s&password={SECRET}&game=g",
                f"postgres://h/turn?game=g&sslpassword={SECRET}",
                f"postgresql://alice:{SECRET}@h/turn?PASSWORD={SECRET}&game=g"):
        shown = redacted(url)
        assert SECRET not in shown and "***" in shown, shown
    assert redacted("postgresql://alice@h/turn?game=g") == "postgresql://alice@h/turn?game=g"


def test_no_command_prints_or_writes_a_password(pg_store, tmp_path):
    url = pg_store.new("secret") + f"&password={SECRET}"
    user_form = pg_store.new("secret2").replace("postgresql:///", f"postgresql://postgres:{SECRET}@/")
    outputs = []
    for argv in (["new", "bridgehead-14-65", "--db", url], ["verify", "--db", url], ["show", "--db", url],
                 ["export", "--db", url, "--html", tmp_path / "page.html"],
                 ["export", "--db", url, "-o", tmp_path / "x.jsonl"],
                 ["copy", url, user_form], ["verify", "--db", user_form],
                 ["log", "--db", url.replace("game=", "game=nope-")],          # an error quoting the URL
                 ["new", "bridgehead-14-65", "--db", url]):                     # refused: already there
        r = cli(*argv, cwd=tmp_path)
        outputs.append(r.stdout + r.stderr)
    assert "VERIFIED" in outputs[1] and "events copied" in outputs[5], outputs
    assert "***" in outputs[1] and "***" in outputs[5]
    for text in outputs:
        assert SECRET not in text, text
    assert SECRET not in (tmp_path / "page.html").read_text()
    assert SECRET not in (tmp_path / "x.jsonl").read_text()
