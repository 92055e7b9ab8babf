"""`turnlog serve` checks where and how it may run before it starts: a port outside 1-65535, a
--dir that is a file, an address it may not or cannot listen on, a bound below 1 are each one line
on stderr and exit 2; an IPv6 address in brackets is listened on as given."""

from __future__ import annotations

import io
import socket
from contextlib import redirect_stderr, redirect_stdout

import pytest

from serve_helpers import Server, needs_starlette

needs_starlette()
httpx = pytest.importorskip("httpx")

from turnlog.engine.faces.cli import main  # noqa: E402


def _refused(*argv: str) -> str:
    err = io.StringIO()
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        assert main(["serve", *argv]) == 2
    text = err.getvalue()
    assert text.count("\n") == 1 and "Traceback" not in text
    return text


@pytest.mark.parametrize("port", ["99999", "0", "65536"])
def test_a_port_outside_the_tcp_range_is_one_line(tmp_path, port):
    assert "--port" in _refused("--dir", str(tmp_path), "--port", port)


def test_a_dir_that_is_a_file_is_one_line(tmp_path):
    (tmp_path / "games").write_text("not a folder")
    assert "--dir" in _refused("--dir", str(tmp_path / "games"))


def test_an_address_in_use_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        assert "--port" in _refused("--dir", str(tmp_path), "--port", port)


@pytest.mark.parametrize("flags", [["--host", "10.9.8.7"], ["--max-connections", "0"],
                                   ["--max-open-games", "0"], ["--timeout", "0"],
                                   ["--timeout", "nan"]])
def test_an_address_not_allowed_or_a_bound_below_one_is_one_line(tmp_path, flags):
    assert flags[0] in _refused("--dir", str(tmp_path), *flags)


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.skipif(not _ipv6_loopback(), reason="no IPv6 loopback here")
def test_an_ipv6_address_in_brackets_is_listened_on(tmp_path):
    srv = Server(tmp_path, "--host", "[::1]")
    srv.host, srv.url = "::1", f"http://[::1]:{srv.port}"
    with srv:
        assert httpx.get(srv.url + "/api/games").json() == {"games": []}
