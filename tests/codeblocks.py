"""pytest plugin: every page under docs/ is a test file.

    make test ARGS=docs/autograd/index.md            one page: its rules and every block on it
    make test ARGS=docs/walkthroughs/nan_loss.py     one walkthrough: its rules, then a run
    make update-output ARGS=docs/autograd/index.md   rewrite the # > lines after a deliberate change

A page's items are `rules` (the page rules of tools/qa/rules.py) and one item per ```python fence,
named after the snippet it includes. Each block runs as a reader's fresh interpreter would
(tools/qa/runner.py). Marks, written before a fence as pytest-codeblocks comments:

    <!--pytest.mark.cuda-->                     needs CUDA: skipped on CPU, run by `make test-gpu`
    <!--pytest.mark.cpu_only-->                 shows what happens without CUDA
    <!--pytest.mark.torchrun(nproc_per_node=2)-->  launched by torchrun
    <!--pytest.mark.timeout(120)-->             a time limit other than 60 s
    <!--pytest.mark.slow-->                     takes more than a few seconds
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from pathlib import Path

import pytest

from tools.qa import PROJECT, rules, runner
from tools.qa.pagecode import (
    Block,
    blocks,
    printed_output,
    rel,
    rewrite_output,
    shown_output,
)

MARKERS = {
    "cuda": "needs a CUDA device (run `make test-gpu` on a GPU machine)",
    "cpu_only": "shows what happens on a machine without CUDA",
    "torchrun(nproc_per_node)": "a block launched with torchrun",
    "timeout(seconds)": "a block's time limit in seconds",
    "slow": "a block that takes more than a few seconds",
}
WALKTHROUGH_TIMEOUT = 120


def pytest_addoption(parser):
    parser.addoption(
        "--update-output",
        action="store_true",
        help="rewrite the # > lines in snippet files with what the code prints now",
    )


def pytest_configure(config):
    for name, doc in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {doc}")
    runner.run_seed()  # set once by the controller; xdist workers inherit it


def pytest_report_header(config):
    seed = runner.run_seed()
    return (
        f"blocks run with QA_SEED={seed} (torch, random, NumPy) and PYTHONHASHSEED="
        f"{seed % 4294967295}; `make test QA_SEED={seed}` repeats them"
    )


def pytest_unconfigure(config):
    runner.ZYGOTE_PROCESS.close()


def pytest_collect_file(file_path: Path, parent):
    path = file_path.resolve()
    if path.suffix == ".md" and PROJECT.docs in path.parents:
        return Page.from_parent(parent, path=file_path)
    if path.suffix == ".py" and path.parent == PROJECT.walkthroughs:
        return Walkthrough.from_parent(parent, path=file_path)


# --- what failed
# -----------------------------------------------------------------------------


class Failed(Exception):
    def __init__(self, violations: list[rules.Violation], detail: str = ""):
        super().__init__(rules.report(violations) + (f"\n\n{detail}" if detail else ""))


class QAItem(pytest.Item):
    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, Failed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)


@functools.cache
def site_violations() -> list[rules.Violation]:
    """The site rules, once per test process (tests/test_rules.py reports them all)."""
    return rules.check_site(PROJECT)


class Rules(QAItem):
    """The page rules of tools/qa/rules.py for one page (or walkthrough), and the site rules'
    findings that concern it (a question missing from the quick reference, an orphan snippet of
    its folder, a query naming one of its questions)."""

    def runtest(self):
        page = Path(self.path)
        found = rules.check_page(PROJECT, page)
        found += [v for v in site_violations() if rules.concerns(PROJECT, page, v)]
        if found:
            raise Failed(found)

    def reportinfo(self):
        return self.path, 0, f"{rel(self.path)}::rules"


# --- a page
# ------------------------------------------------------------------------------


class Page(pytest.File):
    def collect(self):
        yield Rules.from_parent(self, name="rules")
        if PROJECT.missing_includes(Path(self.path)):
            return  # the rules item names each one; the blocks cannot be expanded
        for block in blocks(self.path):
            item = CodeBlock.from_parent(self, name=block.name, block=block)
            for mark in block_marks(block).values():
                item.add_marker(mark)
            yield item


def block_marks(block: Block) -> dict:
    """{name: mark} of the marks written before the block's fence."""
    out = {}
    for mark in block.marks:
        if mark.startswith("pytest.mark."):
            try:
                decorator = eval(mark, {"pytest": pytest})  # noqa: S307 (pytest-codeblocks' way)
            except Exception:  # noqa: BLE001  (the `marks` rule names it)
                continue
            out[decorator.mark.name] = decorator
    return out


