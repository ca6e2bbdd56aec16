"""A page's code blocks exactly as a reader sees them.

A page is expanded by pymdownx.snippets' own preprocessor, configured from mkdocs.yml, and its fences are
extracted by pytest-codeblocks. The only addition: every line read from a page or a snippet file carries an
invisible tag through the expansion, so each line of each block knows the file and line it came from.

Shown output is written Pydantic-style: the lines a `print` writes follow it as `# > ...` comments.
"""

from __future__ import annotations

import ast
import io
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import markdown
from pymdownx.snippets import SnippetExtension, SnippetPreprocessor
from pytest_codeblocks import extract_from_buffer

from tools.qa import PROJECT, ROOT, Project
from tools.qa import rel as _rel

TAG = "\x00"  # separates a line from the id of its origin while the preprocessor runs
OUTPUT = re.compile(r"^(?P<indent>\s*)# >(?: (?P<text>.*))?$")

Origin = tuple[Path, int]  # (file, 1-based line)


def rel(path: Path, root: Path = ROOT) -> str:
    return _rel(path, root)


@cache
def snippets_config(root: Path = ROOT) -> dict:
    """pymdownx.snippets' settings from mkdocs.yml, its defaults filled in (tools/qa/__init__.py)."""
    project = PROJECT if root == ROOT else Project(root)
    return SnippetExtension(**project.snippets_settings).getConfigs()


class TracingSnippets(SnippetPreprocessor):
    """pymdownx.snippets, unchanged, except that each line it reads is tagged with where it came from."""

    def __init__(self, config, md):
        super().__init__(config, md)
        self.origins: list[Origin] = []

    def tag(self, path: Path, lines: list[str]) -> list[str]:
        mask = self.get_syntax_mask(lines)
        out = []
        for n, (line, notation) in enumerate(zip(lines, mask, strict=True), start=1):
            if (
                notation
            ):  # include lines and section markers are consumed by the preprocessor
                out.append(line)
            else:
                self.origins.append((Path(path).resolve(), n))
                out.append(f"{line}{TAG}{len(self.origins) - 1}")
        return out

    def read_lines(self, path):
        return self.tag(path, super().read_lines(path))


@dataclass
class Block:
    page: Path
    fence_line: int  # line of the opening fence in the page
    code: str
    origins: list[Origin | None]  # one per line of `code`
    marks: list[str] = field(default_factory=list)
    syntax: str = "python"  # the fence's info string
    root: Path = ROOT  # the repository the paths are named from

    @property
    def files(self) -> list[Path]:
        seen: dict[Path, None] = {}
        for o in self.origins:
            if o:
                seen.setdefault(o[0], None)
        return list(seen)

    @property
    def name(self) -> str:
        files = self.files
        if not files:
            return f"line {self.fence_line}"
        snippets = (
            Project(self.root).snippets if self.root != ROOT else PROJECT.snippets
        )
        return rel(files[0], snippets)

    def where(self, line: int | None = None) -> str:
        """'snippets/x.py:N (included by docs/y.md:M)' for a 1-based line of the block."""
        page = f"{rel(self.page, self.root)}:{self.fence_line}"
        origin = (
            self.origins[line - 1] if line and 0 < line <= len(self.origins) else None
        )
        if origin:
            return f"{rel(origin[0], self.root)}:{origin[1]} (included by {page})"
        files = self.files
        return f"{rel(files[0], self.root)} (included by {page})" if files else page


def expand(page: Path, root: Path = ROOT) -> tuple[str, list[Origin | None]]:
    """The page after pymdownx.snippets, and for each line the file and line it came from."""
    md = markdown.Markdown()
    pre = TracingSnippets(snippets_config(root), md)
    lines = pre.tag(page, page.read_text(encoding="utf-8").split("\n"))
    expanded = pre.run(lines)
    text, origins = [], []
    for line in expanded:
        content, sep, idx = line.partition(TAG)
        text.append(content)
        origins.append(pre.origins[int(idx)] if sep else None)
    return "\n".join(text) + "\n", origins


