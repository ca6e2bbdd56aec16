"""The registry: every rule a contribution must follow, in one place.

Each rule has an id, what it checks, and the fix. A failure is a `Violation`: the file and line,
what is wrong, the rule's id and its fix. Rules come in scopes, by who checks them:

- `page`: checked for each page by that page's `rules` test (`make test ARGS=docs/<page>.md`);
- `site`: across pages, by tests/test_rules.py;
- `block`: while a block runs (tests/codeblocks.py, tools/qa/runner.py);
- `build`: by the strict build and on the built site (tests/test_site.py, the MkDocs hooks);
- `budget`: bytes of the built site (tests/test_budgets.py; the budgets are in tools/pageweight.py).

CONTRIBUTING.md's table of rules is generated from this file (`make rules`), and every rule has an
entry in the catalog of broken contributions (tests/catalog.py) that proves it fires.
"""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from pytest_codeblocks import extract_from_buffer

from tools.qa import FENCE, INCLUDE, LEVELS, Project, includes

SCOPES = ("page", "site", "block", "build", "budget")


@dataclass(frozen=True)
class Rule:
    id: str
    scope: str
    checks: str  # what the rule requires, one sentence (the CONTRIBUTING table)
    fix: str  # what to do when it fails
    check: Callable | None = None  # page: check(project, page); site: check(project)


@dataclass
class Violation:
    rule: str
    where: str  # "path:line", or "path"
    message: str
    detail: str = (
        ""  # the whole story (a traceback), shown after the list of violations
    )

    def __str__(self) -> str:
        return f"{self.where}: {self.message} [{self.rule}]\n    fix: {RULES[self.rule].fix}"


RULES: dict[str, Rule] = {}


def rule(id: str, scope: str, checks: str, fix: str):
    """Register a rule; as a decorator, its check function."""
    if scope not in SCOPES:
        raise ValueError(f"rule {id}: unknown scope {scope!r}")
    if id in RULES:
        raise ValueError(f"rule {id} registered twice")
    RULES[id] = Rule(id, scope, checks, fix)

    def register(fn):
        RULES[id] = Rule(id, scope, checks, fix, fn)
        return fn

    return register


def violation(rule_id: str, where: str, message: str) -> Violation:
    if rule_id not in RULES:
        raise KeyError(f"no rule {rule_id!r} in tools/qa/rules.py")
    return Violation(rule_id, where, message)


def report(violations: Iterable[Violation]) -> str:
    """Violations grouped by rule: each names its file and line; the rule's fix follows once."""
    groups: dict[str, list[Violation]] = {}
    for v in violations:
        groups.setdefault(v.rule, []).append(v)
    out = []
    for rule_id, found in groups.items():
        if len(found) == 1:
            out.append(str(found[0]))
            continue
        out += [f"{v.where}: {v.message} [{rule_id}]" for v in found]
        out.append(f"    fix ({len(found)} x [{rule_id}]): {RULES[rule_id].fix}")
    return "\n".join(out)


# --- what the checks read

ALLOWED_FENCES = {"python", "console", "text", "yaml", "json", "toml", "ini", "diff"}
PYTHONISH = re.compile(
    r"^\{?\.?(py|python\d?|pycon|ipython\d?|python-?console)\b", re.I
)
RUN_BY_PYTEST_CODEBLOCKS = {"sh", "bash", "zsh", "shell"}
ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MARKS = {"cuda", "cpu_only", "torchrun", "timeout", "slow"}
MARK = re.compile(r"^\s*<!--\s*pytest\.mark\.(?P<name>\w+)")
KEYWORD = re.compile(r"^\s*<!--[-\s]*pytest-codeblocks:(?P<word>[^>]*?)-*-->")
UNFINISHED = "TODO"
MAX_TEXT_ONLY = 5
CHANGED_IN = re.compile(r'^!!!\s+\w+\s+"Changed in\b')
SOURCE_LINK = re.compile(
    r"\]\(https://(github\.com/pytorch/|docs\.pytorch\.org/|pytorch\.org/|"
    r"dev-discuss\.pytorch\.org/|docs\.python\.org/|peps\.python\.org/)"
)
OUTPUT = re.compile(r"^(?P<indent>\s*)# >(?: (?P<text>.*))?$")
NO_SPACE_OUTPUT = re.compile(r"^\s*#>")


def fences(page: Path):
    """The page's fences as written (not expanded), as pytest-codeblocks sees them, or the
    error pytest-codeblocks raises on it."""
    try:
        return extract_from_buffer(io.StringIO(page.read_text(encoding="utf-8"))), None
    except RuntimeError as e:
        return [], str(e)


def page_lines(page: Path) -> list[str]:
    return page.read_text(encoding="utf-8").splitlines()


def fence_spans(lines: list[str]) -> list[tuple[int, int, str]]:
    """(first line, last line, info string) of every ``` fence, 1-based, as Markdown reads them."""
    spans, start, ticks, info = [], None, "", ""
    for n, line in enumerate(lines, start=1):
        m = re.match(r"^\s*(`{3,})(.*)$", line)
        if not m:
            continue
        if start is None:
            start, ticks, info = n, m.group(1), m.group(2).strip()
        elif len(m.group(1)) >= len(ticks) and not m.group(2).strip():
            spans.append((start, n, info))
            start = None
    return spans


def included_files(project: Project, page: Path) -> list[Path]:
    seen: dict[Path, None] = {}
    for _, target, _ in includes(page.read_text(encoding="utf-8")):
        path = project.include_target(target)
        if path.is_file():
            seen.setdefault(path, None)
    return list(seen)


# --- page rules: fences and code


