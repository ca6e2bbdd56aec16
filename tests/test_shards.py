"""CI's matrix of shards (QA_SHARD=i/n, tests/codeblocks.py): together the shards run every program
exactly once, and every other test once, in shard 1."""

from __future__ import annotations

import os
import subprocess
import sys

from tools.qa import PROJECT

# Items of every kind: a page's rules and blocks, a walkthrough's run, a plain test.
TARGETS = [
    "docs/optimizers/index.md",
    "docs/walkthroughs/nan_loss.py",
    "tests/test_new_question.py",
]


def collected(shard: str | None) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "QA_SHARD"}
    if shard:
        env["QA_SHARD"] = shard
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly",
         "-p", "no:xdist", *TARGETS],
        cwd=PROJECT.root, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return [line for line in proc.stdout.splitlines() if "::" in line]


def test_the_shards_together_run_every_test_exactly_once():
    everything = collected(None)
    shards = [collected(f"{i}/2") for i in (1, 2)]
    together = shards[0] + shards[1]
    assert sorted(together) == sorted(everything), (
        "the shards do not run every test exactly once: "
        f"{len(together)} collected across shards, {len(everything)} without"
    )
    programs = [t for t in shards[1] if "::rules" not in t]
    assert programs, "shard 2 runs no program: the split checked nothing"
    assert all("::" in t and "tests/" not in t for t in shards[1]), (
        "a test that is not a program ran outside shard 1"
    )