def blocks(page: Path, syntax: str | None = "python", root: Path = ROOT) -> list[Block]:
    """The page's fences as pytest-codeblocks extracts them, with origins; only `syntax`
    ones unless None."""
    text, origins = expand(page, root)
    out = []
    for cb in extract_from_buffer(io.StringIO(text)):
        if syntax is not None and cb.syntax != syntax:
            continue
        n = cb.code.count("\n")
        first = (
            cb.lineno
        )  # 1-based fence line in the expanded text; code starts on the next line
        code_origins = origins[first : first + n]
        fence_origin = origins[first - 1]
        fence_line = fence_origin[1] if fence_origin else cb.lineno
        out.append(
            Block(
                page.resolve(),
                fence_line,
                cb.code,
                code_origins,
                list(cb.marks),
                cb.syntax or "",
                Path(root).resolve(),
            )
        )
    return out


# --- shown output: `# >` lines
# ------------------------------------------------------------------------------


def statement_ends(code: str) -> dict[int, int]:
    """Map each line of the code to the last line of the innermost simple statement that contains it."""
    ends: dict[int, int] = {}
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.stmt) and not hasattr(node, "body"):
            for line in range(node.lineno, node.end_lineno + 1):
                ends[line] = max(ends.get(line, 0), node.end_lineno)
    return ends


def shown_output(code: str) -> dict[int, list[str]]:
    """The `# >` lines of the code, keyed by the last line of the statement they follow."""
    ends = statement_ends(code)
    shown: dict[int, list[str]] = {}
    anchor = None
    for n, line in enumerate(code.splitlines(), start=1):
        m = OUTPUT.match(line)
        if m:
            if anchor is None:
                raise ValueError(
                    n, "a '# >' output line must follow the statement that prints it"
                )
            shown.setdefault(ends.get(anchor, anchor), []).append(
                (m.group("text") or "").rstrip()
            )
        elif line.strip():
            anchor = n
    return shown


def printed_output(code: str, records: list[tuple[int, str]]) -> dict[int, list[str]]:
    """What the prints wrote, as (line of the print, text) records, keyed like `shown_output`."""
    ends = statement_ends(code)
    text: dict[int, str] = {}
    for line, chunk in records:
        key = ends.get(line, line)
        text[key] = text.get(key, "") + chunk
    return {
        k: [s.rstrip() for s in v.removesuffix("\n").split("\n")]
        for k, v in text.items()
    }


def rewrite_output(block: Block, printed: dict[int, list[str]]) -> list[Path]:
    """Replace the block's `# >` lines in its snippet files by what the prints wrote. Returns changed files."""
    code_lines = block.code.splitlines()
    drop: dict[Path, set[int]] = {}
    add: dict[Path, dict[int, list[str]]] = {}
    for n, line in enumerate(code_lines, start=1):
        origin = block.origins[n - 1]
        if origin and OUTPUT.match(line):
            drop.setdefault(origin[0], set()).add(origin[1])
    for key, lines in printed.items():
        origin = block.origins[key - 1]
        if origin is None:
            raise ValueError(
                f"{block.where(key)}: output of a line that no snippet file holds"
            )
        stmt = code_lines[_statement_start(block.code, key) - 1]
        indent = stmt[: len(stmt) - len(stmt.lstrip())]
        # Output already shown under the statement keeps the indentation its author gave it
        # (a print in an except block, shown after the block at column 0, stays there).
        below = code_lines[key] if key < len(code_lines) else ""
        if OUTPUT.match(below) and block.origins[key] is not None:
            indent = below[: len(below) - len(below.lstrip())]
        add.setdefault(origin[0], {})[origin[1]] = [
            f"{indent}# > {t}".rstrip() for t in lines
        ]
    changed = []
    for path in set(drop) | set(add):
        old = path.read_text(encoding="utf-8").split("\n")
        new = []
        for n, line in enumerate(old, start=1):
            if n not in drop.get(path, ()):
                new.append(line)
            new.extend(add.get(path, {}).get(n, []))
        if new != old:
            path.write_text("\n".join(new), encoding="utf-8")
            changed.append(path)
    return changed


def _statement_start(code: str, end: int) -> int:
    for node in ast.walk(ast.parse(code)):
        if (
            isinstance(node, ast.stmt)
            and not hasattr(node, "body")
            and node.end_lineno == end
        ):
            return node.lineno
    return end


def mark_names(block) -> set[str]:
    """The names of the marks written before a block's fence (cuda, torchrun, slow, ...)."""
    return {m.group(1) for m in map(MARK_NAME.match, block.marks) if m}


MARK_NAME = re.compile(r"pytest\.mark\.(\w+)")
