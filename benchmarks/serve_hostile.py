"""Another game's latency on one `turnlog serve` while hostile clients press it, attack by attack.

``python -m benchmarks.serve_hostile [--samples 200 --units 3000 --hexes 5000]`` starts one server
(SQLite, --dir in a temporary folder, every limit at its default but the creation quota), creates
an honest two-seat game, a game of ``--units`` units and one of a ``--hexes``-hex map (both uploaded
through the API), then measures the honest game's ``GET /board`` and a command (a note as its seat),
one after the other ``--samples`` times each, while the server is idle and then under each attack
of benchmarks/serve_attacks.py in turn, each in a process of its own:

- ``replay``: 45 anonymous clients asking the unit-heavy game's whole page data (``/replay``),
  measured while its page data is first built (cold) and after (warm);
- ``verify``: 45 anonymous clients asking the large map's ``/verify`` (cold: its first verify runs;
  warm: the report kept for its head);
- ``slowloris``: 500 connections sending a request's head a header a second, never ending it;
- ``bad_input``: 20 clients sending requests the server must refuse (malformed, oversized, deeply
  nested, unauthorised, unknown routes), back to back;
- ``bad_token``: the same 20 clients posting commands with tokens no seat has to the honest game
  itself;
- ``nested_body``: 5 anonymous clients posting creations of 1 MiB of nested brackets (the most a
  creation may send), which the server refuses before parsing;
- ``followers``: 300 followers of one game while its seat posts a note every 100 ms.

The server runs at its default budget of refusals (--refusals-per-minute 600, front.py): the
attacks share the honest client's address, 127.0.0.1, and past the budget their refusals are
answered a second late, while the honest answers (200s) never are. ``--budget 0`` answers every
refusal at once, as the budget would a flood spread over many addresses.

The target is the honest game's p99 within 2 x idle. ``--only KIND ...`` runs those attacks
alone (the large games are uploaded only for the replay and the verify). Each attack's process
runs at niceness +19 (``--nice``, 0 for the server's own): on a machine of two cores an attack at
the server's priority takes CPU from it that a real attacker's own machines would not.
``--pin`` runs the server alone on one CPU, and the honest client and the attacks (at their
niceness) on the others, as machines of their own would: on two cores, niceness alone still lets
an attack take the core the server's threads would use. ``--profile DIR`` records
the server with py-spy during each attack (when py-spy is installed).
Writes benchmarks/results/serve_hostile-STAMP.json and prints the Markdown table.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import msgspec

from . import gen
from . import serve_common as C
from .serve_attacks import attack
from .serve_followers import cpu_seconds

THREE = {"AX": "alice", "RU": "bob", "WA": "carol"}


def upload(base: str, doc: dict) -> tuple[str, dict]:
    """A game of the scenario ``doc`` created through the API: its id and tokens."""
    text = msgspec.json.encode(doc).decode()
    r = httpx.post(f"{base}/api/games", timeout=600, json={
        "scenario": {"format": "json", "text": text}, "seats": THREE})
    if r.status_code != 201:
        raise RuntimeError(f"upload: {r.status_code} {r.text[:300]}")
    return r.json()["id"], r.json()["tokens"]


def bundled(base: str) -> tuple[str, dict]:
    r = httpx.post(f"{base}/api/games", json={"scenario": C.SCENARIO, "seats": C.SEATS},
                   timeout=120)
    r.raise_for_status()
    return r.json()["id"], r.json()["tokens"]


#: Niceness added to each attack's process: on 2 cores an attack process at the server's
#: priority takes CPU the server would have, which a real attacker's own machines would not.
NICE = 19
#: Seconds a mix's honest samples may take: under an attack that starves the server, fewer.
BUDGET = 60.0


def honest(api: httpx.Client, gid: str, samples: int) -> dict:
    """``samples`` of the honest game's board read and of its note, alternating (fewer if they
    pass ``BUDGET`` seconds); an answer other than 200 is counted by its status (a 503 ``busy``
    is the server's bound at work)."""
    board, command = [], []
    refused: dict[str, int] = {}
    clock = time.perf_counter
    end = clock() + BUDGET
    for i in range(samples):
        if clock() > end:
            break
        note = json.dumps({"type": "AddNote", "text": f"honest {i}"})
        for xs, method, url, body in ((board, "GET", f"/api/games/{gid}/board", None),
                                      (command, "POST", f"/api/games/{gid}/commands", note)):
            t = clock()
            r = api.request(method, url, content=body)
            xs.append(clock() - t)
            if r.status_code != 200:
                if r.status_code != 503:
                    raise RuntimeError(f"honest: {r.status_code} {r.text[:200]}")
                refused[str(r.status_code)] = refused.get(str(r.status_code), 0) + 1
    return {"samples": len(board), "honest_refused": refused, **{
        f"{what}_{q}_ms": C.ms(C.pct(xs, v)) for what, xs in (("board", board),
        ("command", command)) for q, v in (("p50", 0.5), ("p99", 0.99))}}


def quiet(api: httpx.Client, gid: str, samples: int, pid: int) -> dict:
    """The honest figures with no attack, and the server's CPU meanwhile."""
    t, cpu = time.perf_counter(), cpu_seconds(pid)
    row = {"mix": "idle", **honest(api, gid, samples)}
    took = time.perf_counter() - t
    return {**row, "server_cpu_pct": round(100 * (cpu_seconds(pid) - cpu) / took),
            "attack_cpu_pct": 0}


class Profiler:
    """py-spy recording the server while a phase runs (nothing when it is not asked for)."""

    def __init__(self, folder: Path | None, pid: int, name: str):
        self.proc = None
        if folder is not None and shutil.which("py-spy"):
            folder.mkdir(parents=True, exist_ok=True)
            self.proc = subprocess.Popen(
                # --gil: only the thread holding the GIL, the one every other request waits for
                ["py-spy", "record", "--nonblocking", "--gil", "--format", "raw", "--pid",
                 str(pid), "--output", str(folder / f"{name}.txt")],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGINT)  # py-spy writes its profile on SIGINT
            self.proc.wait(60)


def under(kind: str, aim: dict, server: C.Server, api, gid: str, samples: int,
          profile: Path | None, phases=("",), settle: float = 1.0, nice: int = 0,
          cpus: set[int] | None = None) -> list[dict]:
    """The honest figures of each phase of attack ``kind`` (cold: before its first 200)."""
    ctx = mp.get_context("fork")  # this process runs no thread: a fork copies no held lock
    ready, first, stop, tally = ctx.Event(), ctx.Event(), ctx.Event(), ctx.Queue()
    proc = ctx.Process(target=attack,
                       args=(kind, server.base, aim, ready, first, stop, tally, nice, cpus))
    proc.start()
    rows = []
    try:
        if not ready.wait(120):
            raise RuntimeError(f"the {kind} attack did not start")
        time.sleep(settle)  # the attack at full pressure before the first sample
        for phase in phases:
            if phase == "warm" and not first.wait(900):
                raise RuntimeError(f"the {kind} attack got no 200 in 15 minutes")
            name = f"{kind}.{phase}" if phase else kind
            prof = Profiler(profile, server.pid, name)
            cpu = (cpu_seconds(server.pid), cpu_seconds(proc.pid), time.perf_counter())
            try:
                rows.append({"mix": name, "cold_had_a_200": first.is_set() if phase == "cold"
                             else None, **honest(api, gid, samples)})
            finally:
                prof.stop()
            took = time.perf_counter() - cpu[2]
            rows[-1]["server_cpu_pct"] = round(100 * (cpu_seconds(server.pid) - cpu[0]) / took)
            rows[-1]["attack_cpu_pct"] = round(100 * (cpu_seconds(proc.pid) - cpu[1]) / took)
            server.alive()
    finally:
        stop.set()
        proc.join(120)
        got = tally.get(timeout=30) if proc.exitcode == 0 else {"exit": proc.exitcode}
    for row in rows:
        row["attack_answers"] = {str(k): v for k, v in got.items()}
    return rows


def mixes(n: dict, games: dict) -> list[tuple[str, dict, tuple]]:
    """Each attack with what it aims at, and its phases."""
    return [
        ("replay", {"gid": games.get("units"), "n": n["replayers"]}, ("cold", "warm")),
        ("verify", {"gid": games.get("map"), "n": n["verifiers"]}, ("cold", "warm")),
        ("slowloris", {"gid": games["target"], "n": n["slow"]}, ("",)),
        ("bad_input", {"gid": games["target"], "token": games["target_token"],
                       "n": n["bad"]}, ("",)),
        ("bad_token", {"gid": games["honest"], "n": n["bad"]}, ("",)),
        ("nested_body", {"n": n["nested"], "bytes": n["nested_bytes"]}, ("",)),
        ("followers", {"gid": games["target"], "token": games["target_token"],
                       "n": n["followers"], "every": 0.1}, ("",)),
    ]


def pinning(pin: bool) -> tuple[set[int] | None, set[int] | None]:
    """With ``pin``: the server's CPU (the first this process may use) and the clients' (the rest:
    the honest client, this process, and the attacks, at their niceness); else (None, None)."""
    cpus = sorted(os.sched_getaffinity(0))
    if not pin or len(cpus) < 2:
        return None, None
    server, clients = {cpus[0]}, set(cpus[1:])
    os.sched_setaffinity(0, clients)
    return server, clients


def run(samples: int = 200, units: int = 3000, hexes: int = 5000, n: dict | None = None,
        work: Path | None = None, profile: Path | None = None, only: tuple = (),
        settle: float = 1.0, nice: int = NICE, pin: bool = False,
        budget: int | None = None) -> dict:
    """Measure the honest game idle and under each attack (see the module's docstring);
    ``budget``: the server's --refusals-per-minute (None: its default)."""
    n = {"replayers": 45, "verifiers": 45, "slow": 500, "bad": 20, "nested": 5,
         "nested_bytes": 1 << 20, "followers": 300, **(n or {})}
    C.raise_files()
    keep = work is not None
    work = Path(work or tempfile.mkdtemp(prefix="turnlog-serve-hostile-"))
    was = os.sched_getaffinity(0)
    mine, clients = pinning(pin)
    flags = () if budget is None else ("--refusals-per-minute", str(budget))
    server = C.Server("--dir", str(work / "games"), "--max-games-per-client", "1000", *flags,
                      log=work / "server.log", cpus=mine)
    try:
        if mine:
            assert all(os.sched_getaffinity(int(t)) == mine
                       for t in os.listdir(f"/proc/{server.pid}/task")), "the server is not pinned"
        gid, tokens = bundled(server.base)
        target, target_tokens = bundled(server.base)
        games = {"target": target, "target_token": target_tokens["alice"], "honest": gid}
        if not only or "replay" in only:
            games["units"] = upload(server.base, gen.scenario_doc(units, units_per_hex=1.0))[0]
        if not only or "verify" in only:
            games["map"] = upload(server.base, gen.scenario_doc(hexes, units_per_hex=0.1))[0]
        auth = {"Authorization": f"Bearer {tokens['alice']}"}
        with httpx.Client(base_url=server.base, timeout=600, headers=auth) as api:
            honest(api, gid, 5)  # warm: the game open, the connection made
            rows = [quiet(api, gid, samples, server.pid)]
            for kind, aim, phases in mixes(n, games):
                if not only or kind in only:
                    rows += under(kind, aim, server, api, gid, samples, profile, phases, settle,
                                  nice, clients)
            rows.append({**quiet(api, gid, samples, server.pid), "mix": "idle again"})
    finally:
        server.stop()
        os.sched_setaffinity(0, was)
    if not keep:  # kept when the run fails: the server's stderr is in it
        shutil.rmtree(work, ignore_errors=True)
    idle = rows[0]
    for row in rows:
        for what in ("board", "command"):
            row[f"{what}_p99_ratio"] = round(row[f"{what}_p99_ms"] / idle[f"{what}_p99_ms"], 2)
    return {"samples": samples, "units": units, "hexes": hexes, "attackers": n,
            "attack_nice": nice, "rows": rows, "refusals_per_minute": budget,
            "pinned": {"server": sorted(mine), "clients": sorted(clients or ())} if mine else None}


def markdown(r: dict) -> str:
    return C.table(
        ["mix", "samples", "board p50 ms", "board p99 ms", "× idle p99", "command p50 ms",
         "command p99 ms", "× idle p99", "honest 503s", "CPU % server / attack",
         "the attack's answers"],
        [[x["mix"], x["samples"], x["board_p50_ms"], x["board_p99_ms"], x["board_p99_ratio"],
          x["command_p50_ms"], x["command_p99_ms"], x["command_p99_ratio"],
          x["honest_refused"].get("503", 0), f"{x['server_cpu_pct']} / {x['attack_cpu_pct']}",
          ", ".join(f"{k}: {v:,}" for k, v in x.get("attack_answers", {}).items())]
         for x in r["rows"]])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--samples", type=int, default=200, help="of each honest request, per mix")
    p.add_argument("--units", type=int, default=3000, help="units of the replayed game")
    p.add_argument("--hexes", type=int, default=5000, help="hexes of the verified game's map")
    p.add_argument("--only", nargs="+", default=(), help="these attacks only")
    p.add_argument("--profile", type=Path, help="py-spy recordings of the server into DIR")
    p.add_argument("--nice", type=int, default=NICE,
                   help="niceness added to each attack's process (0: as the server's)")
    p.add_argument("--pin", action="store_true",
                   help="the server on one CPU, the honest client and the attacks on the others")
    p.add_argument("--budget", type=int, metavar="N",
                   help="the server's --refusals-per-minute (default: its own; 0: every refusal "
                        "at once, as a flood from many addresses would be answered)")
    p.add_argument("--out", type=Path, help="the JSON (default benchmarks/results/...)")
    a = p.parse_args(argv)
    r = run(a.samples, a.units, a.hexes, profile=a.profile, only=tuple(a.only), nice=a.nice,
            pin=a.pin, budget=a.budget)
    print(f"wrote {C.write('serve_hostile', r, a.out)}")
    print(f"attack processes at niceness +{r['attack_nice']}")
    if r["pinned"]:
        print(f"the server on CPU {r['pinned']['server']}, the honest client and the attacks on "
              f"{r['pinned']['clients']}")
    print(markdown(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
