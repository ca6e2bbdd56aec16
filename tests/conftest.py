"""Fixtures shared by tests/: the scratch folder, and one strict build per test run."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from filelock import FileLock

from tools import build
from tools.qa import PROJECT, runner

STARTED = time.time()


def pytest_configure(config):
    # Everything the tests write under TMPDIR goes into the folder they own.
    scratch = runner.scratch()
    (scratch / "tmp").mkdir(parents=True, exist_ok=True)
    os.environ["TMPDIR"] = str(scratch / "tmp")
    tempfile.tempdir = None  # computed again from TMPDIR


def pytest_terminal_summary(terminalreporter):
    # The search rates of tests/browser/test_search.py, also when it ran on an xdist
    # worker.
    report = PROJECT.root / "test-artifacts" / "search-quality.txt"
    if report.exists() and report.stat().st_mtime >= STARTED:
        summary = report.read_text(encoding="utf-8").split("\n\n")[0]
        terminalreporter.write_sep(
            "-", "search quality (test-artifacts/search-quality.txt)"
        )
        terminalreporter.write_line(summary)


def once_per_run(tmp_path_factory, worker_id: str, name: str, make) -> Path:
    """A folder that make(folder) fills once per test run; xdist workers share it."""
    if worker_id == "master":
        out = tmp_path_factory.mktemp(name)
        make(out)
        return out
    shared = (
        tmp_path_factory.getbasetemp().parent
    )  # this run's directory, common to its workers
    out = shared / name
    with FileLock(shared / f"{name}.lock"):
        if not out.exists():
            partial = shared / f"{name}.partial"  # renamed only once make() succeeded
            shutil.rmtree(partial, ignore_errors=True)
            partial.mkdir()
            make(partial)
            partial.rename(out)
    return out


def build_into(folder: Path) -> None:
    """The strict build; its rule violations, if any, in folder/violations.json."""
    proc = build.run(folder / "site")
    found = [vars(v) for v in build.violations(proc.stdout)]
    if proc.returncode != 0 and not found:
        found = [
            {
                "rule": "build-warning",
                "where": "mkdocs build",
                "message": proc.stdout[-3000:],
            }
        ]
    (folder / "violations.json").write_text(json.dumps(found), encoding="utf-8")


@pytest.fixture(scope="session")
def build_result(tmp_path_factory, worker_id) -> tuple[Path, list]:
    folder = once_per_run(tmp_path_factory, worker_id, "build", build_into)
    return folder / "site", json.loads(
        (folder / "violations.json").read_text(encoding="utf-8")
    )


@pytest.fixture(scope="session")
def built_site(build_result) -> Path:
    """The site, built once per test run by `mkdocs build --strict`. If the build failed,
    tests/test_site.py::test_strict_build says why, once; the tests that need the site skip."""
    site, found = build_result
    if found:
        pytest.skip(
            "the strict build failed: tests/test_site.py::test_strict_build says why"
        )
    return site
