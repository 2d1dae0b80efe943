"""``bezique serve`` (issue 40): the web app from the command line, with clear errors."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from bezique.cli import main
from webapi import ROOT


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, check=False)


@pytest.mark.parametrize("missing", ["starlette", "uvicorn"])
def test_without_the_web_extra_serve_says_how_to_install_it(missing: str) -> None:
    done = run(f"import sys; sys.modules[{missing!r}] = None\n"
               "from bezique.cli import main; sys.exit(main(['serve']))")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == ("bezique: error: bezique serve needs the web extra: "
                           f"pip install 'bezique[web]' (missing: {missing})\n")


def test_the_rest_of_the_command_needs_no_web_extra() -> None:
    done = run("import sys; sys.modules['starlette'] = sys.modules['uvicorn'] = None\n"
               "from bezique.cli import main; sys.exit(main(['rules', 'two-pack']))")
    assert done.returncode == 0 and "Two-pack" in done.stdout


def test_an_address_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"bezique: error: cannot listen on 127.0.0.1:{port}: ")
    assert err.count("\n") == 1


@pytest.mark.parametrize("args", [["--bot", "oracle"], ["--port", "-1"], ["--burst", "0"],
                                  ["--games-per-hour", "0"], ["--request-timeout", "0"],
                                  ["--synchronous", "off"]])
def test_bad_options_are_refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: error: ") and err.count("\n") == 1


def test_serve_help_names_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0
    shown = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "--expire-days", "--forwarded-allow-ips",
                   "--games-per-hour", "--unplayed-games", "--search-slots",
                   "--max-connections", "--request-timeout", "--sockets-per-address"):
        assert option in shown


@pytest.mark.parametrize(("limits", "wanted", "set_to"), [
    ((1024, 20000), 4100, (4100, 20000)),  # raised to what the connections need
    ((1024, 2048), 4100, (2048, 2048)),  # as far as the hard limit allows
    ((8192, 20000), 4100, None)])  # already enough: left alone
def test_serve_raises_the_open_files_limit_for_its_connections(
        monkeypatch: pytest.MonkeyPatch, limits: tuple[int, int], wanted: int,
        set_to: tuple[int, int] | None) -> None:
    import resource

    from bezique import _cli_serve

    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(resource, "getrlimit", lambda kind: limits)
    monkeypatch.setattr(resource, "setrlimit", lambda kind, value: calls.append(value))
    _cli_serve._raise_file_limit(wanted)
    assert calls == ([set_to] if set_to else [])


def test_serve_speaks_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    from bezique.cli import main

    assert main(["serve", "--bot", "nobody", "--lang", "de", "--port", "0"]) == 2
    assert capsys.readouterr().err.startswith("bezique: Fehler: unbekannter Bot 'nobody'")
    assert main(["serve", "--bot", "nobody", "--lang", "fi", "--port", "0"]) == 2
    assert "'nobody'" in capsys.readouterr().err


def test_serve_tells_an_address_in_use_in_the_chosen_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    from bezique.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--lang", "fi"]) == 2
    assert capsys.readouterr().err.startswith(f"bezique: virhe: osoitetta 127.0.0.1:{port} "
                                              "ei voi kuunnella: ")


def test_max_connections_answers_503_beyond_the_limit() -> None:
    """``bezique serve --max-connections 3``: with three connections open, a request on a
    fourth is answered 503 (JSON, in the request's language, with the security headers,
    the connection closed); once they close, it is served again."""
    import json
    import time

    from test_web_languages import english_in
    from webapi import call, start_server

    process, url = start_server("--max-connections", "3")
    port = int(url.rsplit(":", 1)[1].strip("/"))
    try:
        time.sleep(0.3)  # the readiness probe's connection is gone
        idle = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(3)]
        time.sleep(0.3)  # accepted: the server counts them
        with socket.create_connection(("127.0.0.1", port), timeout=30) as extra:
            extra.sendall(b"GET /api/variants?lang=fi HTTP/1.1\r\nHost: x\r\n\r\n")
            answer = b""
            while chunk := extra.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 503"), answer
        for line in (b"content-type: application/json", b"x-frame-options: deny",
                     b"connection: close"):
            assert line in head.lower(), head
        refused = json.loads(body)
        assert refused["error"] == ("the server is at its limit of 3 connections and requests "
                                    "at once; try again shortly")
        assert "(3)" in refused["message"] and english_in(refused["message"]) == []
        for sock in idle:
            sock.close()
        time.sleep(0.3)
        assert call(url + "api/variants")[0] == 200
    finally:
        process.terminate()
        process.communicate(timeout=30)


def test_serve_tunes_the_garbage_collector_while_it_serves_and_restores_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """While ``serve`` runs uvicorn, young collections come every ``YOUNG_COLLECTION``
    allocations and what was alive before is frozen out of the collections; afterwards
    (here: the server failing) the collector is as it was."""
    import gc

    import uvicorn

    from bezique.web import serving
    from bezique.web.games import GameStore

    seen: list[tuple[tuple[int, ...], int]] = []

    def run(self: uvicorn.Server, sockets: object = None) -> None:
        seen.append((gc.get_threshold(), gc.get_freeze_count()))
        raise OSError("the server failed")

    monkeypatch.setattr(uvicorn.Server, "run", run)
    before = gc.get_threshold()
    with socket.socket() as sock, pytest.raises(OSError, match="the server failed"):
        sock.bind(("127.0.0.1", 0))
        serving.serve(GameStore(), sock)
    (threshold, frozen), = seen
    assert threshold == (serving.YOUNG_COLLECTION, *before[1:])
    assert frozen > 1000  # the modules and the app, at least
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_a_server_in_a_thread_leaves_the_collector_alone() -> None:
    """``running`` serves from a thread of the caller's program: its collector is the
    program's business."""
    import gc

    from bezique.web import serving

    before = gc.get_threshold()
    with serving.running():
        assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_the_collector_frees_the_garbage_of_the_start_before_freezing() -> None:
    """A cycle that is garbage when serving begins is collected, not frozen for good."""
    import weakref

    from bezique.web import serving

    class Node:
        pass

    node = Node()
    node.self = node  # type: ignore[attr-defined]
    gone = weakref.ref(node)
    del node
    with serving.collector_for_serving():
        assert gone() is None
