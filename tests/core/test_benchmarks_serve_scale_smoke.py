"""The hosted-play-at-scale benchmarks run end to end at a trivial size, so they cannot rot: many
games and followers, several servers on one PostgreSQL, the hostile mixes. No time is asserted
(the machine is shared); what is asserted is that every figure was produced and nothing was lost."""
from __future__ import annotations

import sys
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

pytest.importorskip("uvicorn", reason="pip install -e '.[serve]' (or '.[test]')")

from benchmarks import serve_followers, serve_hostile, serve_pg  # noqa: E402


def test_many_games_and_followers_every_push_arrives(tmp_path):
    r = serve_followers.run(games=3, per_game=2, commands=6, drivers=2, idle=0.05, work=tmp_path)
    assert (r["followers"], r["pushes"], r["missing_pushes"]) == (6, 12, 0)
    assert r["rss_kib"]["games"] > 0 and r["push_p99_ms"] == r["push_p99_ms"]  # not nan
    assert r["unfollowed"]["commands_per_s"] > 0
    assert "| 3 | 6 |" in serve_followers.markdown(r)


def test_followers_on_postgresql_every_push_arrives_and_connections_are_counted(tmp_path):
    from store_backends import cluster

    c = cluster()
    name = f"bench_{uuid.uuid4().hex[:10]}"
    c.createdb(name)
    url = f"postgresql:///{name}?host={c.socket}&user=postgres"
    r = serve_followers.run(games=2, per_game=2, commands=4, drivers=2, idle=0.05, work=tmp_path,
                            pg=2, url=url)
    assert (r["followers"], r["pushes"], r["missing_pushes"]) == (4, 8, 0)
    assert 1 <= r["db_connections_most"] <= 3  # the pool of 2 and the listener
    assert "(pool 2, and the listener)" in serve_followers.markdown(r)


def test_servers_on_one_postgresql_each_count_plays(tmp_path):
    from store_backends import cluster

    c = cluster()
    name = f"bench_{uuid.uuid4().hex[:10]}"
    c.createdb(name)
    url = f"postgresql:///{name}?host={c.socket}&user=postgres"
    r = serve_pg.run((2,), clients=2, commands=2, work=tmp_path, url=url)
    assert [(x["servers"], x["commands"]) for x in r["runs"]] == [(2, 4)]
    assert "× 1 server" in serve_pg.markdown(r)


def test_every_hostile_mix_is_measured_and_each_attack_was_answered(tmp_path):
    n = {"replayers": 2, "verifiers": 2, "slow": 3, "bad": 2, "nested": 1, "nested_bytes": 4096,
         "followers": 2}
    # attacks at the server's own niceness: niced, a loaded test machine may leave them no time at
    # all in a window this short, and this test asks only that each attack was made and answered
    r = serve_hostile.run(samples=2, units=20, hexes=40, n=n, work=tmp_path, settle=0.0, nice=0)
    rows = {x["mix"]: x for x in r["rows"]}
    assert list(rows) == ["idle", "replay.cold", "replay.warm", "verify.cold", "verify.warm",
                          "slowloris", "bad_input", "bad_token", "nested_body", "followers",
                          "idle again"]
    assert rows["replay.warm"]["attack_answers"].get("200", 0) > 0
    assert rows["verify.warm"]["attack_answers"].get("200", 0) > 0
    assert rows["slowloris"]["attack_answers"]["opened"] >= 3
    refused = rows["bad_input"]["attack_answers"]
    assert refused and all(k.startswith("4") or k == "503" for k in refused)
    assert set(rows["bad_token"]["attack_answers"]) <= {"401", "503"}
    assert set(rows["nested_body"]["attack_answers"]) == {"400"}
    assert rows["followers"]["attack_answers"]["200"] == 2
    assert all(x["board_p99_ratio"] > 0 for x in r["rows"])


def test_a_pinned_hostile_run_keeps_the_server_on_its_cpu_and_the_clients_off_it(tmp_path):
    import os

    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one CPU: nothing to pin apart")
    before = os.sched_getaffinity(0)
    r = serve_hostile.run(samples=2, units=20, hexes=40, n={"followers": 2}, work=tmp_path,
                          settle=0.0, nice=0, only=("followers",), pin=True)
    cpus = sorted(before)
    assert r["pinned"] == {"server": cpus[:1], "clients": cpus[1:]}  # every server thread checked
    assert [x["mix"] for x in r["rows"]] == ["idle", "followers", "idle again"]
    assert r["rows"][1]["attack_answers"]["200"] == 2
    assert os.sched_getaffinity(0) == before  # this process is given its CPUs back
