"""The trust list (engine/snapshots.py) trusts a digest when it is one whole whitespace-separated
word of the list, whatever the list's length or spacing; a digest written by one process is trusted
by the next. Each process reads the list fresh: run in processes of their own."""

from __future__ import annotations

import json
import os
import subprocess
import sys

PROBE = """
import json, sys
from turnlog.engine import snapshots as SN
asked = json.loads(sys.argv[1])
print(json.dumps([SN.trusted(d) for d in asked]))
for d in json.loads(sys.argv[2]):
    SN.trust(d)
"""


def _ask(trust_file, asked: list[str], add: list[str] = ()) -> list[bool]:
    env = {**os.environ, "TURNLOG_TRUST": str(trust_file)}
    r = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(asked), json.dumps(list(add))],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_a_digest_is_trusted_as_a_whole_word_of_the_list(tmp_path):
    a, b, c = "a" * 64, "b" * 64, "c" * 64
    text = f"{a}\n  {b}\t\r\n{'0' * 63}\n{c[:-1]}x\n" + "\n".join(f"{i:064x}" for i in range(5000))
    path = tmp_path / "trusted"
    path.write_text(text)
    asked = [
        a,
        b,
        c,
        "0" * 63,
        "0" * 62,
        a[:32],
        f"{a} {b}",
        "",
        f"{4999:064x}",
        f"{5000:064x}",
        a + "0",
    ]
    assert _ask(path, asked) == [word in set(text.split()) for word in asked]


def test_a_digest_one_process_trusts_the_next_trusts(tmp_path):
    path, d = tmp_path / "trusted", "d" * 64
    assert _ask(path, [d], add=[d]) == [False]
    assert _ask(path, [d, "e" * 64]) == [True, False]