def run_block(block: Block, marks: dict, seed: int | None = None) -> runner.Outcome:
    timeout = marks["timeout"].args[0] if "timeout" in marks else runner.DEFAULT_TIMEOUT
    torchrun = (
        marks["torchrun"].kwargs.get("nproc_per_node", 2)
        if "torchrun" in marks
        else None
    )
    return runner.run(block.code, block.name, timeout, torchrun=torchrun, seed=seed)


def check_block(
    block: Block, marks: dict, rewrite: list | None = None
) -> list[rules.Violation]:
    """Run the block; the rules it broke. With `rewrite` (a list), rewrite its # > lines
    instead of comparing them, and append the files changed."""
    outcome = run_block(block, marks)
    if outcome.failure:
        f = outcome.failure
        text = translate(f.message, block, outcome.script)
        v = rules.violation(f.rule, block.where(f.line), first_line(text))
        v.detail = text
        return [v]
    printed = printed_output(block.code, outcome.prints)
    if rewrite is not None:
        rewrite += rewrite_output(block, printed)
        return []
    problems = compare(block, shown_output(block.code), printed)
    if problems:
        again = run_block(block, marks, seed=runner.run_seed() + 1)
        if again.failure is None and again.prints != outcome.prints:
            seed = runner.run_seed()
            message = f"prints differently from run to run (this run: QA_SEED={seed})"
            return [rules.violation("output-unseeded", block.where(), message)]
    return problems


@functools.cache
def cuda_available() -> bool:
    import torch

    return torch.cuda.is_available()


class CodeBlock(QAItem):
    def __init__(self, *, block: Block, **kwargs):
        super().__init__(**kwargs)
        self.block = block

    def runtest(self):
        block, marks = self.block, {m.name: m for m in self.iter_markers()}
        if "cuda" in marks and not cuda_available():
            pytest.skip(
                f"{block.where()}: needs CUDA; `make test-gpu` runs it on a GPU machine"
            )
        if "cpu_only" in marks and cuda_available():
            pytest.skip(
                f"{block.where()}: shows what happens without CUDA, and CUDA is here"
            )
        rewrite = [] if self.config.getoption("update_output") else None
        found = check_block(block, marks, rewrite)
        for path in rewrite or []:
            self.user_properties.append(("rewrote", rel(path)))
        if found:
            raise Failed(
                found, "\n\n".join(getattr(v, "detail", "") for v in found).strip()
            )

    def reportinfo(self):
        return (
            self.path,
            self.block.fence_line - 1,
            f"{rel(self.block.page)}::{self.block.name}",
        )


def first_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return (
        lines[-1].strip()
        if lines and lines[0].startswith("Traceback")
        else lines[0].strip()
    )


def translate(text: str, block: Block, script: str) -> str:
    """A message about the block's file, with snippet files and lines, without harness frames."""

    def sub(m: re.Match) -> str:
        n = int(m.group(1))
        origin = block.origins[n - 1] if 0 < n <= len(block.origins) else None
        return f'File "{rel(origin[0])}", line {origin[1]}' if origin else m.group(0)

    text = re.sub(runner.TRACEBACK_LINE.format(file=re.escape(script)), sub, text)
    # The reader's traceback starts at their own code: drop the runner's frames.
    return re.sub(
        r'  File "[^"]*tools/qa/runtime/\w+\.py", line \d+, in \w+\n(    .*\n)*',
        "",
        text,
    )


def compare(block: Block, shown: dict, printed: dict) -> list[rules.Violation]:
    problems = []
    for line in sorted(set(shown) | set(printed)):
        want, got = shown.get(line), printed.get(line)
        if want == got:
            continue
        where = block.where(line)
        if want is None:
            problems.append(
                rules.violation("output-unshown", where, f"prints\n{quote(got)}")
            )
        elif got is None:
            problems.append(
                rules.violation(
                    "output-not-printed", where, f"never prints\n{quote(want)}"
                )
            )
        else:
            problems.append(
                rules.violation(
                    "output-differs",
                    where,
                    f"the page shows\n{quote(want)}\n  the code prints\n{quote(got)}",
                )
            )
    return problems


