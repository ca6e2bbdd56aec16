"""Scaffold a question: `make question SECTION=autograd NAME=retain-graph`.

Appends a `## ... { #retain-graph }` section to docs/autograd/index.md and creates
snippets/autograd/retain_graph.py, with the include wired. Both hold TODO placeholders, and the tests fail
with "unfinished question" until they are replaced.
"""

from __future__ import annotations

import re
import sys

from tools import qa

UNFINISHED = "TODO"

SECTION_TEMPLATE = """
## {todo}: the question, phrased as an interviewer asks it? {{ #{id} }}

**Answer.** {todo}: the short, exact answer, then why.

**The trap.** {todo}: what people get wrong.

```python
--8<-- "{section}/{file}"
```

<p class="qa-search" hidden>{todo}: API names, paraphrases and verbatim error messages a reader would type</p>
"""

SNIPPET_TEMPLATE = '''"""{todo}: replace this file with a short, complete program that proves the answer to #{id}."""

raise NotImplementedError("unfinished question #{id}: write snippets/{section}/{file}")
'''


def main(section: str, name: str) -> int:
    sections = sorted(p.parent.name for p in qa.question_pages())
    page = qa.DOCS / section / "index.md"
    if not section or not page.is_file():
        print(f"SECTION must be one of: {', '.join(sections)} (got {section!r})", file=sys.stderr)
        return 2
    if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", name or ""):
        print(f"NAME must be lowercase words joined by '-', e.g. retain-graph (got {name!r})", file=sys.stderr)
        return 2
    taken = {q.id: q.where for q in qa.all_questions()}
    if name in taken:
        print(f"the id #{name} is already used at {taken[name]}", file=sys.stderr)
        return 2
    file = name.replace("-", "_") + ".py"
    snippet = qa.SNIPPETS / section / file
    if snippet.exists():
        print(f"{snippet.relative_to(qa.ROOT)} already exists", file=sys.stderr)
        return 2
    fields = dict(todo=UNFINISHED, id=name, section=section, file=file)
    snippet.parent.mkdir(parents=True, exist_ok=True)
    snippet.write_text(SNIPPET_TEMPLATE.format(**fields), encoding="utf-8")
    text = page.read_text(encoding="utf-8").rstrip("\n") + "\n"
    page.write_text(text + SECTION_TEMPLATE.format(**fields), encoding="utf-8")
    line = text.count("\n") + 2
    print(f"created {snippet.relative_to(qa.ROOT)}")
    print(f"added   {page.relative_to(qa.ROOT)}:{line}  ## ... {{ #{name} }}")
    print(f"next:   write both, then `make update-output ARGS={page.relative_to(qa.ROOT)}` and `make test`")
    return 0


if __name__ == "__main__":
    sys.exit(main(*(sys.argv[1:3] + ["", ""])[:2]))
