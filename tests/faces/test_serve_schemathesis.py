"""schemathesis against a live `turnlog serve`: thousands of requests generated from /openapi.json
(in and out of its bounds) on a real game with a seat's token, then stateful sequences that follow the
description's links from a creation to the game it made, and every answer is no 5xx, has a
status the description lists for its route, the content type it names and a body its schema (the
msgspec Structs') accepts."""

from __future__ import annotations

import subprocess
import sys

import pytest

from serve_helpers import OPEN_CLAIMS, SCENARIO, SEATS, Server, bearer, needs_starlette

needs_starlette()
httpx = pytest.importorskip("httpx")
pytest.importorskip("schemathesis")

CHECKS = ("not_a_server_error,status_code_conformance,content_type_conformance,"
          "response_schema_conformance")


def test_generated_requests_get_only_described_answers_and_never_a_5xx(tmp_path):
    # a fuzzer's thousands of refused requests are its purpose, not a flood: none is held late
    # (the budget has tests of its own: test_serve_refusals_late_live.py)
    with Server(tmp_path / "games", "--max-games-per-client", "100000",
                "--refusals-per-minute", "0") as srv:
        r = httpx.post(srv.url + "/api/games",
                       json={"scenario": SCENARIO, "seats": SEATS, "claims": OPEN_CLAIMS})
        gid, tokens = r.json()["id"], r.json()["tokens"]
        config = tmp_path / "schemathesis.toml"
        config.write_text(f'[parameters]\ngid = "{gid}"\n')  # a real game, not only 404s
        (token,) = bearer(tokens["alice"]).values()
        done = subprocess.run(
            [sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run",
             srv.url + "/openapi.json", "--checks", CHECKS, "--max-examples", "15", "--seed", "1",
             "--workers", "1", "--phases", "examples,coverage,fuzzing,stateful", "--request-timeout", "30",
             # an event stream never ends by design: tests/faces/test_serve_live.py follows it
             "--exclude-path-regex", "events$",
             "--header", f"Authorization: {token}", "--no-color"],
            capture_output=True, text=True, timeout=900,
            cwd=tmp_path,  # its cache folder stays out of the checkout
        )
        assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
        assert httpx.get(f"{srv.url}/api/games/{gid}/verify").json()["ok"]  # what it wrote plays
