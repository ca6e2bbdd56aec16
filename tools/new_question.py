"""Scaffold a question: `make question SECTION=autograd NAME=retain-graph`.

Appends a `## ... { #retain-graph }` section to the section's page (docs/autograd/index.md;
SECTION=coding/layers names docs/coding/layers.md) and creates the snippet at the mirrored path
(snippets/autograd/retain_graph.py), with the include wired. Both hold TODO placeholders, and
the page's tests fail with the `unfinished` rule until every one is replaced.
"""

from __future__ import annotations

import re
import sys

from tools.qa import PROJECT
from tools.qa.rules import UNFINISHED

SECTION_TEMPLATE = """
## {todo}: the question, as an interviewer asks it? {{ #{id} data-level="{todo}" }}

**Answer.** {todo}: the point, in one or two sentences a candidate could say aloud.

{todo}: why, and the detail, in short paragraphs or a list.

**The trap.** {todo}: what people get wrong.

```python
--8<-- "{include}"
```

<p class="qa-search" hidden>{todo}: API names, paraphrases, verbatim error messages</p>
"""

SNIPPET_TEMPLATE = '''"""{todo}: a short, complete program that proves the answer to #{id}."""

raise NotImplementedError("unfinished question #{id}: write {snippet}")
'''


def page_of(section: str):
    for page in PROJECT.question_pages():
        relative = page.relative_to(PROJECT.docs).with_suffix("").as_posix()
        if relative in (f"{section}/index", section):
            return page
    return None


def main(section: str, name: str) -> int:
    page = page_of(section) if section else None
    if page is None:
        names = sorted(
            PROJECT.snippet_dir(p).relative_to(PROJECT.snippets).as_posix()
            for p in PROJECT.question_pages()
        )
        print(
            f"SECTION must be one of: {', '.join(names)} (got {section!r})",
            file=sys.stderr,
        )
        return 2
    if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", name or ""):
        print(
            f"NAME must be lowercase words joined by '-', e.g. retain-graph (got {name!r})",
            file=sys.stderr,
        )
        return 2
    taken = {
        h.id: h.where for p in PROJECT.pages() for h in PROJECT.headings(p) if h.id
    }
    if name in taken:
        print(f"the id #{name} is already used at {taken[name]}", file=sys.stderr)
        return 2
    snippet = PROJECT.snippet_dir(page) / (name.replace("-", "_") + ".py")
    if snippet.exists():
        print(f"{PROJECT.rel(snippet)} already exists", file=sys.stderr)
        return 2
    include = snippet.relative_to(PROJECT.snippets).as_posix()
    fields = dict(
        todo=UNFINISHED, id=name, include=include, snippet=PROJECT.rel(snippet)
    )
    snippet.parent.mkdir(parents=True, exist_ok=True)
    snippet.write_text(SNIPPET_TEMPLATE.format(**fields), encoding="utf-8")
    text = page.read_text(encoding="utf-8").rstrip("\n") + "\n"
    page.write_text(text + SECTION_TEMPLATE.format(**fields), encoding="utf-8")
    line = text.count("\n") + 2
    where = PROJECT.rel(page)
    print(f"created {PROJECT.rel(snippet)}")
    print(f"added   {where}:{line}  ## ... {{ #{name} }}")
    for line in next_steps(where, name):
        print(line)
    return 0


def next_steps(where: str, name: str) -> list[str]:
    """What to do after the scaffold, in CONTRIBUTING.md's order (the files named exist: a test)."""
    quick = PROJECT.rel(PROJECT.quick_reference)
    queries = PROJECT.rel(PROJECT.search_queries["tuning"])
    return [
        "next:   write the snippet and the answer (CONTRIBUTING.md), then",
        f"        make update-output ARGS={where}   (writes what the snippet prints)",
        f"        add a line for #{name} to {quick} (the quick reference)",
        f"        add queries for #{name} to {queries}",
        f"        make test ARGS={where}            (the page's rules, blocks and site rules)",
    ]


if __name__ == "__main__":
    sys.exit(main(*(sys.argv[1:3] + ["", ""])[:2]))
