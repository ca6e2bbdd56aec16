"""The strict build is a test, and the built site keeps the promises it makes about itself."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import torch

from tests.pagecode import blocks
from tools import qa
from tools.pageweight import css_loads, html_loads, third_party


@pytest.fixture(scope="session")
def site(built_site) -> Path:
    return built_site


def html_pages(site: Path) -> list[Path]:
    return [p for p in site.rglob("*.html") if p.name != "404.html"]


def test_installed_torch_is_the_pinned_one():
    assert torch.__version__.split("+")[0] == qa.torch_pin(), (
        f"requirements.txt pins torch=={qa.torch_pin()} but torch {torch.__version__} is installed: run `make test` "
        "(it reinstalls from requirements.txt) or fix the pin"
    )


def test_every_page_says_which_torch_every_snippet_ran_against(site):
    expected = f"ran against torch {qa.torch_pin()}"
    missing = [str(p.relative_to(site)) for p in html_pages(site) if expected not in p.read_text(encoding="utf-8")]
    assert not missing, f"pages without '{expected}' in the footer: {missing}"


def test_home_page_counts_are_counted(site):
    home = (site / "index.html").read_text(encoding="utf-8")
    questions = len(qa.all_questions())
    snippets = len(qa.snippet_files())
    assert re.search(rf"\b{questions}\b questions", home), f"home page does not say {questions} questions"
    assert re.search(rf"\b{snippets}\b snippets", home), f"home page does not say {snippets} snippets"
    assert "{{" not in home, "an unreplaced {{ placeholder }} on the home page"


def test_built_site_loads_nothing_from_a_third_party(site):
    problems = []
    for path in site.rglob("*"):
        if path.suffix == ".html":
            urls = html_loads(path.read_text(encoding="utf-8"))
        elif path.suffix in {".css", ".js"}:
            urls = css_loads(path.read_text(encoding="utf-8", errors="replace"))
        else:
            continue
        problems += [f"{path.relative_to(site)}: loads {u}" for u in urls if third_party(u)]
    assert not problems, "\n".join(sorted(set(problems)))


def test_every_code_block_on_a_page_is_a_fence_the_tests_see(site):
    """Markdown's indented code blocks (and fences pytest-codeblocks cannot read) render as code but are neither
    run nor checked: the site must show exactly the fences the tests collected, language by language."""
    problems = []
    for page in sorted(qa.DOCS.rglob("*.md")):
        built = site / page.relative_to(qa.DOCS).with_suffix("")
        built = built.with_suffix(".html") if built.name == "index" else built / "index.html"
        if not built.exists():
            continue
        fenced = Counter((b.syntax or "").strip() or "text" for b in blocks(page, syntax=None))
        shown = Counter(re.findall(r'<div class="language-([\w+-]+) highlight"', built.read_text(encoding="utf-8")))
        for language, count in sorted(shown.items()):
            if count > fenced[language]:
                problems.append(
                    f"{page.relative_to(qa.ROOT)}: {count - fenced[language]} {language} code block(s) that are not "
                    "``` fences (an indented block?): write them as fences"
                )
    assert not problems, "\n".join(problems)
