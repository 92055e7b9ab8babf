"""Run `turnlog` as a fresh process without paying its start-up each time: a forked warm interpreter.

One helper process per test process imports the CLI once and waits; each run forks it, and the child
(a new process, with nothing from any test in it) takes the run's working directory, environment,
standard streams and argv, runs ``python -m turnlog.engine.faces.cli`` as the interpreter would, and
exits with its status. Only the imports are shared, so what a test sees is what a fresh interpreter
prints; the hundreds of CLI runs in the suite skip the import of the package each time.

A run the warm process cannot stand for falls back to a real ``subprocess.run``: an environment that
changes how the interpreter starts (PYTHON*, the locale), or a run while another is in flight.
"""
from __future__ import annotations

import io
import json
import locale
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

MODULE = "turnlog.engine.faces.cli"

#: The child's side: fork per request, take the streams and the environment, run the module as ``-m``.
CHILD = r'''
import atexit, json, os, random, runpy, sys, traceback
import turnlog.engine.faces.cli, turnlog.engine.faces.cli.app  # the imports every run shares
import turnlog.engine.scenario, turnlog.engine.verify  # what most runs import later
rfd, wfd = int(sys.argv[1]), int(sys.argv[2])
requests = os.fdopen(rfd, "rb", buffering=0)
answers = os.fdopen(wfd, "wb", buffering=0)

def run(req):
    os.chdir(req["cwd"])
    os.environ.clear()
    os.environ.update(req["env"])
    for fd, path, mode in ((0, req["stdin"], os.O_RDONLY), (1, req["stdout"], os.O_WRONLY),
                           (2, req["stderr"], os.O_WRONLY)):
        opened = os.open(path, mode)
        os.dup2(opened, fd)
        os.close(opened)
    requests.close()
    answers.close()
    random.seed()
    sys.argv = ["-m", *req["args"]]
    code = 0
    try:
        runpy.run_module(req["module"], run_name="__main__", alter_sys=True)
    except SystemExit as exc:
        if exc.code is None:
            code = 0
        elif isinstance(exc.code, int):
            code = exc.code
        else:
            print(exc.code, file=sys.stderr)
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 1
    try:
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)

for line in requests:
    req = json.loads(line)
    pid = os.fork()
    if pid == 0:
        run(req)
    answers.write(f"{pid}\n".encode())
    _, status = os.waitpid(pid, 0)
    answers.write(f"{os.waitstatus_to_exitcode(status)}\n".encode())
'''

#: What the interpreter reads at its start: a run that sets one of these needs a real new interpreter.
STARTUP = ("PYTHON", "LC_", "LANG")


class Warm:
    """The warm interpreter of this test process, started on first use."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.proc: subprocess.Popen | None = None
        self.env: dict[str, str] = {}

    def start(self, env: dict[str, str]) -> None:
        req_r, req_w = os.pipe()
        ans_r, ans_w = os.pipe()
        self.proc = subprocess.Popen([sys.executable, "-c", CHILD, str(req_r), str(ans_w)], env=env,
                                     pass_fds=(req_r, ans_w), stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(req_r)
        os.close(ans_w)
        self.requests = os.fdopen(req_w, "wb", buffering=0)
        self.answers = os.fdopen(ans_r, "rb", buffering=0)
        self.env = env

    def stands_for(self, env: dict[str, str]) -> bool:
        """Whether a fork of the warm interpreter starts as a new one with ``env`` would."""
        def startup(e):
            return {k: v for k, v in e.items() if k.startswith(STARTUP)}
        return self.proc is None or (self.proc.poll() is None and startup(env) == startup(self.env))

    def run(self, args: list[str], cwd, env, stdin: str | None, timeout: float):
        """``args`` run as ``python -m turnlog.engine.faces.cli``; None if the warm process cannot."""
        if not self.lock.acquire(blocking=False):
            return None
        try:
            if not self.stands_for(env):
                return None
            if self.proc is None:
                self.start(env)
            return self._run(args, cwd, env, stdin, timeout)
        finally:
            self.lock.release()

    def _run(self, args, cwd, env, stdin, timeout):
        with tempfile.TemporaryDirectory(prefix="warm-cli-") as d:
            paths = {k: Path(d) / k for k in ("stdin", "stdout", "stderr")}
            encoding = locale.getpreferredencoding(False)
            paths["stdin"].write_bytes((stdin or "").encode(encoding))
            for k in ("stdout", "stderr"):
                paths[k].touch()
            req = {"module": MODULE, "args": args, "cwd": str(cwd or os.getcwd()), "env": env,
                   **{k: str(p) for k, p in paths.items()}}
            self.requests.write(json.dumps(req).encode() + b"\n")
            pid = int(self._line(timeout))
            try:
                code = int(self._line(timeout))
            except TimeoutError:
                os.kill(pid, 9)
                self._line(5)
                raise subprocess.TimeoutExpired([MODULE, *args], timeout) from None
            out, err = (_text(paths[k].read_bytes(), encoding) for k in ("stdout", "stderr"))
        return subprocess.CompletedProcess([sys.executable, "-m", MODULE, *args], code, out, err)

    def _line(self, timeout: float) -> str:
        import select
        line = b""
        while not line.endswith(b"\n"):
            ready, _, _ = select.select([self.answers], [], [], timeout)
            if not ready:
                raise TimeoutError
            got = self.answers.read(1)
            if not got:
                raise RuntimeError("the warm CLI process ended")
            line += got
        return line.decode()


def _text(data: bytes, encoding: str) -> str:
    """As ``subprocess.run(text=True)`` decodes: the locale's encoding, universal newlines."""
    return io.TextIOWrapper(io.BytesIO(data), encoding=encoding).read()


WARM = Warm()


def run(args, *, cwd=None, env=None, stdin: str | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess:
    """``python -m turnlog.engine.faces.cli ARGS`` with text output, from the warm process when it can."""
    args = [str(a) for a in args]
    env = dict(os.environ if env is None else env)
    got = WARM.run(args, cwd, env, stdin, timeout)
    if got is not None:
        return got
    return subprocess.run([sys.executable, "-m", MODULE, *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=timeout)
