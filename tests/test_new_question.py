"""`make question` (tools/new_question.py): the steps it prints name files that exist, in the order
CONTRIBUTING.md's recipe gives them."""

from __future__ import annotations

import re

from tools.new_question import next_steps
from tools.qa import PROJECT

FILE = re.compile(r"\b[\w./-]+\.(?:md|yml|py)\b")


def test_the_next_steps_name_existing_files():
    steps = "\n".join(next_steps("docs/autograd/index.md", "retain-graph"))
    named = FILE.findall(steps)
    assert {"docs/reference/mental-model.md", "tests/search/tuning.yml"} <= set(named)
    missing = [f for f in named if not (PROJECT.root / f).exists()]
    assert not missing, f"`make question` names files that do not exist: {missing}"


def test_the_next_steps_are_the_recipe_of_contributing():
    recipe = (PROJECT.root / "CONTRIBUTING.md").read_text(encoding="utf-8")
    recipe = recipe.split("## The recipe", 1)[1].split("\n## ", 1)[0]
    for name in (
        "make update-output",
        "mental-model.md",
        "tuning.yml",
        "make test ARGS",
    ):
        assert name in recipe, f"CONTRIBUTING.md's recipe does not mention {name}"
