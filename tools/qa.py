"""What the site is made of: pages, questions, snippets. Shared by the MkDocs hooks and the tests."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SNIPPETS = ROOT / "snippets"
REQUIREMENTS = ROOT / "requirements.txt"

# Pages that hold questions: docs/<section>/*.md. docs/reference/ holds the cheat sheet and the error index,
# docs/walkthroughs/ the executed notebooks (tools/walkthrough_hooks.py).
NON_QUESTION_DIRS = {"reference", "walkthroughs"}

HEADING = re.compile(r"^(#{1,6})\s+(?P<title>.*?)\s*(?:\{(?P<attrs>[^}]*)\})?\s*$")
ATTR_ID = re.compile(r"(?:^|\s)#(?P<id>[A-Za-z0-9_-]+)")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
INCLUDE = re.compile(r"""^\s*-{1,}8<-{1,}\s+(["'])(?P<target>.+?)\1\s*$""")


@dataclass
class Question:
    page: Path
    line: int  # 1-based line of the heading
    title: str
    id: str | None
    classes: list[str]
    body: list[str]  # the lines under the heading, up to the next heading of level <= 2

    @property
    def text_only(self) -> bool:
        return "text-only" in self.classes

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def torch_pin() -> str:
    """The torch version pinned in requirements.txt, e.g. '2.13.0'."""
    for line in REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^torch==([^\s;#]+)", line.strip())
        if m:
            return m.group(1)
    raise RuntimeError(f"{REQUIREMENTS}: no 'torch==' pin")


def question_pages(docs: Path = DOCS) -> list[Path]:
    return sorted(p for p in docs.glob("*/**/*.md") if p.relative_to(docs).parts[0] not in NON_QUESTION_DIRS)


def questions(page: Path) -> list[Question]:
    """Every `##` heading of a question page, with its explicit id and classes, skipping fenced code.

    A question's body runs to the next heading of level 1 or 2 (its `###` subsections are part of it)."""
    lines = page.read_text(encoding="utf-8").splitlines()
    headings: list[tuple[int, int, re.Match]] = []  # (0-based line, level, match)
    fence = None
    for i, line in enumerate(lines):
        m = FENCE.match(line)
        if m:
            ticks = m.group(1)
            if fence is None:
                fence = ticks
            elif ticks[0] == fence[0] and len(ticks) >= len(fence):
                fence = None
        elif fence is None and (h := HEADING.match(line)):
            headings.append((i, len(h.group(1)), h))
    out = []
    for k, (i, level, h) in enumerate(headings):
        if level != 2:
            continue
        end = next((j for j, lv, _ in headings[k + 1 :] if lv <= 2), len(lines))
        attrs = h.group("attrs") or ""
        idm = ATTR_ID.search(attrs)
        classes = re.findall(r"(?:^|\s)\.([A-Za-z0-9_-]+)", attrs)
        out.append(
            Question(page, i + 1, h.group("title"), idm.group("id") if idm else None, classes, lines[i + 1 : end])
        )
    return out


def all_questions(docs: Path = DOCS) -> list[Question]:
    return [q for page in question_pages(docs) for q in questions(page)]


def snippet_files(snippets: Path = SNIPPETS) -> list[Path]:
    return sorted(snippets.rglob("*.py"))


def includes(text: str):
    """(line, path, section) for every pymdownx.snippets include line of a page's text."""
    for n, line in enumerate(text.splitlines(), start=1):
        m = INCLUDE.match(line)
        if m:
            path, _, section = m.group("target").partition(":")
            yield n, path, section


def missing_includes(page: Path, text: str | None = None) -> list[str]:
    """'page:line: include ... does not exist' for each include that resolves to no file under snippets/."""
    text = page.read_text(encoding="utf-8") if text is None else text
    return [
        f"{page.relative_to(ROOT)}:{n}: include '{path}' does not exist under snippets/"
        for n, path, _ in includes(text)
        if not (SNIPPETS / path).is_file()
    ]
