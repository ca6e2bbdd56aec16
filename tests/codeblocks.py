"""pytest plugin: every ```python fence of every page under docs/ is a test.

    pytest docs/autograd/index.md          the blocks of one page
    pytest docs --update-output            rewrite the `# >` lines after a deliberate change (make update-output)

Marks, written before a fence as pytest-codeblocks comments (`<!--pytest.mark.cuda-->`):
    cuda                      needs a CUDA device; skipped with the reason on a machine without one
    cpu_only                  shows what happens without CUDA; skipped with the reason where CUDA is available
    torchrun(nproc_per_node=2)  launched by torchrun in fresh interpreters
    timeout(seconds)          a longer time limit than the default
    slow                      takes more than a few seconds (deselect with -m "not slow")
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from tests.pagecode import Block, blocks, printed_output, rel, rewrite_output, shown_output
from tests.runner import DEFAULT_TIMEOUT, is_program, repository_files, run_as_program, run_in_process, written
from tools import qa
from tools.qa import DOCS

MARKERS = {
    "cuda": "needs a CUDA device (run `make test-gpu` on a GPU machine)",
    "cpu_only": "shows what happens on a machine without CUDA",
    "torchrun(nproc_per_node)": "a block launched with torchrun",
    "timeout(seconds)": "a block's time limit in seconds",
    "slow": "a block that takes more than a few seconds",
}


def pytest_addoption(parser):
    parser.addoption(
        "--update-output",
        action="store_true",
        help="rewrite the # > lines in snippet files with what the code prints now",
    )


def pytest_configure(config):
    for name, doc in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {doc}")
    # Everything the tests and snippets write under TMPDIR (the blocks' working directories, torch.compile's
    # Inductor cache and precompiled headers) goes into one folder the tests own; the Inductor cache outlives the
    # run, so later runs compile warm.
    default = Path(tempfile.gettempdir()) / f"qa-tests-{os.getuid()}"
    scratch = Path(os.environ.setdefault("QA_SCRATCH", str(default)))
    (scratch / "tmp").mkdir(parents=True, exist_ok=True)
    os.environ["TMPDIR"] = str(scratch / "tmp")
    tempfile.tempdir = None  # computed again from TMPDIR
    os.environ.setdefault("TORCHINDUCTOR_CACHE_DIR", str(scratch / "inductor"))
    os.environ.setdefault("TRITON_CACHE_DIR", str(scratch / "triton"))


def pytest_collect_file(file_path: Path, parent):
    if file_path.suffix == ".md" and DOCS in file_path.resolve().parents:
        return Page.from_parent(parent, path=file_path)


class Page(pytest.File):
    def collect(self):
        missing = qa.missing_includes(Path(self.path))
        if missing:
            raise pytest.Collector.CollectError("\n".join(missing))
        for block in blocks(self.path):
            item = CodeBlock.from_parent(self, name=block.name, block=block)
            for mark in block.marks:
                item.add_marker(eval(mark, {"pytest": pytest}))  # noqa: S307  (pytest-codeblocks' own convention)
            yield item


class BlockFailed(Exception):
    pass


class CodeBlock(pytest.Item):
    def __init__(self, *, block: Block, **kwargs):
        super().__init__(**kwargs)
        self.block = block

    def marks(self) -> dict:
        return {m.name: m for m in self.iter_markers()}

    def runtest(self):
        block, marks = self.block, self.marks()
        if "cuda" in marks:
            import torch

            if not torch.cuda.is_available():
                pytest.skip(f"{block.where()}: needs CUDA; run `make test-gpu` on a machine with a GPU")
        if "cpu_only" in marks:
            import torch

            if torch.cuda.is_available():
                pytest.skip(f"{block.where()}: shows what happens without CUDA, and this machine has CUDA")
        timeout = marks["timeout"].args[0] if "timeout" in marks else DEFAULT_TIMEOUT
        updating = self.config.getoption("update_output")
        before = None if updating else repository_files()
        if is_program(block, marks):
            torchrun = marks["torchrun"].kwargs if "torchrun" in marks else None
            outcome = run_as_program(block, timeout, torchrun)
        else:
            outcome = run_in_process(block, timeout)
        if outcome.error:
            raise BlockFailed(f"{block.where(outcome.error_line)}: the code failed\n\n{outcome.error}")
        if before is not None and (stray := written(before, repository_files())):
            raise BlockFailed(
                f"{block.where()}: wrote into the repository: {', '.join(stray)}\n"
                "Snippets run in a temporary working directory: write files there, with relative paths."
            )
        printed = printed_output(block.code, outcome.prints)
        if updating:
            for path in rewrite_output(block, printed):
                print(f"rewrote the # > lines of {rel(path)}")
            return
        try:
            shown = shown_output(block.code)
        except ValueError as e:
            line, message = e.args
            raise BlockFailed(f"{block.where(line)}: {message}") from None
        problems = []
        for line in sorted(set(shown) | set(printed)):
            want, got = shown.get(line), printed.get(line)
            if want == got:
                continue
            if want is None:
                problems.append(f"{block.where(line)}: prints output that the page does not show:\n{_quote(got)}")
            elif got is None:
                problems.append(
                    f"{block.where(line)}: the page shows output that this line never prints:\n{_quote(want)}"
                )
            else:
                problems.append(
                    f"{block.where(line)}: printed output differs from the # > lines under it\n"
                    f"  page shows:\n{_quote(want)}\n  code prints:\n{_quote(got)}"
                )
        if problems:
            raise BlockFailed(
                "\n\n".join(problems)
                + "\n\nIf the change is deliberate, rewrite the shown output with `make update-output`."
            )

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, BlockFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.block.fence_line - 1, f"{rel(self.block.page)}::{self.block.name}"


def _quote(lines: list[str]) -> str:
    return "\n".join(f"    # > {line}".rstrip() for line in lines)
