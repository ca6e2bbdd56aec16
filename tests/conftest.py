"""Session-wide reporting for the tests under tests/ (loaded by the xdist controller too, unlike tests/browser/)."""

from __future__ import annotations

import time

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
