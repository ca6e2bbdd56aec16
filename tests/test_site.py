"""The strict build is a test, and the built site keeps the promises it makes about itself."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tools.pageweight import css_loads, html_loads, third_party
from tools.qa import PROJECT, rules
from tools.qa.pagecode import blocks


def fail(violations: list[rules.Violation]) -> None:
    if violations:
        pytest.fail(rules.report(violations), pytrace=False)


def html_pages(site: Path) -> list[Path]:
    return [p for p in site.rglob("*.html") if p.name != "404.html"]


def test_strict_build(build_result):
    """`mkdocs build --strict`: each warning reported once, as the rule it breaks."""
    _, found = build_result
    fail([rules.Violation(**v) for v in found])


def test_installed_torch_is_the_pinned_one():
    import torch

    assert torch.__version__.split("+")[0] == PROJECT.torch_pin(), (
        f"requirements.txt pins torch=={PROJECT.torch_pin()} but torch {torch.__version__} is "
        "installed: run `make test` (it reinstalls from requirements.txt) or fix the pin"
    )


def test_the_footer_says_what_is_true_of_the_page(built_site):
    """A page with code says which torch its snippets ran against; a page without says nothing of
    snippets; every page links the page on how answers are proven."""
    ran = f"against torch {PROJECT.torch_pin()} and compare what it prints"
    wrong = []
    for p in html_pages(built_site):
        text = p.read_text(encoding="utf-8")
        footer = text[text.find('data-qa="verified-with"') :]
        has_code = 'class="highlight' in text[: text.find('data-qa="verified-with"')]
        if (ran in footer) != has_code or "reference/proof/" not in footer:
            wrong.append(f"{p.relative_to(built_site)} (code: {has_code})")
    assert not wrong, f"footers that do not say what is true of their page: {wrong}"


def test_home_page_counts_are_counted(built_site):
    home = (built_site / "index.html").read_text(encoding="utf-8")
    proof = (built_site / "reference" / "proof" / "index.html").read_text("utf-8")
    questions = len(PROJECT.all_questions())
    snippets = len(PROJECT.snippet_files())
    assert re.search(rf"\b{questions}\b questions", home), (
        f"home page does not say {questions}"
    )
    assert re.search(rf"\b{snippets}\b\s+snippets", proof), (
        f"the proof page does not say {snippets}"
    )
    for text in (home, proof):
        assert "{{" not in text, "an unreplaced {{ placeholder }}"


def third_party_loads(site: Path) -> list[rules.Violation]:
    out = []
    for path in sorted(site.rglob("*")):
        if path.suffix == ".html":
            urls = html_loads(path.read_text(encoding="utf-8"))
        elif path.suffix in {".css", ".js"}:
            urls = css_loads(path.read_text(encoding="utf-8", errors="replace"))
        else:
            continue
        where = str(path.relative_to(site))
        out += [
            rules.violation("third-party", where, f"loads {u}")
            for u in urls
            if third_party(u)
        ]
    return out


def test_built_site_loads_nothing_from_a_third_party(built_site):
    fail(third_party_loads(built_site))


def unfenced_code(site: Path, project=PROJECT) -> list[rules.Violation]:
    """Markdown's indented code blocks render as code but are neither run nor checked: a page
    must show exactly the fences the tests collected, language by language."""
    out = []
    for page in project.pages():
        built = site / page.relative_to(project.docs).with_suffix("")
        built = (
            built.with_suffix(".html")
            if built.name == "index"
            else built / "index.html"
        )
        if not built.exists():
            continue
        fenced = Counter(
            (b.syntax or "").strip() or "text" for b in blocks(page, None, project.root)
        )
        html = built.read_text(encoding="utf-8")
        shown = Counter(re.findall(r'<div class="language-([\w+-]+) highlight"', html))
        for language, count in sorted(shown.items()):
            if count > fenced[language]:
                out.append(
                    rules.violation(
                        "fence-rendered",
                        project.rel(page),
                        f"{count - fenced[language]} {language} code block(s) that are not "
                        "``` fences (an indented block?)",
                    )
                )
    return out


def test_every_code_block_on_a_page_is_a_fence_the_tests_see(built_site):
    fail(unfenced_code(built_site))