@rule(
    "fence-info",
    "page",
    "A fence's info string is exactly one the tests know: `python` (run), or console, text, "
    "yaml, json, toml, ini, diff (shown).",
    "Write ```python for code (an include line), ```console for shell commands.",
)
def _fence_info(project: Project, page: Path):
    found, error = fences(page)
    if error:
        yield violation(
            "fence-info",
            project.rel(page),
            f"pytest-codeblocks cannot read it: {error}",
        )
    for block in found:
        where = f"{project.rel(page)}:{block.lineno}"
        raw = block.syntax or ""
        syntax = raw.strip()
        if syntax in RUN_BY_PYTEST_CODEBLOCKS:
            yield violation(
                "fence-info",
                where,
                f"a ```{syntax} fence would be run as a shell script",
            )
        elif raw != "python" and PYTHONISH.match(syntax):
            yield violation(
                "fence-info", where, f"'{raw}' is not exactly 'python': never run"
            )
        elif syntax not in ALLOWED_FENCES:
            yield violation("fence-info", where, f"unknown info string '{syntax}'")


@rule(
    "fence-style",
    "page",
    "Code blocks are ``` fences at the start of a line: no ~~~ fences.",
    "Write the block as a ``` fence.",
)
def _fence_style(project: Project, page: Path):
    for n, line in enumerate(page_lines(page), start=1):
        if re.match(r"^\s*~~~", line):
            yield violation(
                "fence-style", f"{project.rel(page)}:{n}", "a ~~~ fence is never run"
            )


@rule(
    "python-include-only",
    "page",
    "A python fence holds include lines only: nobody writes Python inline on a page.",
    "Move the code into the page's snippets folder (snippets/<section>/<name>.py) and include "
    'it: --8<-- "<section>/<name>.py".',
)
def _python_include_only(project: Project, page: Path):
    found, _ = fences(page)
    for block in found:
        if block.syntax != "python":
            continue
        lines = block.code.splitlines()
        for offset, line in enumerate(lines, start=1):
            if line.strip() and not INCLUDE.match(line):
                where = f"{project.rel(page)}:{block.lineno + offset}"
                yield violation(
                    "python-include-only", where, "Python written inline on the page"
                )
                break
        if not any(INCLUDE.match(line) for line in lines):
            yield violation(
                "python-include-only", f"{project.rel(page)}:{block.lineno}", "empty"
            )


@rule(
    "include-resolves",
    "page",
    "Every include names an existing file under snippets/ (and, after a colon, an existing "
    "section of it).",
    "Fix the path in the include line, or create the snippet file.",
)
def _include_resolves(project: Project, page: Path):
    for n, target, part in includes(page.read_text(encoding="utf-8")):
        where = f"{project.rel(page)}:{n}"
        path = project.include_target(target)
        if not path.is_file():
            yield violation(
                "include-resolves", where, f"include '{target}' does not exist"
            )
        elif part and not re.match(r"^[\d:,-]+$", part):
            marker = re.compile(rf"--8<--\s*\[\s*start\s*:\s*{re.escape(part)}\s*\]")
            if not marker.search(path.read_text(encoding="utf-8")):
                yield violation(
                    "include-resolves", where, f"no section '{part}' in '{target}'"
                )


@rule(
    "include-mirror",
    "page",
    "A page includes only from its mirrored folder: docs/a/index.md from snippets/a/, "
    "docs/a/b.md from snippets/a/b/.",
    "Move the snippet into the page's mirrored folder and fix the include.",
)
def _include_mirror(project: Project, page: Path):
    if page not in project.question_pages():
        return
    folder = project.snippet_dir(page)
    for n, target, _ in includes(page.read_text(encoding="utf-8")):
        path = project.include_target(target)
        if path.parent != folder:
            where = f"{project.rel(page)}:{n}"
            want = project.rel(folder)
            yield violation("include-mirror", where, f"'{target}' is not in {want}/")


@rule(
    "marks",
    "page",
    "Marks are only cuda, cpu_only, torchrun, timeout and slow: nothing skips, xfails or "
    "continues a block, and nothing checks output outside the snippet.",
    "Remove the mark. A block that needs CUDA takes the cuda mark, and its question a CPU block "
    "too.",
)
def _marks(project: Project, page: Path):
    for n, line in enumerate(page_lines(page), start=1):
        where = f"{project.rel(page)}:{n}"
        if (m := MARK.match(line)) and m["name"] not in MARKS:
            yield violation("marks", where, f"pytest.mark.{m['name']} opts a block out")
        elif m := KEYWORD.match(line):
            yield violation(
                "marks", where, f"pytest-codeblocks:{m['word'].strip()} is not allowed"
            )


# A `>>>` prompt, `python -c`, or raw HTML code: code a page shows that no test runs.
SESSION = re.compile(r"^\s*(>>>|\.\.\.\s)")
PYTHON_C = re.compile(r"\bpython[\d.]*\s+(-\w+\s+)*-c\b")
RAW_CODE = re.compile(r"<(pre|code)\b", re.I)


@rule(
    "code-outside-fence",
    "page",
    "No code the tests cannot run: no `>>>` session, no `python -c`, no include outside a "
    "python fence, no raw HTML <pre> or <code>.",
    "Put the code in a snippet and include it in a ```python fence; console fences hold shell "
    "commands only.",
)
def _code_outside_fence(project: Project, page: Path):
    lines = page_lines(page)
    spans = fence_spans(lines)
    inside = {n: info for a, b, info in spans for n in range(a + 1, b)}
    for n, line in enumerate(lines, start=1):
        where = f"{project.rel(page)}:{n}"
        info = inside.get(n)
        if info == "python":
            continue
        if SESSION.match(line):
            yield violation("code-outside-fence", where, "a Python session (>>>)")
        elif PYTHON_C.search(line):
            yield violation(
                "code-outside-fence", where, "Python in a command (python -c)"
            )
        elif INCLUDE.match(line):
            what = f"a ```{info} fence" if info is not None else "prose"
            yield violation(
                "code-outside-fence", where, f"an include in {what} is never run"
            )
        elif (
            info is None
            and RAW_CODE.search(line)
            and not line.lstrip().startswith("<p ")
        ):
            yield violation("code-outside-fence", where, "raw HTML code")


