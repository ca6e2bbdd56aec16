"""The walkthrough notebooks (docs/walkthroughs/*.py, jupytext percent format) run as scripts, cleanly.

The site build executes them as notebooks (mkdocs-jupyter); here each one runs as `python <file>.py` in a fresh
interpreter, as a reader who downloads the source would run it, with deprecation warnings as errors (the rules of
tests/runtime/qa_runtime.py). A failure names the file, the line and the notebook cell. Anything written to
stderr fails too: on the page it would be a stray warning under a cell.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tools import qa

WALKTHROUGHS = qa.DOCS / "walkthroughs"
NOTEBOOKS = sorted(WALKTHROUGHS.glob("*.py"))
RUNTIME = qa.ROOT / "tests" / "runtime"
TIMEOUT = 120

RUN = """
import runpy, sys
sys.path.insert(0, sys.argv[2])
import qa_runtime
qa_runtime.strict_warnings()
runpy.run_path(sys.argv[1], run_name="__main__")
"""


def cell_of(path: Path, line: int) -> str:
    """ "code cell 4, under '## The loop'": the cell holding `line`, as the build's error names it (In [4])."""
    cell, heading = 0, ""
    for text in path.read_text(encoding="utf-8").splitlines()[:line]:
        if text.startswith("# %%") and "[markdown]" not in text:
            cell += 1
        elif re.match(r"^# #{1,6} ", text):
            heading = text[2:]
    return f"code cell {cell}" + (f", under '{heading}'" if heading else "")


def where(path: Path, stderr: str) -> str:
    """file:line (cell) of the innermost traceback frame in the walkthrough itself."""
    lines = [int(n) for n in re.findall(rf'File "{re.escape(str(path))}", line (\d+)', stderr)]
    if not lines:
        return str(path.relative_to(qa.ROOT))
    return f"{path.relative_to(qa.ROOT)}:{lines[-1]}, {cell_of(path, lines[-1])}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_walkthrough_runs_as_a_script_without_warnings(path: Path, tmp_path: Path):
    env = dict(os.environ, MPLBACKEND="Agg", OMP_NUM_THREADS="1", PYTHONDONTWRITEBYTECODE="1")
    try:
        proc = subprocess.run(
            [sys.executable, "-c", RUN, str(path), str(RUNTIME)],
            cwd=tmp_path,  # a walkthrough that writes a file writes it here, not into the repository
            env=env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{path.relative_to(qa.ROOT)}: still running after {TIMEOUT} s", pytrace=False)
    if proc.returncode != 0:
        last = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else f"exit status {proc.returncode}"
        pytest.fail(f"{where(path, proc.stderr)}: {last}\n\n{proc.stderr}", pytrace=False)
    if proc.stderr.strip():
        pytest.fail(f"{where(path, proc.stderr)}: wrote to stderr:\n{proc.stderr}", pytrace=False)
    assert not any(tmp_path.iterdir()), f"{path.name} left files behind: {sorted(p.name for p in tmp_path.iterdir())}"


def test_every_walkthrough_has_a_title_cell_and_is_listed():
    index = (WALKTHROUGHS / "index.md").read_text(encoding="utf-8")
    problems = []
    for path in NOTEBOOKS:
        lines = path.read_text(encoding="utf-8").splitlines()
        if lines[:1] != ["# %% [markdown]"] or not lines[1].startswith("# # "):
            problems.append(f"{path.relative_to(qa.ROOT)}:1: start with a '# %% [markdown]' cell, then '# # Title'")
        if f"({path.name})" not in index:
            problems.append(f"{path.relative_to(qa.ROOT)}: not linked from docs/walkthroughs/index.md")
    assert not problems, "\n".join(problems)
