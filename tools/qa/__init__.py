"""What the site is made of: pages, questions, snippets, and the facts they rest on.

Every fact is read from where it is set, never typed twice:

- the docs folder, the snippets folder (pymdownx.snippets' `base_path`), the walkthrough folder
  (mkdocs-jupyter's `include`) and the sections (the `nav`) come from `mkdocs.yml`;
- the torch version from `requirements.txt`;
- what is not the repository's content from `.gitignore`.

`Project(root)` reads them for any copy of the repository (the catalog of broken contributions
builds small ones); `PROJECT` is this repository. Shared by the MkDocs hooks, the tests and tools.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The folder of docs/ that holds the quick reference, the common errors and the
# corrections pages.
REFERENCE = "reference"
# Question levels: the value of `data-level` on a question's heading, and the label
# readers see.
LEVELS = {"core": "Core", "working": "Working", "expert": "Expert"}
# What each level means, where a level is shown (the chip's title, the home page, the mock interview).
LEVEL_MEANING = {
    "core": "every candidate is expected to answer it",
    "working": "a working PyTorch engineer answers it",
    "expert": "senior, internals",
}
# Self-grades and the progress filter of section pages (docs/assets/practice.js holds the
# same labels; tests/browser/test_practice.py checks that they agree).
# Where "Random question" draws from (docs/assets/practice.js holds the same keys).
RANDOM_SCOPES = {
    "page": "from this page",
    "section": "from this section",
    "site": "from the site",
}
GRADES = {"knew": "Knew it", "shaky": "Shaky", "missed": "Missed"}
PROGRESS_FILTERS = {
    "all": "every question",
    "missed": "only what I missed",
    "review": "only what I missed or was shaky on",
    "ungraded": "only what I have not graded yet",
}

HEADING = re.compile(
    r"^(?P<hashes>#{1,6})\s+(?P<title>.*?)\s*(?:\{(?P<attrs>[^}]*)\})?\s*$"
)
ATTR_ID = re.compile(r"(?:^|\s)#(?P<id>[^\s}]+)")
ATTR_CLASS = re.compile(r"(?:^|\s)\.(?P<cls>[A-Za-z0-9_-]+)")
ATTR_KV = re.compile(r"""(?:^|\s)(?P<key>[\w-]+)=(?:"(?P<q>[^"]*)"|(?P<v>[^\s"]+))""")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
INCLUDE = re.compile(r"""^\s*-{1,}8<-{1,}\s+(["'])(?P<target>.+?)\1\s*$""")


@dataclass
class Heading:
    page: Path
    line: int  # 1-based
    level: int  # 1 for '#', 2 for '##', ...
    title: str
    id: str | None
    classes: list[str]
    attrs: dict[str, str]
    root: Path = field(repr=False, default=ROOT)

    @property
    def where(self) -> str:
        return f"{rel(self.page, self.root)}:{self.line}"


@dataclass
class Question(Heading):
    body: list[str] = field(default_factory=list)  # lines up to the next '#' or '##'

    @property
    def text_only(self) -> bool:
        return "text-only" in self.classes

    @property
    def level_name(self) -> str | None:
        return self.attrs.get("data-level")


def rel(path: Path, root: Path = ROOT) -> str:
    try:
        return Path(path).resolve().relative_to(Path(root).resolve()).as_posix()
    except ValueError:
        return str(path)


def parse_headings(page: Path, root: Path = ROOT) -> tuple[list[str], list[Heading]]:
    """The page's lines and its headings outside fenced code, with their attribute lists."""
    lines = page.read_text(encoding="utf-8").splitlines()
    out: list[Heading] = []
    fence = None
    for i, line in enumerate(lines):
        m = FENCE.match(line)
        if m:
            ticks = m.group(1)
            if fence is None:
                fence = ticks
            elif ticks[0] == fence[0] and len(ticks) >= len(fence):
                fence = None
            continue
        if fence is not None or not (h := HEADING.match(line)):
            continue
        attrs = h.group("attrs") or ""
        idm = ATTR_ID.search(attrs)
        kv = {
            m["key"]: m["q"] if m["q"] is not None else m["v"]
            for m in ATTR_KV.finditer(attrs)
        }
        out.append(
            Heading(
                page,
                i + 1,
                len(h.group("hashes")),
                h.group("title"),
                idm.group("id") if idm else None,
                ATTR_CLASS.findall(attrs),
                kv,
                root,
            )
        )
    return lines, out


def includes(text: str):
    """(line, path, section) for every pymdownx.snippets include line of a page's text."""
    for n, line in enumerate(text.splitlines(), start=1):
        m = INCLUDE.match(line)
        if m:
            path, _, section = m.group("target").partition(":")
            yield n, path, section


class Project:
    """A copy of the repository, seen through the facts of its mkdocs.yml and .gitignore."""

    def __init__(self, root: Path = ROOT):
        self.root = Path(root).resolve()

    # --- facts read from mkdocs.yml
    # ------------------------------------------------------

    @cached_property
    def mkdocs(self) -> dict:
        from mkdocs.utils.yaml import yaml_load  # MkDocs' own loader: it knows !ENV

        with open(self.root / "mkdocs.yml", encoding="utf-8") as f:
            return yaml_load(f)

    def _extension(self, name: str) -> dict:
        for ext in self.mkdocs.get("markdown_extensions", []):
            if isinstance(ext, dict) and name in ext:
                return dict(ext[name] or {})
        return {}

    def _plugin(self, name: str) -> dict:
        for plugin in self.mkdocs.get("plugins", []):
            if isinstance(plugin, dict) and name in plugin:
                return dict(plugin[name] or {})
        return {}

    @cached_property
    def docs(self) -> Path:
        return self.root / self.mkdocs.get("docs_dir", "docs")

    @cached_property
    def snippets_settings(self) -> dict:
        """pymdownx.snippets' settings from mkdocs.yml, base paths made absolute."""
        settings = self._extension("pymdownx.snippets")
        base = settings.get("base_path", ["."])
        base = [base] if isinstance(base, str) else base
        settings["base_path"] = [str(self.root / b) for b in base]
        return settings

    @cached_property
    def snippets(self) -> Path:
        """The one folder pages include code from: pymdownx.snippets' base_path."""
        base = self.snippets_settings["base_path"]
        if len(base) != 1:
            raise RuntimeError(
                f"mkdocs.yml: pymdownx.snippets needs one base_path, got {base}"
            )
        return Path(base[0])

    @cached_property
    def walkthroughs(self) -> Path:
        """The folder of the executed notebooks: mkdocs-jupyter's include, e.g. walkthroughs/*.py."""
        include = self._plugin("mkdocs-jupyter").get("include", [])
        folders = {Path(pattern).parent for pattern in include}
        if len(folders) != 1:
            raise RuntimeError(
                f"mkdocs.yml: mkdocs-jupyter include needs one folder, got {include}"
            )
        return self.docs / folders.pop()

    @cached_property
    def sections(self) -> list[tuple[str, Path]]:
        """(title, page) of every question section, in the order of mkdocs.yml's nav."""
        out = []
        for entry in self.mkdocs.get("nav", []):
            for title, target in entry.items() if isinstance(entry, dict) else []:
                targets = target if isinstance(target, list) else [target]
                for t in targets:
                    path = self.docs / (
                        t if isinstance(t, str) else next(iter(t.values()))
                    )
                    if path in self.question_pages():
                        out.append((title, path))
                        break
        return out

    # --- facts read from requirements.txt and .gitignore
    # --------------------------------------

    @cached_property
    def requirements(self) -> Path:
        return self.root / "requirements.txt"

    def torch_pin(self) -> str:
        """The torch version pinned in requirements.txt, e.g. '2.13.0'."""
        for line in self.requirements.read_text(encoding="utf-8").splitlines():
            m = re.match(r"^torch==([^\s;#]+)", line.strip())
            if m:
                return m.group(1)
        raise RuntimeError(f"{self.requirements}: no 'torch==' pin")

    @cached_property
    def _ignored(self):
        import pathspec

        lines = (self.root / ".gitignore").read_text(encoding="utf-8").splitlines()
        return pathspec.GitIgnoreSpec.from_lines([".git/", *lines])

    def ignored(self, path: Path | str) -> bool:
        """Whether git ignores the path (the environment, caches, build output)."""
        p = Path(path)
        relative = p.relative_to(self.root) if p.is_absolute() else p
        text = relative.as_posix() + ("/" if p.is_dir() else "")
        return self._ignored.match_file(text)

    # --- pages, questions, snippets
    # ----------------------------------------------------------

    def rel(self, path: Path) -> str:
        return rel(path, self.root)

    @property
    def quick_reference(self) -> Path:
        """The one-line-per-question cheat sheet every question is listed in."""
        return self.docs / "reference" / "mental-model.md"

    @property
    def search_queries(self) -> dict[str, Path]:
        """The search query sets: the one contributors tune against, and the held-out one."""
        folder = self.root / "tests" / "search"
        return {
            "tuning": folder / "tuning.yml",
            "heldout": folder / "heldout.yml",
            "plain": folder
            / "plain.yml",  # held out too: plain words, by a reader of no titles
        }

    @property
    def search_asked(self) -> Path:
        """How readers ask each question, indexed with it (tools/search/README.md): never a query
        of the sets above (rule asked-valid)."""
        return self.root / "tests" / "search" / "asked.yml"

    def pages(self) -> list[Path]:
        return sorted(self.docs.rglob("*.md"))

    def question_pages(self) -> list[Path]:
        """Pages that hold questions: every page under a folder of docs/, except the reference pages
        and the walkthroughs."""
        skip = {self.docs / REFERENCE, self.walkthroughs}
        return [
            p
            for p in self.pages()
            if p.parent != self.docs and not skip & set(p.parents)
        ]

    def page_url(self, page: Path) -> str:
        """docs/tensors/index.md -> 'tensors/', docs/x/y.md -> 'x/y/' (MkDocs' directory URLs)."""
        path = Path(page).relative_to(self.docs).with_suffix("").as_posix()
        if path == "index" or path.endswith("/index"):
            return path.removesuffix("index")
        return path + "/"

    def snippet_dir(self, page: Path) -> Path:
        """The mirrored folder of a page's snippets: docs/a/index.md -> snippets/a/,
        docs/a/b.md -> snippets/a/b/."""
        relative = page.relative_to(self.docs).with_suffix("")
        if relative.name == "index":
            relative = relative.parent
        return self.snippets / relative

    def headings(self, page: Path) -> list[Heading]:
        return parse_headings(page, self.root)[1]

    def questions(self, page: Path) -> list[Question]:
        """Every `##` heading of a question page. A question's body runs to the next heading of
        level 1 or 2 (its `###` parts belong to it)."""
        lines, heads = parse_headings(page, self.root)
        out = []
        for k, h in enumerate(heads):
            if h.level != 2:
                continue
            end = next((x.line - 1 for x in heads[k + 1 :] if x.level <= 2), len(lines))
            q = Question(**{f: getattr(h, f) for f in h.__dataclass_fields__})
            q.body = lines[h.line : end]
            out.append(q)
        return out

    def all_questions(self) -> list[Question]:
        return [q for page in self.question_pages() for q in self.questions(page)]

    def question_key(self, q: Question) -> str:
        """'autograd/index.md#retain-graph': how queries and corrections name a question."""
        return f"{q.page.relative_to(self.docs).as_posix()}#{q.id}"

    def snippet_files(self) -> list[Path]:
        return sorted(self.snippets.rglob("*.py"))

    def walkthrough_notebooks(self) -> list[Path]:
        return sorted(self.walkthroughs.glob("*.py"))

    @cached_property
    def corrections_file(self) -> Path:
        return self.docs / REFERENCE / "corrections.yml"

    def corrections(self) -> list[dict]:
        """The corrections page's entries (docs/reference/corrections.yml), in file order."""
        import yaml

        if not self.corrections_file.exists():
            return []
        return yaml.safe_load(self.corrections_file.read_text(encoding="utf-8")) or []

    def include_target(self, target: str) -> Path:
        return self.snippets / target

    def missing_includes(
        self, page: Path, text: str | None = None
    ) -> list[tuple[int, str]]:
        """(line, target) of each include that resolves to no file under the snippets folder."""
        text = page.read_text(encoding="utf-8") if text is None else text
        return [
            (n, t) for n, t, _ in includes(text) if not self.include_target(t).is_file()
        ]


PROJECT = Project()
DOCS = PROJECT.docs
SNIPPETS = PROJECT.snippets
