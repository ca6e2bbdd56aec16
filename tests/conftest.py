"""Fixtures shared by tests/ (the strict build) and session-wide reporting (loaded by the xdist controller too)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from filelock import FileLock

from tools import qa

STARTED = time.time()


def pytest_terminal_summary(terminalreporter):
    # The search rates of tests/browser/test_search.py, also when it ran on an xdist worker (whose output pytest
    # does not show).
    report = qa.ROOT / "test-artifacts" / "search-quality.txt"
    if report.exists() and report.stat().st_mtime >= STARTED:
        summary = report.read_text(encoding="utf-8").split("\n\n")[0]
        terminalreporter.write_sep("-", "search quality (test-artifacts/search-quality.txt)")
        terminalreporter.write_line(summary)


def build(out: Path) -> None:
    """`mkdocs build --strict` into `out`. Never add --quiet: it hides the warnings that --strict counts."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=qa.ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{proc.stderr}{proc.stdout}", pytrace=False)


def once_per_run(tmp_path_factory, worker_id: str, name: str, make) -> Path:
    """A folder that make(folder) fills once per test run; xdist workers share it (the first one makes it)."""
    if worker_id == "master":
        out = tmp_path_factory.mktemp(name)
        make(out)
        return out
    shared = tmp_path_factory.getbasetemp().parent  # this run's directory, common to its workers
    out = shared / name
    with FileLock(shared / f"{name}.lock"):
        if not out.exists():
            partial = shared / f"{name}.partial"  # renamed only once make() succeeded
            shutil.rmtree(partial, ignore_errors=True)
            partial.mkdir()
            make(partial)
            partial.rename(out)
    return out


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, worker_id) -> Path:
    """The site, built once per test run by `mkdocs build --strict`."""
    return once_per_run(tmp_path_factory, worker_id, "site", build)