# --- page rules: headings and questions


@rule(
    "heading-id",
    "page",
    "Every heading below a page's title carries an explicit, stable id: lowercase words joined "
    "by -.",
    "Add { #my-id } at the end of the heading; never change an id once published.",
)
def _heading_id(project: Project, page: Path):
    for h in project.headings(page):
        if h.level == 1:
            continue
        if h.id is None:
            yield violation(
                "heading-id", h.where, f"'{'#' * h.level} {h.title}' has no id"
            )
        elif not ID.match(h.id):
            yield violation(
                "heading-id", h.where, f"id '{h.id}' is not lowercase words joined by -"
            )


def question_rule(id, checks, fix):
    """A page rule that looks at each question of a question page."""

    def register(fn):
        def check(project: Project, page: Path):
            if page in project.question_pages():
                for q in project.questions(page):
                    yield from fn(project, q)

        rule(id, "page", checks, fix)(check)
        return fn

    return register


@question_rule(
    "question-snippet",
    "A question includes at least one snippet, unless its heading is marked { .text-only }.",
    "Include the snippet that proves the answer; mark the heading .text-only only when no "
    "program can show it.",
)
def _question_snippet(project: Project, q):
    has = any(INCLUDE.match(line) for line in q.body)
    if not has and not q.text_only:
        yield violation("question-snippet", q.where, f"'{q.title}' includes no snippet")
    if has and q.text_only:
        yield violation(
            "question-snippet", q.where, f"'{q.title}' is text-only but has a snippet"
        )


def question_fences(project: Project, q) -> list:
    """The question's fences, as pytest-codeblocks reads them (with their marks)."""
    text = "\n".join(q.body) + "\n"
    try:
        return extract_from_buffer(io.StringIO(text))
    except RuntimeError:
        return []


@question_rule(
    "question-cpu-block",
    "A question that includes code has a block that runs on CPU: a cuda block is extra, not "
    "the only proof.",
    "Add a block without the cuda mark that shows what the CPU can show of the answer.",
)
def _question_cpu_block(project: Project, q):
    python = [b for b in question_fences(project, q) if b.syntax == "python"]
    if python and all(
        any(m.startswith("pytest.mark.cuda") for m in b.marks) for b in python
    ):
        yield violation(
            "question-cpu-block", q.where, f"'{q.title}' has only cuda blocks"
        )


@question_rule(
    "question-search-terms",
    'A question carries its hidden search-terms line: <p class="qa-search" hidden>...</p>.',
    "Add the line with the API names, paraphrases and verbatim error messages a reader types.",
)
def _question_search_terms(project: Project, q):
    if not any(line.startswith('<p class="qa-search" hidden>') for line in q.body):
        yield violation(
            "question-search-terms", q.where, f"'{q.title}' has no search-terms line"
        )


@question_rule(
    "question-level",
    'A question has a level: data-level="core", "working" or "expert" on its heading.',
    'Add data-level="core" (every candidate), "working" (a working engineer) or "expert" '
    "(senior, internals) to the heading's { ... }.",
)
def _question_level(project: Project, q):
    level = q.level_name
    if level is None:
        yield violation("question-level", q.where, f"'{q.title}' has no data-level")
    elif level not in LEVELS:
        yield violation(
            "question-level",
            q.where,
            f"data-level '{level}' is not one of {list(LEVELS)}",
        )


ANSWER_WORDS = (
    60  # the point a candidate says aloud: about 20 seconds, three lines on a page
)
ANSWER_SENTENCES = 2
PARAGRAPH_WORDS = (
    120  # a longer paragraph is a wall to skim: split it, or make it a list
)
TASK_BOX = re.compile(r'^!!!\s+question\s+"Task"')
PROSE = re.compile(
    r"^(?:\*\*|[A-Za-z`\[(\"'])"
)  # not a list, table, fence, HTML or admonition
LIST_ITEM = re.compile(r"^(?:[-*+]|\d+\.)\s")


def prose_paragraphs(body: list[str], first_line: int):
    """(line, text) of each prose paragraph of a question's body, outside fences: what the
    reader reads as running text (list items, tables, admonitions and HTML excluded)."""
    out, para, start, fence = [], [], 0, None
    for n, line in enumerate(body, start=first_line):
        if m := FENCE.match(line):
            fence = (
                None if fence and m.group(1)[0] == fence[0] else (fence or m.group(1))
            )
            para = []
            continue
        if fence:
            continue
        if not line.strip():
            if para:
                out.append((start, " ".join(para)))
            para = []
        elif para or (PROSE.match(line) and not LIST_ITEM.match(line)):
            start = start if para else n
            para.append(line.strip())
    if para:
        out.append((start, " ".join(para)))
    return out


def reading_words(text: str) -> int:
    """Words as rendered: link targets and HTML tags are not read."""
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return len(re.sub(r"<[^>]+>", " ", text).split())


def sentences(text: str) -> int:
    """Sentences as a reader counts them: code spans and links do not end one."""
    text = re.sub(r"`[^`]*`", "x", re.sub(r"\]\([^)]*\)", "]", text))
    text = re.sub(r"\b(?:e\.g|i\.e|vs|etc)\.", "x", text.replace("**Answer.**", ""))
    return len(re.findall(r"[.!?](?=\s+[A-Z*(\[`\"]|\s*$)", text.strip()))


