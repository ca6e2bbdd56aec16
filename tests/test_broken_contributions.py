"""A catalog of broken contributions, each proven to fail with a message that names the file (and line).

Each entry is applied to a temporary copy of the repository, then the part of `make test` that must catch it
runs there: the code blocks of the page, the structure rules, or the strict build. The test asserts the
failure and its message; one entry asserts the opposite: a block that changes global torch state leaves the
next block unharmed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import once_per_run
from tools import qa

PAGE = "docs/catalog/index.md"
SNIPPET_DIR = "snippets/catalog"
BLOCK_TIMEOUT = "3"  # seconds: the hanging snippets below must be stopped quickly


@dataclass
class Break:
    kind: str
    run: str  # "blocks", "structure" or "build": the part of `make test` that must catch it
    expect: str  # regex the output must contain; {page} and {snippet} are filled in
    snippet: str | None = None  # content of snippets/catalog/<kind>.py, included by a question of its own
    page: str | None = None  # markdown for the catalog page instead of that default question
    home: str | None = None  # markdown appended to docs/index.md (a page in the nav)
    fails: bool = True
    scaffolded: bool = False  # made by `make question SECTION=catalog NAME=unfinished-scaffold`, left as it is

    @property
    def file(self) -> str:
        name = "unfinished-scaffold" if self.scaffolded else self.kind
        return f"{SNIPPET_DIR}/{name.replace('-', '_')}.py"


def code(text: str) -> str:
    return textwrap.dedent(text).lstrip()


CATALOG = [
    Break(
        "syntax-error",
        "blocks",
        r"{snippet}:2 \(included by {page}:\d+\): the code failed.*SyntaxError",
        code("""
        import torch
        print(torch.ones(2)
    """),
    ),
    Break(
        "exception",
        "blocks",
        r"{snippet}:4 \(included by {page}:\d+\).*ZeroDivisionError",
        code("""
        import torch

        x = torch.ones(2)
        y = 1 / 0
    """),
    ),
    Break(
        "changed-output",
        "blocks",
        r"{snippet}:4 \(included by {page}:\d+\): printed output differs",
        code("""
        import torch

        x = torch.ones(2)
        print(x.sum())
        # > tensor(3.)
    """),
    ),
    Break(
        "unshown-output",
        "blocks",
        r"{snippet}:1 .*prints output that the page does not show",
        code("""
        print("surprise")
    """),
    ),
    Break(
        "output-never-printed",
        "blocks",
        r"{snippet}:1 .*shows output that this line never prints",
        code("""
        x = 1
        # > 1
    """),
    ),
    Break(
        "hang",
        "blocks",
        r"{snippet}:3 \(included by {page}:\d+\).*did not finish within 3 s",
        code("""
        import time

        time.sleep(3600)
    """),
    ),
    Break(
        "hanging-program",
        "blocks",
        r"{snippet}:5 \(included by {page}:\d+\).*did not finish within 3 s",
        code("""
        import time

        if __name__ == "__main__":
            print("started")
            time.sleep(3600)
    """),
    ),
    Break(
        "deprecated-api",
        "blocks",
        r"{snippet}:8 \(included by {page}:\d+\).*DeprecationWarning",
        code("""
        import torch


        def f(x):
            return x * 2


        g = torch.jit.script(f)
    """),
    ),
    Break(
        "writes-into-repository",
        "blocks",
        r"{snippet} \(included by {page}:\d+\): wrote into the repository",
        code("""
        from pathlib import Path

        Path("REPO_ROOT/stray-output.txt").write_text("oops")
    """),
    ),
    Break("unfinished-scaffold", "blocks", r"{snippet}:3 .*unfinished question #unfinished-scaffold", scaffolded=True),
    Break(
        "missing-include",
        "structure",
        r"{page}:\d+: include 'catalog/does_not_exist.py' does not exist",
        page='## Missing include? { #missing-include }\n\n```python\n--8<-- "catalog/does_not_exist.py"\n```\n',
    ),
    Break(
        "orphan-snippet",
        "structure",
        r"{snippet}:1: no page includes this snippet",
        snippet='print("nobody shows me")\n',
        page="",
    ),
    Break(
        "inline-code",
        "structure",
        r"{page}:\d+: Python written inline on the page",
        page="## Inline code? { #inline-code }\n\n```python\nprint(1)\n```\n",
    ),
    Break(
        "wrong-fence-info",
        "structure",
        r"{page}:\d+: fence info string 'py' is not exactly 'python'",
        snippet='print("x")\n# > x\n',
        page='## Wrong fence? { #wrong-fence-info }\n\n```py\n--8<-- "catalog/wrong_fence_info.py"\n```\n',
    ),
    Break(
        "duplicate-id",
        "structure",
        r"{page}:\d+: id 'how-autograd-works' is already used at docs/autograd",
        snippet='print("x")\n# > x\n',
        page='## Duplicate? { #how-autograd-works }\n\n```python\n--8<-- "catalog/duplicate_id.py"\n```\n',
    ),
    Break(
        "missing-id",
        "structure",
        r"{page}:\d+: '## Where is my id\?' needs an explicit id",
        snippet='print("x")\n# > x\n',
        page='## Where is my id?\n\n```python\n--8<-- "catalog/missing_id.py"\n```\n',
    ),
    Break(
        "no-snippet",
        "structure",
        r"{page}:\d+: 'Prose only\?' has no included snippet",
        page="## Prose only? { #no-snippet }\n\nJust words.\n",
    ),
    Break(
        "no-search-terms",
        "structure",
        r"{page}:\d+: 'no-search-terms\?' has no <p class=\"qa-search\" hidden>",
        snippet='print("x")\n# > x\n',
    ),
    Break("lint-error", "structure", r"F401.*{snippet}:1:8", snippet="import os\n\nprint(1)\n# > 1\n"),
    Break(
        "unfinished-scaffold-page",
        "structure",
        r"{page}:\d+: unfinished question #unfinished-scaffold",
        scaffolded=True,
    ),
    Break(
        "broken-link",
        "build",
        r"index\.md' contains a link 'no-such-page\.md', but the target is not found",
        home="\n[a broken link](no-such-page.md)\n",
    ),
    Break(
        "broken-anchor",
        "build",
        r"does not contain an anchor '#no-such-question'",
        home="\n[a broken anchor](autograd/index.md#no-such-question)\n",
    ),
    Break(
        "build-missing-include",
        "build-include",
        r"docs/index\.md:\d+: include 'catalog/nowhere\.py' does not exist",
        home='\n```python\n--8<-- "catalog/nowhere.py"\n```\n',
    ),
    Break(
        "global-state",
        "blocks",
        "",
        fails=False,
        snippet=code("""
        import torch

        torch.set_default_dtype(torch.float64)
        torch.set_default_device("meta")
        torch.set_grad_enabled(False)
        torch.set_num_threads(7)
        torch.manual_seed(1234)
        print(torch.get_default_dtype(), torch.ones(1).device)
        # > torch.float64 meta
    """),
    ),
]

# Runs right after global-state (the catalog page keeps this order; the run disables random ordering):
# it sees the fresh state, not the one the block before left behind.
AFTER_GLOBAL_STATE = code("""
    import torch

    print(torch.get_default_dtype(), torch.ones(1).device, torch.is_grad_enabled())
    # > torch.float32 cpu True
    print(torch.get_num_threads() != 7, torch.initial_seed())
    # > True 0
""")


RUNS = ("blocks", "structure", "build", "build-include")


def question(kind: str, file: str) -> str:
    return f'## {kind}? {{ #{kind} }}\n\n```python\n--8<-- "{file.removeprefix("snippets/")}"\n```\n'


def make_copy(tmp: Path, run: str) -> Path:
    """A copy of the repository with this run's broken contributions applied."""
    root = tmp / run
    ignore = shutil.ignore_patterns(".git", ".venv*", "node_modules", "site", ".cache", "__pycache__", "*.pyc")
    shutil.copytree(qa.ROOT, root, ignore=ignore)
    (root / SNIPPET_DIR).mkdir(parents=True)
    sections = ["# Catalog of broken contributions\n"]
    for b in CATALOG:
        if b.run != run or b.scaffolded:
            continue
        if b.snippet is not None:
            (root / b.file).write_text(b.snippet.replace("REPO_ROOT", str(root)), encoding="utf-8")
        sections.append(b.page if b.page is not None else question(b.kind, b.file) if b.snippet else "")
        if b.home:
            with open(root / "docs/index.md", "a", encoding="utf-8") as f:
                f.write(b.home)
        if b.kind == "global-state":
            after = f"{SNIPPET_DIR}/after_global_state.py"
            (root / after).write_text(AFTER_GLOBAL_STATE, encoding="utf-8")
            sections.append(question("after-global-state", after))
    (root / PAGE).parent.mkdir(parents=True)
    (root / PAGE).write_text("\n".join(sections), encoding="utf-8")
    if run in {"blocks", "structure"}:
        scaffold = subprocess.run(
            [sys.executable, "-m", "tools.new_question", "catalog", "unfinished-scaffold"],
            cwd=root,
            capture_output=True,
            text=True,
        )
        assert scaffold.returncode == 0, scaffold.stderr
    return root


def run_part(root: Path, run: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, QA_BLOCK_TIMEOUT=BLOCK_TIMEOUT, NO_MKDOCS_2_WARNING="1")
    env.pop("PYTEST_XDIST_WORKER", None)
    if run.startswith("build"):
        cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(root / "site")]
    else:
        target = PAGE if run == "blocks" else "tests/test_structure.py"
        cmd = [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:randomly", "-rA", target]
    return subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, timeout=300)


