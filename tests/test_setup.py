"""The README's set-up is true: serving needs Python and make alone (no Node.js)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from tools.qa import PROJECT


def path_without_node(folder: Path) -> str:
    """A PATH with make and a shell, and nothing else: no node, no npm."""
    folder.mkdir()
    for tool in ("make", "sh", "bash"):
        found = shutil.which(tool)
        assert found, f"{tool} is needed"
        (folder / tool).symlink_to(found)
    path = str(folder)
    assert (
        shutil.which("node", path=path) is None
        and shutil.which("npm", path=path) is None
    )
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_needs_no_node(tmp_path, built_site):
    """`make serve` (the README's first command) with make and Python alone. It builds the
    whole site before it serves it, so this also proves the build needs no Node.js.
    built_site: the notebooks' execution cache is warm, so the build does not run them
    again."""
    env = {**os.environ, "PATH": path_without_node(tmp_path / "bin")}

    port = free_port()
    serve = subprocess.Popen(
        ["make", "serve", f"PORT={port}"],
        cwd=PROJECT.root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        deadline, page = time.monotonic() + 120, ""
        while time.monotonic() < deadline and serve.poll() is None:
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/", timeout=2
                ) as r:
                    page = r.read().decode()
                    break
            except OSError:
                time.sleep(0.5)
        assert "PyTorch" in page, "make serve without Node.js served nothing"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(serve.pid, 15)
        out, _ = serve.communicate(timeout=30)
    assert "Traceback" not in out, out


def test_make_lint_passes():
    """`make lint` (ruff on the snippets, the walkthroughs, the tests and the tools, the
    Makefile's CODE) passes: the machinery is held to what it asks of contributions."""
    done = subprocess.run(
        ["make", "-s", "lint"], cwd=PROJECT.root, capture_output=True, text=True
    )
    assert done.returncode == 0, (
        f"make lint failed:\n{done.stdout}{done.stderr}\nfix: run `make format`, then "
        "fix by hand what it cannot"
    )


def test_nothing_outside_tests_imports_from_tests():
    """The machinery (rules, runner, page reader, project facts) is tools/qa; the build, the bench
    and the search tools import it, never the test code: tests/ holds tests and their fixtures."""
    import ast

    from tools.qa import PROJECT

    wrong = []
    for path in sorted((PROJECT.root / "tools").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names] if isinstance(node, ast.Import) else
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            )  # fmt: skip
            wrong += [
                f"{PROJECT.rel(path)}:{node.lineno} imports {n}"
                for n in names
                if n == "tests" or n.startswith("tests.")
            ]
    assert not wrong, "tools/ must not import from tests/:\n" + "\n".join(wrong)