@question_rule(
    "answer-shape",
    f"A conceptual answer opens with its point: a first paragraph that starts with **Answer.** "
    f"in at most {ANSWER_SENTENCES} sentences and {ANSWER_WORDS} words; no prose paragraph "
    f"holds more than {PARAGRAPH_WORDS} words.",
    "Put what a candidate would say aloud first, in one or two sentences; move the why and the "
    "detail into the paragraphs (or a list) after it, and split a long paragraph.",
)
def _answer_shape(project: Project, q):
    if any(TASK_BOX.match(line) for line in q.body):
        return  # a coding task opens with its Task box (exercise-shape)
    paras = prose_paragraphs(q.body, q.line + 1)
    rel = project.rel(q.page)
    if not paras or not paras[0][1].startswith("**Answer.**"):
        at = f"{rel}:{paras[0][0]}" if paras else q.where
        yield violation(
            "answer-shape", at, f"'{q.title}' does not open with **Answer.**"
        )
    else:
        words, count = reading_words(paras[0][1]), sentences(paras[0][1])
        if words > ANSWER_WORDS or count > ANSWER_SENTENCES:
            yield violation(
                "answer-shape",
                f"{rel}:{paras[0][0]}",
                f"the opening paragraph has {words} words and {count} sentences "
                f"(at most {ANSWER_WORDS} and {ANSWER_SENTENCES})",
            )
    for n, text in paras[1:]:
        if (w := reading_words(text)) > PARAGRAPH_WORDS:
            yield violation(
                "answer-shape",
                f"{rel}:{n}",
                f"a paragraph of {w} words (at most {PARAGRAPH_WORDS})",
            )


@rule(
    "unfinished",
    "page",
    f"No {UNFINISHED} placeholder is left from the scaffold, on the page or in its snippets.",
    f"Replace every {UNFINISHED} with the question, the answer, the trap and the program.",
)
def _unfinished(project: Project, page: Path):
    for n, line in enumerate(page_lines(page), start=1):
        if UNFINISHED in line:
            yield violation(
                "unfinished", f"{project.rel(page)}:{n}", f"a {UNFINISHED} placeholder"
            )
            break
    for path in included_files(project, page):
        for n, line in enumerate(
            path.read_text(encoding="utf-8").splitlines(), start=1
        ):
            if UNFINISHED in line:
                where = f"{project.rel(path)}:{n}"
                yield violation("unfinished", where, f"a {UNFINISHED} placeholder")
                break


@rule(
    "changed-in-source",
    "page",
    'A "Changed in" note links its source: the release notes or the PR of the change.',
    "Link https://github.com/pytorch/pytorch/releases/tag/vX.Y.0 or the pull request in the "
    "note's text.",
)
def _changed_in_source(project: Project, page: Path):
    lines = page_lines(page)
    for n, line in enumerate(lines, start=1):
        if not CHANGED_IN.match(line):
            continue
        body = []
        for nxt in lines[n:]:
            if nxt.strip() and not nxt.startswith((" ", "\t")):
                break
            body.append(nxt)
        if not SOURCE_LINK.search("\n".join(body)):
            where = f"{project.rel(page)}:{n}"
            yield violation(
                "changed-in-source", where, "a Changed in note without a source link"
            )


# --- page rules: the snippets a page includes


def ruff(project: Project, files: list[Path]) -> list[str]:
    """ruff's complaints about `files`, one per line (check, then format)."""
    if not files:
        return []
    names = [project.rel(f) for f in files]
    out = []
    check = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--no-cache",
            "--output-format=concise",
            *names,
        ],
        cwd=project.root,
        capture_output=True,
        text=True,
    )
    if check.returncode:
        out += [
            line
            for line in check.stdout.splitlines()
            if re.match(r"^\S+:\d+:\d+: ", line)
        ]
    fmt = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--no-cache", "--check", *names],
        cwd=project.root,
        capture_output=True,
        text=True,
    )
    if fmt.returncode:
        # ruff names each file "Would reformat: <path>" (older releases) or
        # "unformatted: ..." then "  --> <path>:<line>:<col>" (newer ones); a failure named
        # neither way still fails, on every file checked.
        found = re.findall(r"^Would reformat: (\S+)", fmt.stdout, re.M) + re.findall(
            r"^unformatted:.*\n\s*--> (\S+?):\d+:\d+", fmt.stdout + fmt.stderr, re.M
        )
        out += [
            f"{name}:1: not formatted as ruff formats it"
            for name in dict.fromkeys(found or names)
        ]
    return out


@rule(
    "ruff",
    "page",
    "The code readers copy (a page's snippets, a walkthrough) passes ruff check and ruff format: "
    "88 columns, imports sorted, nothing unused.",
    "Run `make format`, then fix by hand what it cannot (a long line, an unused name).",
)
def _ruff(project: Project, page: Path):
    files = [page] if page.suffix == ".py" else included_files(project, page)
    for line in ruff(project, files):
        where, _, message = line.partition(": ")
        yield violation(
            "ruff", where.rsplit(":", 1)[0] if where.count(":") > 1 else where, message
        )


EXITS = {"sys.exit", "exit", "quit", "os._exit"}


def _is_exit(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Raise) and stmt.exc is not None:
        exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
        return isinstance(exc, ast.Name) and exc.id == "SystemExit"
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        return ast.unparse(stmt.value.func) in EXITS
    return False