def run_catalog(folder: Path) -> None:
    """Apply each run's broken contributions to a copy of the repository, run that part, keep its output."""
    for run in RUNS:
        root = make_copy(folder, run)
        if run.startswith("build") and (qa.ROOT / ".cache").is_dir():
            # The executed walkthroughs, cached by the shared build (built_site): the copies need not re-run them.
            shutil.copytree(qa.ROOT / ".cache", root / ".cache")
        proc = run_part(root, run)
        (folder / f"{run}.json").write_text(json.dumps([proc.returncode, proc.stdout, proc.stderr]), encoding="utf-8")


@pytest.fixture(scope="session")
def outputs(tmp_path_factory, worker_id, built_site) -> dict[str, tuple[int, str]]:
    """{run: (exit status, output)}, computed once per test run and shared by xdist workers."""
    folder = once_per_run(tmp_path_factory, worker_id, "broken-contributions", run_catalog)
    results = {}
    for run in RUNS:
        returncode, stdout, stderr = json.loads((folder / f"{run}.json").read_text(encoding="utf-8"))
        results[run] = (returncode, stdout + stderr)
    return results


def failure_sections(output: str) -> dict[str, str]:
    """pytest's FAILURES section split per test: {test name: its report}."""
    parts = re.split(r"^_{3,} (.+?) _{3,}$", output, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


@pytest.mark.parametrize("b", CATALOG, ids=[b.kind for b in CATALOG])
def test_broken_contribution_is_caught(b: Break, outputs):
    returncode, output = outputs[b.run]
    if b.run == "blocks":
        reports = failure_sections(output)
        name = f"{PAGE}::{b.file.removeprefix('snippets/')}"
        if not b.fails:
            assert name not in reports, f"{b.kind}: expected to pass, failed:\n{reports.get(name)}"
            after = f"{PAGE}::catalog/after_global_state.py"
            assert after not in reports, f"the block after {b.kind} was harmed:\n{reports[after]}"
            assert f"PASSED {after}" in output, f"{after} did not run:\n{output[-3000:]}"
            return
        assert name in reports, f"{b.kind}: {name} did not fail.\n{output[-3000:]}"
        output = reports[name]
    assert returncode != 0, f"{b.kind}: the {b.run} run passed:\n{output[-3000:]}"
    pattern = b.expect.format(page=re.escape(PAGE), snippet=re.escape(b.file))
    assert re.search(pattern, output, re.S), f"{b.kind}: expected /{pattern}/ in:\n{output[-4000:]}"
