"""`make update-output` rewrites a snippet's # > lines with what it prints: golden files.

Each case is a snippet as a contributor writes it (stale or missing # > lines) and the file as
the rewrite must leave it. The snippet runs for real (tools/qa/runner.py)."""

from __future__ import annotations

import textwrap

import pytest

from tests.catalog import PAGE, SNIPPETS, question
from tests.codeblocks import block_marks, check_block
from tests.test_catalog import small_project
from tools.qa.pagecode import blocks


def code(text: str) -> str:
    return textwrap.dedent(text).lstrip()


CASES = {
    "output_kept_at_its_indentation": (
        """
        try:
            int("x")
        except ValueError as e:
            print(type(e).__name__)
        # > stale
        """,
        """
        try:
            int("x")
        except ValueError as e:
            print(type(e).__name__)
        # > ValueError
        """,
    ),
    "print_in_a_loop": (
        """
        for i in range(3):
            print(i, i * i)
        """,
        """
        for i in range(3):
            print(i, i * i)
            # > 0 0
            # > 1 1
            # > 2 4
        """,
    ),
    "multi_line_print": (
        """
        print("first\\nsecond")
        # > stale
        """,
        """
        print("first\\nsecond")
        # > first
        # > second
        """,
    ),
    "statement_spanning_lines": (
        """
        print(
            "a",
            "b",
        )
        """,
        """
        print(
            "a",
            "b",
        )
        # > a b
        """,
    ),
    "prints_nothing": (
        """
        x = 1
        # > a line nobody prints
        y = x + 1
        """,
        """
        x = 1
        y = x + 1
        """,
    ),
    "two_prints_one_line": (
        """
        import torch

        t = torch.arange(3)
        print(t); print(t.sum())
        """,
        """
        import torch

        t = torch.arange(3)
        print(t); print(t.sum())
        # > tensor([0, 1, 2])
        # > tensor(3)
        """,
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_update_output_rewrites_the_snippet(name, tmp_path):
    before, after = (code(t) for t in CASES[name])
    files = {
        f"{SNIPPETS}/{name}.py": before,
        PAGE: question(name.replace("_", "-"), f"{name}.py"),
    }
    project = small_project(tmp_path, files)
    [block] = blocks(project.root / PAGE, root=project.root)
    changed: list = []
    assert check_block(block, block_marks(block), rewrite=changed) == []
    snippet = project.root / SNIPPETS / f"{name}.py"
    assert snippet.read_text(encoding="utf-8") == after
    assert changed == ([snippet] if before != after else [])
    # Rewritten, the page passes.
    [block] = blocks(project.root / PAGE, root=project.root)
    assert check_block(block, block_marks(block)) == []