def dead_code(source: str) -> list[int]:
    """Lines of statements that follow an exit in the same body of code."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    out = []
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if not isinstance(body, list):
                continue
            for i, stmt in enumerate(body[:-1]):
                if isinstance(stmt, ast.stmt) and _is_exit(stmt):
                    out.append(body[i + 1].lineno)
                    break
    return sorted(out)


@rule(
    "dead-code",
    "page",
    "No statement follows a sys.exit(), exit(), quit(), os._exit() or raise SystemExit in the "
    "same body of code: it would never run.",
    "Delete the code after the exit, or move the exit to the end.",
)
def _dead_code(project: Project, page: Path):
    files = [page] if page.suffix == ".py" else included_files(project, page)
    for path in files:
        for n in dead_code(path.read_text(encoding="utf-8")):
            yield violation(
                "dead-code",
                f"{project.rel(path)}:{n}",
                "never runs: it follows an exit",
            )


@rule(
    "output-marker",
    "page",
    "Shown output is written `# > text`, a space after `#`, right under the statement that "
    "prints it.",
    "Write `# > ` (`make update-output` writes the lines for you).",
)
def _output_marker(project: Project, page: Path):
    for path in included_files(project, page):
        anchor = False
        for n, line in enumerate(
            path.read_text(encoding="utf-8").splitlines(), start=1
        ):
            where = f"{project.rel(path)}:{n}"
            if NO_SPACE_OUTPUT.match(line):
                yield violation(
                    "output-marker", where, "'#>' without a space is a comment"
                )
            elif OUTPUT.match(line):
                if not anchor:
                    yield violation(
                        "output-marker", where, "a '# >' line under no statement"
                    )
            elif line.strip() and not line.lstrip().startswith("#"):
                anchor = True


SILENCE = re.compile(
    r"""(filterwarnings|simplefilter)\(\s*(action\s*=\s*)?["']ignore|catch_warnings\([^)]*action\s*=\s*["']ignore"""
)


@rule(
    "warnings-silenced",
    "page",
    "A snippet does not silence warnings: a deprecation it hid would reach the page untested.",
    "Remove the filter. To show a warning, catch it with warnings.catch_warnings(record=True) "
    "and print it.",
)
def _warnings_silenced(project: Project, page: Path):
    files = [page] if page.suffix == ".py" else included_files(project, page)
    for path in files:
        for n, line in enumerate(
            path.read_text(encoding="utf-8").splitlines(), start=1
        ):
            if SILENCE.search(line):
                where = f"{project.rel(path)}:{n}"
                yield violation("warnings-silenced", where, "silences warnings")


@rule(
    "exercise-shape",
    "page",
    "A coding exercise's solution marks its solution sections and one check section, and its "
    "main block is exactly check(<the names to check>) (tools/exercises.py).",
    "Wrap each body in # --8<-- [start:solution] / [end:solution], the check function in "
    '[start:check] / [end:check], and end with if __name__ == "__main__": check(name).',
)
def _exercise_shape(project: Project, page: Path):
    from tools import exercises

    for path in included_files(project, page):
        if exercises.is_exercise(path):
            for n, what in exercises.problems(path):
                yield violation("exercise-shape", f"{project.rel(path)}:{n}", what)


# --- site rules


def site_rule(id, checks, fix):
    def register(fn):
        rule(id, "site", checks, fix)(fn)
        return fn

    return register


@site_rule(
    "id-unique",
    "Every heading id is used once across the site.",
    "Choose another id for the newer heading.",
)
def _id_unique(project: Project):
    seen: dict[str, str] = {}
    for page in project.pages():
        for h in project.headings(page):
            if h.id is None:
                continue
            if h.id in seen:
                yield violation(
                    "id-unique", h.where, f"id '{h.id}' is already used at {seen[h.id]}"
                )
            else:
                seen[h.id] = h.where


@site_rule(
    "text-only-limit",
    f"At most {MAX_TEXT_ONLY} questions on the site are text-only.",
    "Find a program that shows the answer, and drop .text-only.",
)
def _text_only_limit(project: Project):
    text_only = [q for q in project.all_questions() if q.text_only]
    if len(text_only) > MAX_TEXT_ONLY:
        where = ", ".join(q.where for q in text_only)
        yield violation(
            "text-only-limit", text_only[-1].where, f"{len(text_only)}: {where}"
        )


@site_rule(
    "snippet-orphan",
    "Every snippet is included by a page.",
    "Include it from its question, or delete it.",
)
def _snippet_orphan(project: Project):
    included = {
        project.include_target(t).resolve()
        for page in project.pages()
        for _, t, _ in includes(page.read_text(encoding="utf-8"))
    }
    for path in project.snippet_files():
        if path.resolve() not in included:
            yield violation(
                "snippet-orphan", f"{project.rel(path)}:1", "no page includes it"
            )


def shown_text(project: Project) -> str:
    """Everything the snippets print, as shown on the pages, with whitespace collapsed."""
    lines = []
    for path in project.snippet_files():
        for line in path.read_text(encoding="utf-8").splitlines():
            if m := OUTPUT.match(line):
                lines.append(m.group("text") or "")
    return re.sub(r"\s+", " ", " ".join(lines))


@site_rule(
    "errors-page-printed",
    "Every message on the Common errors page is printed by a snippet (a CUDA-only one is marked "
    "(*CUDA*)).",
    "Quote the message exactly as the snippet's # > lines show it, or add a snippet that "
    "prints it.",
)
def _errors_page_printed(project: Project):
    page = project.docs / "reference" / "errors.md"
    if not page.exists():
        return
    printed = shown_text(project)
    for n, line in enumerate(page_lines(page), start=1):
        m = re.match(r"^\|\s*(`+)\s?(?P<message>.+?)\s?\1", line)
        if not m or "(*CUDA*)" in line:
            continue
        message = re.sub(r"\s+", " ", m.group("message"))
        if message not in printed:
            where = f"{project.rel(page)}:{n}"
            yield violation(
                "errors-page-printed", where, f"no snippet prints {message!r}"
            )


@site_rule(
    "quick-reference",
    "Every question has a line in the quick reference (docs/reference/mental-model.md) that links "
    "it.",
    "Add one line with the fact the answer proves, ending in a link to page#id.",
)
def _quick_reference(project: Project):
    page = project.quick_reference
    if not page.exists():
        return
    text = page.read_text(encoding="utf-8")
    linked = {
        (page.parent / target).resolve().relative_to(project.docs.resolve()).as_posix()
        + "#"
        + qid
        for target, qid in re.findall(r"\]\(([^)#\s]+\.md)#([\w-]+)\)", text)
    }
    for q in project.all_questions():
        if project.question_key(q) not in linked:
            yield violation(
                "quick-reference", q.where, f"#{q.id} is not in the quick reference"
            )


@site_rule(
    "section-description",
    "Every section page in mkdocs.yml's nav has a `description:` in its front matter (the home "
    "page's table of sections shows it).",
    'Add front matter: ---, description: "what the section covers", --- at the top of the page.',
)
def _section_description(project: Project):
    for _, page in project.sections:
        text = page.read_text(encoding="utf-8")
        if not re.match(r"^---\n(?:.*\n)*?description:\s*\S", text):
            yield violation(
                "section-description", f"{project.rel(page)}:1", "no description"
            )


QUERY_KINDS = {"words", "api", "paraphrase", "error"}
# A dot names an attribute (torch.x), unless it sits inside a number (momentum 0.99).
IDENTIFIER = re.compile(r"[_()\[\]=`]|[a-z][A-Z]|(?<!\d)\.|\.(?!\d)")


@site_rule(
    "queries-valid",
    "Every search query (tests/search/: tuning, heldout, plain) names an existing question and a known kind; a "
    "`words` query holds no identifier.",
    "Fix the entry: expect is page#id as the site names it (autograd/index.md#retain-graph); kind "
    "is words, api, paraphrase or error; a query with an API name is not `words`.",
)
def _queries_valid(project: Project):
    import yaml

    questions = {project.question_key(q) for q in project.all_questions()}
    for path in project.search_queries.values():
        if not path.exists():
            continue
        entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        lines = path.read_text(encoding="utf-8").splitlines()
        for e in entries:
            n = next(
                (k for k, line in enumerate(lines, start=1) if str(e.get("q")) in line),
                1,
            )
            where = f"{project.rel(path)}:{n}"
            if e.get("expect") not in questions:
                yield violation(
                    "queries-valid", where, f"no question {e.get('expect')!r}"
                )
            if e.get("kind") not in QUERY_KINDS:
                yield violation("queries-valid", where, f"kind {e.get('kind')!r}")
            elif e["kind"] == "words" and IDENTIFIER.search(str(e.get("q"))):
                yield violation(
                    "queries-valid",
                    where,
                    f"a words query with an identifier: {e['q']!r}",
                )


def _entries_with_lines(path: Path) -> list[tuple[int, dict]]:
    """A YAML list's entries, each with the line it starts on."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(
        path.read_text(encoding="utf-8")
    )
    try:
        node = loader.get_single_node()
        items = node.value if node is not None else []
        return [
            (n.start_mark.line + 1, loader.construct_object(n, deep=True))
            for n in items
        ]
    finally:
        loader.dispose()


ASKED_CLOSE = (
    0.6  # word overlap (Jaccard) from which a phrasing repeats a measured query
)


def close_pairs(queries: list[str], measured: list[str]) -> list[tuple[int, int]]:
    """(i, j) for each query i whose words overlap measured query j's by ASKED_CLOSE or more
    (the first such j): one matrix product, not a loop over pairs."""
    import numpy as np

    words = [set(re.findall(r"[a-z0-9]+", q.lower())) for q in [*queries, *measured]]
    vocab = {w: k for k, w in enumerate(sorted(set().union(*words)))}
    m = np.zeros((len(words), len(vocab)), dtype=np.float32)
    for i, ws in enumerate(words):
        m[i, [vocab[w] for w in ws]] = 1
    a, t = m[: len(queries)], m[len(queries) :]
    inter = a @ t.T
    union = a.sum(1)[:, None] + t.sum(1)[None, :] - inter
    hit = inter >= ASKED_CLOSE * np.maximum(union, 1)
    return [(int(i), int(hit[i].argmax())) for i in np.flatnonzero(hit.any(1))]


@site_rule(
    "asked-valid",
    "Every entry of tests/search/asked.yml (how readers ask a question, indexed with it) names an "
    "existing question and repeats no query of tests/search/ (60% of its words or more in common).",
    "Fix expect (page#id, as in tests/search/), or drop the phrasing: a query the tests measure "
    "must not be indexed, or the held-out rates measure nothing.",
)
def _asked_valid(project: Project):
    path = project.search_asked
    if not path.exists():
        return
    questions = {project.question_key(q) for q in project.all_questions()}
    asked = _entries_with_lines(path)
    measured = [
        (f"{project.rel(file)}:{n}", str(e.get("q")))
        for file in project.search_queries.values()
        if file.exists()
        for n, e in _entries_with_lines(file)
    ]
    for n, e in asked:
        if e.get("expect") not in questions:
            yield violation(
                "asked-valid",
                f"{project.rel(path)}:{n}",
                f"no question {e.get('expect')!r}",
            )
    pairs = close_pairs([str(e.get("q")) for _, e in asked], [q for _, q in measured])
    for i, j in pairs:
        n, e = asked[i]
        yield violation(
            "asked-valid",
            f"{project.rel(path)}:{n}",
            f"{e.get('q')!r} repeats the query at {measured[j][0]}",
        )


CORRECTION_FIELDS = ["question", "date", "said", "truth", "evidence"]


@site_rule(
    "corrections-valid",
    "Every entry of docs/reference/corrections.yml names an existing question (page#id, or a "
    "walkthrough's file) and has a date (YYYY-MM-DD), what the page said, what is true and the "
    "evidence.",
    "Fix the entry: the question's page#id as queries use it, e.g. autograd/index.md#retain-graph.",
)
def _corrections_valid(project: Project):
    entries = project.corrections()
    if not entries:
        return
    where = project.rel(project.corrections_file)
    questions = {project.question_key(q) for q in project.all_questions()}
    walkthroughs = {
        p.relative_to(project.docs).as_posix() for p in project.walkthrough_notebooks()
    }
    # A correction of a page's introduction names the page.
    walkthroughs |= {p.relative_to(project.docs).as_posix() for p in project.pages()}
    for i, entry in enumerate(entries, start=1):
        at = f"{where}: entry {i}"
        if not isinstance(entry, dict) or sorted(entry) != sorted(CORRECTION_FIELDS):
            keys = sorted(entry) if isinstance(entry, dict) else entry
            yield violation(
                "corrections-valid", at, f"fields {keys}, not {CORRECTION_FIELDS}"
            )
            continue
        if entry["question"] not in questions | walkthroughs:
            yield violation(
                "corrections-valid", at, f"no question {entry['question']!r}"
            )
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(entry["date"])):
            yield violation(
                "corrections-valid", at, f"date {entry['date']!r} is not YYYY-MM-DD"
            )
        for name in CORRECTION_FIELDS[2:]:
            if not str(entry[name]).strip():
                yield violation("corrections-valid", at, f"an empty {name}")


@site_rule(
    "walkthrough-cells",
    "A walkthrough starts with a Markdown title cell, is listed on its folder's index.md, and "
    "its Markdown cells hold no fence or include (code goes in code cells, which run).",
    "Start with '# %% [markdown]' and '# # Title', link it from index.md, move code into a "
    "code cell.",
)
def _walkthrough_cells(project: Project):
    index = project.walkthroughs / "index.md"
    listed = index.read_text(encoding="utf-8") if index.exists() else ""
    for path in project.walkthrough_notebooks():
        lines = path.read_text(encoding="utf-8").splitlines()
        where = project.rel(path)
        if (
            lines[:1] != ["# %% [markdown]"]
            or len(lines) < 2
            or not lines[1].startswith("# # ")
        ):
            yield violation(
                "walkthrough-cells", f"{where}:1", "no Markdown title cell first"
            )
        if f"({path.name})" not in listed:
            yield violation(
                "walkthrough-cells",
                f"{where}:1",
                f"not linked from {project.rel(index)}",
            )
        markdown = False
        for n, line in enumerate(lines, start=1):
            if line.startswith("# %%"):
                markdown = "[markdown]" in line
            elif markdown and (
                re.match(r"^#\s*(```|~~~)", line) or INCLUDE.match(line[1:])
            ):
                yield violation(
                    "walkthrough-cells", f"{where}:{n}", "code in a Markdown cell"
                )


# --- rules checked while a block runs (tests/codeblocks.py)

BLOCK_RULES = [
    (
        "block-error",
        "A block runs without raising.",
        "Fix the code. To show an error, catch it and print its message.",
    ),
    (
        "block-timeout",
        "A block finishes within its time limit: 60 s, or "
        "<!--pytest.mark.timeout(N)--> before its fence.",
        "Make it smaller or faster (tiny shapes, few steps), or raise the limit with the timeout "
        "mark.",
    ),
    (
        "block-crash",
        "A block's process is not killed by a signal (a segfault, an abort).",
        "Find the line in the stacks shown and fix the call; a crash is never the answer.",
    ),
    (
        "block-exit",
        "A block runs to its end: no non-zero exit status, no sys.exit() or "
        "os._exit() before its last statement.",
        "Remove the exit, or make it the last statement with status 0.",
    ),
    (
        "block-stray",
        "A block leaves nothing running: it waits for the processes and non-daemon "
        "threads it starts.",
        "join() what you start (or pass daemon=True), and let pools and process groups shut down.",
    ),
    (
        "block-deprecation",
        "A block uses no deprecated API: DeprecationWarning, FutureWarning or "
        "a warning that says deprecated is an error.",
        "Use the replacement the warning names. A snippet that exists to show the warning catches "
        "it with warnings.catch_warnings(record=True) and prints it.",
    ),
    (
        "block-writes",
        "A block writes only into its working directory and the temporary folder: "
        "never into the repository or the Python environment.",
        "Write with relative paths (torch.save('model.pt')) or into tempfile.mkdtemp().",
    ),
    (
        "block-cuda-unmarked",
        "A block that needs CUDA carries the cuda mark.",
        "Add <!--pytest.mark.cuda--> on the line before the fence, and give the question a block "
        "that runs on CPU.",
    ),
    (
        "block-imports",
        "A block imports nothing a reader does not have: no project code, no "
        "other snippet.",
        "Make the snippet standalone: copy the few lines it needs.",
    ),
    (
        "output-unshown",
        "Everything a block prints is shown as # > lines under the statement "
        "that prints it.",
        "Add the output (`make update-output ARGS=<page>` writes it), or stop printing it.",
    ),
    (
        "output-not-printed",
        "Every # > line is printed by the statement above it.",
        "Remove the line, or make the statement print it; `make update-output ARGS=<page>` "
        "rewrites them.",
    ),
    (
        "output-differs",
        "The # > lines are exactly what their statement prints.",
        "If the change is deliberate, run `make update-output ARGS=<page>` and read the diff: it "
        "is what the page will claim.",
    ),
    (
        "output-unseeded",
        "A block prints the same whatever the run's seed: its randomness is "
        "seeded in the code the page shows.",
        "Call torch.manual_seed(0) before anything random (and seed a DataLoader's generator); "
        "`make test QA_SEED=<seed>` reproduces a run.",
    ),
]
for _id, _checks, _fix in BLOCK_RULES:
    rule(_id, "block", _checks, _fix)

# --- rules of the built site (tests/test_site.py, tools/mkdocs_hooks.py)

BUILD_RULES = [
    (
        "build-link",
        "Every link points at an existing page or file.",
        "Fix the link's path (relative to the page, to the .md file).",
    ),
    (
        "build-anchor",
        "Every link's #anchor exists on its page.",
        "Link an id that exists: a question's { #id }.",
    ),
    (
        "build-nav",
        "Every page is in mkdocs.yml's nav, and every nav entry exists.",
        "Add the page under nav: in mkdocs.yml (maintainers), or fix the entry.",
    ),
    (
        "build-warning",
        "The strict build prints no other warning.",
        "Read the warning: it names the page; `make build` shows it.",
    ),
    (
        "fence-rendered",
        "Every code block on a built page is a fence the tests ran: no indented "
        "code blocks.",
        "Write the block as a ``` fence (an include in a ```python fence for code).",
    ),
    (
        "third-party",
        "The built site loads nothing from a third party: no script, style, font or "
        "image from another host.",
        "Ship the file with the site (docs/assets/) or drop it.",
    ),
    (
        "walkthrough-stderr",
        "A walkthrough cell writes nothing to stderr: a warning would show "
        "under the cell.",
        "Fix what warns (run the notebook with `make test ARGS=docs/walkthroughs/<name>.py`).",
    ),
    (
        "walkthrough-alt",
        "Every plot of a walkthrough has alt text.",
        'Describe the plot in its cell header: # %% alt="...".',
    ),
    (
        "output-address",
        "No rendered output shows an object with a memory address "
        "(<... at 0x...>): it differs on every run and says nothing.",
        "End the cell with a statement, not an expression (assign a returned value to _), or "
        "print what matters.",
    ),
]
for _id, _checks, _fix in BUILD_RULES:
    rule(_id, "build", _checks, _fix)

BUDGET_RULES = [
    (
        "budget-page",
        "A question page and what it loads stay under the page budget, gzip-"
        "compressed as GitHub Pages serves them.",
        "Make the page lighter (split it, drop heavy assets); the budgets live in "
        "tools/pageweight.py (BUDGETS), changed by a maintainer.",
    ),
    (
        "budget-notebook",
        "A walkthrough page's HTML stays under the notebook budget, gzip-compressed.",
        "Print less (summaries, not tensors), or split the walkthrough; the budgets live in "
        "tools/pageweight.py (BUDGETS).",
    ),
    (
        "budget-search-index",
        "What the first search downloads (the first file, the documents' vectors and the "
        "shards its words need: the worst of the longest held-out queries typed key by key) "
        "stays under its budget, gzip-compressed.",
        "Shorten search-terms lines, or split the index finer (tools/search/shards.py); the "
        "budgets live in tools/pageweight.py (BUDGETS).",
    ),
]
for _id, _checks, _fix in BUDGET_RULES:
    rule(_id, "budget", _checks, _fix)


# --- running the static rules


def check_page(project: Project, page: Path) -> list[Violation]:
    return [
        v for r in RULES.values() if r.scope == "page" for v in r.check(project, page)
    ]


def check_site(project: Project) -> list[Violation]:
    return [v for r in RULES.values() if r.scope == "site" for v in r.check(project)]


def concerns(project: Project, page: Path, v: Violation) -> bool:
    """Whether a site rule's violation is about this page: it is located on the page or on one of
    its snippets, or it names one of the page's questions (a query, a correction). The one-page
    test reports these with the page's own rules, so a contributor sees them before `make test`."""
    path = v.where.rsplit(":", 1)[0] if v.where[-1:].isdigit() else v.where
    if path == project.rel(page):
        return True
    if Path(path).parent == Path(project.rel(project.snippet_dir(page))):
        return True
    return f"{page.relative_to(project.docs).as_posix()}#" in v.message


def check_all(project: Project) -> list[Violation]:
    """Every static rule over the whole project (the catalog uses it on small projects)."""
    out = [v for page in project.pages() for v in check_page(project, page)]
    out += [
        v for nb in project.walkthrough_notebooks() for v in check_page(project, nb)
    ]
    return out + check_site(project)


# --- CONTRIBUTING.md's table of rules

TABLE_START = "<!-- rules: generated by `make rules` from tools/qa/rules.py -->"
TABLE_END = "<!-- rules: end -->"


def table() -> str:
    rows = [
        "| Rule | Checked by | What it requires | The fix |",
        "| --- | --- | --- | --- |",
    ]
    for r in RULES.values():
        cells = [f"`{r.id}`", r.scope, r.checks, r.fix]
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join([TABLE_START, *rows, TABLE_END])


def contributing_with_table(text: str) -> str:
    start, end = text.find(TABLE_START), text.find(TABLE_END)
    if start < 0 or end < 0:
        raise ValueError(f"CONTRIBUTING.md has no {TABLE_START} ... {TABLE_END} block")
    return text[:start] + table() + text[end + len(TABLE_END) :]


if __name__ == "__main__":  # `make rules`: write the table into CONTRIBUTING.md
    path = Project().root / "CONTRIBUTING.md"
    new = contributing_with_table(path.read_text(encoding="utf-8"))
    if new != path.read_text(encoding="utf-8"):
        path.write_text(new, encoding="utf-8")
        print(f"rewrote the table of rules in {path.name}")
    else:
        print(f"the table of rules in {path.name} is up to date")