def quote(lines: list[str]) -> str:
    return "\n".join(f"    # > {line}".rstrip() for line in lines)


# --- a walkthrough
# ---------------------------------------------------------------------------


class Walkthrough(pytest.File):
    def collect(self):
        yield Rules.from_parent(self, name="rules")
        yield WalkthroughRun.from_parent(self, name="run")


def check_walkthrough(path: Path, root: Path = PROJECT.root) -> list[rules.Violation]:
    """The notebook as `python <name>.py`: it runs, warns about nothing, writes nothing to
    stderr (on the page it would show under a cell) and leaves no file in its working directory
    (the build executes it in the walkthrough folder)."""
    code = path.read_text(encoding="utf-8")
    # One thread, as the build's kernels run (tools/walkthrough_hooks.py): tiny models.
    env = {"MPLBACKEND": "Agg", "OMP_NUM_THREADS": "1"}
    outcome = runner.run(code, path.name, WALKTHROUGH_TIMEOUT, env=env)
    where = rel(path, root)
    if outcome.failure:
        f = outcome.failure
        loc = f"{where}:{f.line}, {cell_of(path, f.line)}" if f.line else where
        text = f.message.replace(outcome.script, where)
        v = rules.violation(f.rule, loc, first_line(text))
        v.detail = text
        return [v]
    if outcome.stderr.strip():
        v = rules.violation("walkthrough-stderr", where, "wrote to stderr")
        v.detail = outcome.stderr
        return [v]
    if outcome.leftover:
        message = f"left files in its working directory: {', '.join(outcome.leftover)}"
        return [rules.violation("block-writes", where, message)]
    return []


class WalkthroughRun(QAItem):
    def runtest(self):
        found = check_walkthrough(Path(self.path))
        if found:
            raise Failed(
                found, "\n\n".join(getattr(v, "detail", "") for v in found).strip()
            )

    def reportinfo(self):
        return self.path, 0, f"{rel(self.path)}::run"


def cell_of(path: Path, line: int) -> str:
    """ "code cell 4, under '## The loop'": the cell holding `line`, as the build names it."""

    cell, heading = 0, ""
    for text in path.read_text(encoding="utf-8").splitlines()[:line]:
        if text.startswith("# %%") and "[markdown]" not in text:
            cell += 1
        elif re.match(r"^# #{1,6} ", text):
            heading = text[2:]
    return f"code cell {cell}" + (f", under '{heading}'" if heading else "")


# --- reporting what `make update-output` rewrote
# ------------------------------------------------

REWRITTEN: list[str] = []


# CI's matrix (.github/workflows/test.yml): QA_SHARD=i/n runs the i-th of n shards. The programs (each
# block, each walkthrough run) go to the shard their id hashes to, the same on every machine; every other
# test (rules, the build, the browser) runs in shard 1. tests/test_shards.py proves that the shards
# together run every program exactly once.
def shard_of(nodeid: str, n: int) -> int:
    return int(hashlib.sha1(nodeid.encode()).hexdigest(), 16) % n + 1


def pytest_collection_modifyitems(config, items):
    if not (spec := os.environ.get("QA_SHARD")):
        return
    i, _, n = spec.partition("/")
    if not (i.isdigit() and n.isdigit() and 1 <= int(i) <= int(n)):
        raise pytest.UsageError(
            f"QA_SHARD={spec!r}: write i/n, 1 <= i <= n (QA_SHARD=1/2)"
        )
    i, n = int(i), int(n)
    keep, drop = [], []
    for item in items:
        program = isinstance(item, (CodeBlock, WalkthroughRun))
        (keep if (shard_of(item.nodeid, n) if program else 1) == i else drop).append(
            item
        )
    config.hook.pytest_deselected(items=drop)
    items[:] = keep


def pytest_runtest_logreport(report):
    REWRITTEN.extend(value for key, value in report.user_properties if key == "rewrote")


def pytest_terminal_summary(terminalreporter, config):
    if config.getoption("update_output"):
        terminalreporter.write_sep("-", "make update-output")
        if REWRITTEN:
            for path in sorted(set(REWRITTEN)):
                terminalreporter.write_line(f"rewrote the # > lines of {path}")
        else:
            terminalreporter.write_line("no # > line changed")
