"""The catalog of broken contributions: for every rule of tools/qa/rules.py, a contribution that
breaks it, and the file (and line) its failure must name.

Each entry is applied to a small project of its own (a copy of mkdocs.yml and the tool settings,
a home page, and the entry's files); tests/test_catalog.py runs the part of the tests that owns
the rule there. `FRESH` is the opposite proof: blocks that change global state, each followed by
a block that must find everything as a fresh interpreter has it.

`{repo}` in an entry's text is the real repository's path (writes into it must be refused);
`{site_packages}` the Python environment's.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from tools.qa.rules import RULES

PAGE = "docs/catalog/index.md"
SNIPPETS = "snippets/catalog"


def code(text: str) -> str:
    return textwrap.dedent(text).lstrip()


def question(
    qid: str, *includes: str, marks: str = "", level: str = "core", extra: str = ""
) -> str:
    """A question that breaks no rule: id, level, answer, include(s), search terms."""
    fences = "\n\n".join(
        f'{marks}```python\n--8<-- "catalog/{i}"\n```' for i in includes
    )
    return (
        f'## Is {qid} a question? {{ #{qid} data-level="{level}" }}\n\n'
        f"**Answer.** Yes.\n\n{fences}\n\n{extra}"
        f'<p class="qa-search" hidden>{qid}</p>\n'
    )


@dataclass
class Broken:
    rule: str
    name: str  # a name for the test id
    files: dict[str, str]  # path in the small project -> text
    where: str  # what the violation's location must start with
    build: bool = False  # caught by the strict build of the small project
    run: str = ""  # "budget" or "hook": caught by those checks instead
    marks: str = ""

    def __post_init__(self):
        if self.rule not in RULES:
            raise ValueError(
                f"catalog entry {self.name}: no rule {self.rule!r} in tools/qa/rules.py"
            )

    @property
    def id(self) -> str:
        return f"{self.rule}:{self.name}"


def snippet_entry(
    rule: str, name: str, snippet: str, line: int | None, marks: str = ""
) -> Broken:
    """A question whose only snippet breaks `rule` at `line` of snippets/catalog/<name>.py."""
    file = f"{name}.py"
    where = f"{SNIPPETS}/{file}" + (f":{line}" if line else "")
    return Broken(
        rule,
        name,
        {
            f"{SNIPPETS}/{file}": code(snippet),
            PAGE: question(name.replace("_", "-"), file, marks=marks),
        },
        where,
    )


def page_entry(
    rule: str, name: str, page: str, line: int, snippets: dict | None = None
) -> Broken:
    files = {
        PAGE: page,
        **{f"{SNIPPETS}/{k}": code(v) for k, v in (snippets or {}).items()},
    }
    return Broken(rule, name, files, f"{PAGE}:{line}")


OK = 'print("ok")\n# > ok\n'
Q = '## Is this a question? { #q data-level="core" }\n\n**Answer.** Yes.\n\n'
SEARCH = '<p class="qa-search" hidden>q</p>\n'


CATALOG: list[Broken] = [
    # --- page rules
    # --------------------------------------------------------------------------
    page_entry(
        "fence-info",
        "py",
        Q + '```py\n--8<-- "catalog/ok.py"\n```\n\n' + SEARCH,
        5,
        {"ok.py": OK},
    ),
    page_entry(
        "fence-info",
        "bash",
        Q + '```python\n--8<-- "catalog/ok.py"\n```\n\n```bash\nls\n```\n' + SEARCH,
        9,
        {"ok.py": OK},
    ),
    page_entry(
        "fence-style",
        "tilde",
        Q
        + '```python\n--8<-- "catalog/ok.py"\n```\n\n~~~python\nprint(1)\n~~~\n'
        + SEARCH,
        9,
        {"ok.py": OK},
    ),
    page_entry(
        "python-include-only", "inline", Q + "```python\nprint(1)\n```\n\n" + SEARCH, 6
    ),
    page_entry(
        "include-resolves",
        "missing",
        Q + '```python\n--8<-- "catalog/nowhere.py"\n```\n\n' + SEARCH,
        6,
    ),
    page_entry(
        "include-resolves",
        "section",
        Q + '```python\n--8<-- "catalog/ok.py:part"\n```\n\n' + SEARCH,
        6,
        {"ok.py": OK},
    ),
    Broken(
        "include-mirror",
        "other-folder",
        {
            "snippets/elsewhere/ok.py": OK,
            PAGE: Q + '```python\n--8<-- "elsewhere/ok.py"\n```\n\n' + SEARCH,
        },
        f"{PAGE}:6",
    ),
    page_entry(
        "marks",
        "skip",
        Q
        + '<!--pytest.mark.skip-->\n```python\n--8<-- "catalog/ok.py"\n```\n\n'
        + SEARCH,
        5,
        {"ok.py": OK},
    ),
    page_entry(
        "marks",
        "xfail",
        Q
        + '<!--pytest.mark.xfail-->\n```python\n--8<-- "catalog/ok.py"\n```\n\n'
        + SEARCH,
        5,
        {"ok.py": OK},
    ),
    page_entry(
        "marks",
        "cont",
        Q
        + '```python\n--8<-- "catalog/ok.py"\n```\n\n<!--pytest-codeblocks:cont-->\n```python\n--8<-- "catalog/ok.py"\n```\n\n'
        + SEARCH,
        9,
        {"ok.py": OK},
    ),
    page_entry(
        "code-outside-fence",
        "session",
        Q
        + '```python\n--8<-- "catalog/ok.py"\n```\n\n```text\n>>> import torch\n```\n\n'
        + SEARCH,
        10,
        {"ok.py": OK},
    ),
    page_entry(
        "code-outside-fence",
        "python-c",
        Q
        + '```python\n--8<-- "catalog/ok.py"\n```\n\n```console\npython -c "import torch"\n```\n\n'
        + SEARCH,
        10,
        {"ok.py": OK},
    ),
    page_entry(
        "code-outside-fence",
        "include-in-text",
        Q
        + '```python\n--8<-- "catalog/ok.py"\n```\n\n```text\n--8<-- "catalog/ok.py"\n```\n\n'
        + SEARCH,
        10,
        {"ok.py": OK},
    ),
    page_entry(
        "code-outside-fence",
        "raw-html",
        Q
        + '```python\n--8<-- "catalog/ok.py"\n```\n\n<pre><code>x = 1</code></pre>\n\n'
        + SEARCH,
        9,
        {"ok.py": OK},
    ),
    page_entry(
        "heading-id",
        "no-id",
        '## Where is my id? { data-level="core" }\n\n**Answer.**\n\n```python\n--8<-- "catalog/ok.py"\n```\n\n'
        + SEARCH,
        1,
        {"ok.py": OK},
    ),
    page_entry(
        "heading-id",
        "sub-heading",
        Q
        + '### A part without an id\n\n```python\n--8<-- "catalog/ok.py"\n```\n\n'
        + SEARCH,
        5,
        {"ok.py": OK},
    ),
    page_entry("question-snippet", "prose-only", Q + SEARCH, 1),
    page_entry(
        "question-cpu-block",
        "cuda-only",
        Q
        + '<!--pytest.mark.cuda-->\n```python\n--8<-- "catalog/ok.py"\n```\n\n'
        + SEARCH,
        1,
        {"ok.py": OK},
    ),
    page_entry(
        "question-search-terms",
        "none",
        Q + '```python\n--8<-- "catalog/ok.py"\n```\n',
        1,
        {"ok.py": OK},
    ),
    page_entry(
        "answer-shape",
        "no-answer",
        '## Is this a question? { #q data-level="core" }\n\nIt is.\n\n'
        + '```python\n--8<-- "catalog/ok.py"\n```\n\n'
        + SEARCH,
        3,
        {"ok.py": OK},
    ),
    page_entry(
        "answer-shape",
        "long-point",
        '## Is this a question? { #q data-level="core" }\n\n**Answer.** '
        + "Yes, and here is why at length. " * 12
        + '\n\n```python\n--8<-- "catalog/ok.py"\n```\n\n'
        + SEARCH,
        3,
        {"ok.py": OK},
    ),
    page_entry(
        "answer-shape",
        "wall",
        Q + "The detail, " + "and more detail, " * 50 + "to the end.\n\n"
        '```python\n--8<-- "catalog/ok.py"\n```\n\n' + SEARCH,
        5,
        {"ok.py": OK},
    ),
    page_entry(
        "question-level",
        "none",
        '## Which level? { #q }\n\n```python\n--8<-- "catalog/ok.py"\n```\n\n' + SEARCH,
        1,
        {"ok.py": OK},
    ),
    page_entry(
        "question-level",
        "unknown",
        '## Which level? { #q data-level="guru" }\n\n```python\n--8<-- "catalog/ok.py"\n```\n\n'
        + SEARCH,
        1,
        {"ok.py": OK},
    ),
    page_entry(
        "unfinished",
        "todo-heading",
        '## TODO: the question? { #q data-level="core" }\n\n```python\n--8<-- "catalog/ok.py"\n```\n\n'
        + SEARCH,
        1,
        {"ok.py": OK},
    ),
    snippet_entry(
        "unfinished", "todo_snippet", "# TODO: the program\nprint('ok')\n# > ok\n", 1
    ),
    page_entry(
        "changed-in-source",
        "no-link",
        Q
        + '```python\n--8<-- "catalog/ok.py"\n```\n\n!!! note "Changed in PyTorch 2.0"\n    It changed.\n\n'
        + SEARCH,
        9,
        {"ok.py": OK},
    ),
    snippet_entry("ruff", "unused_import", "import os\n\nprint('ok')\n# > ok\n", 1),
    snippet_entry("ruff", "unformatted", "x = [1,2]\nprint(x)\n# > [1, 2]\n", 1),
    snippet_entry(
        "ruff",
        "long_line",
        "x = 1  # " + "a long comment " * 6 + "\nprint(x)\n# > 1\n",
        1,
    ),
    snippet_entry(
        "dead-code",
        "after_exit",
        "import sys\n\nprint('ok')\n# > ok\nsys.exit(0)\nprint('never')\n",
        6,
    ),
    snippet_entry("output-marker", "no_space", "print(1)\n#> 1\n", 2),
    snippet_entry("output-marker", "orphan", "# > 1\nprint(1)\n", 1),
    snippet_entry(
        "warnings-silenced",
        "ignore",
        "import warnings\n\nwarnings.filterwarnings('ignore')\nprint('ok')\n# > ok\n",
        3,
    ),
    snippet_entry(
        "exercise-shape",
        "no_check",
        "def f(x):\n    # --8<-- [start:solution]\n    return x\n    # --8<-- [end:solution]\n",
        1,
    ),
    # --- site rules
    # ---------------------------------------------------------------------------
    Broken(
        "id-unique",
        "two-pages",
        {
            f"{SNIPPETS}/ok.py": OK,
            PAGE: question("twice", "ok.py"),
            "docs/catalog/more.md": "# More\n\n"
            + question("twice", "ok.py").replace("catalog/ok.py", "catalog/more/ok.py"),
            "snippets/catalog/more/ok.py": OK,
        },
        "docs/catalog/more.md:3",
    ),
    Broken(
        "id-unique",
        "sub-heading",
        {
            f"{SNIPPETS}/ok.py": OK,
            PAGE: question("twin", "ok.py", extra="### Part { #twin }\n\n"),
        },
        f"{PAGE}:9",
    ),
    Broken(
        "text-only-limit",
        "six",
        {
            PAGE: "".join(
                f'## Text {i}? {{ #text-{i} .text-only data-level="core" }}\n\nWords.\n\n'
                f'<p class="qa-search" hidden>t</p>\n\n'
                for i in range(6)
            )
        },
        f"{PAGE}:",
    ),
    Broken(
        "corrections-valid",
        "unknown-question",
        {
            "docs/reference/corrections.yml": '- question: "autograd/index.md#no-such"\n'
            '  date: "2026-12-01"\n  said: "x"\n  truth: "y"\n  evidence: "z"\n'
        },
        "docs/reference/corrections.yml: entry 1",
    ),
    Broken(
        "queries-valid",
        "unknown-question",
        {
            "tests/search/tuning.yml": "- {q: zero grad, kind: words, "
            "expect: training/index.md#nope}\n"
        },
        "tests/search/tuning.yml:1",
    ),
    Broken(
        "asked-valid",
        "unknown-question",
        {
            "tests/search/asked.yml": "- {q: zero grad, expect: training/index.md#nope}\n"
        },
        "tests/search/asked.yml:1",
    ),
    Broken(
        "asked-valid",
        "repeats-a-measured-query",
        {
            f"{SNIPPETS}/ok.py": OK,
            PAGE: question("listed", "ok.py"),
            "tests/search/heldout.yml": "- {q: why is my loss nan after a few steps, "
            "kind: words, expect: catalog/index.md#listed}\n",
            "tests/search/asked.yml": "- {q: my loss nan after a few steps why, "
            "expect: catalog/index.md#listed}\n",
        },
        "tests/search/asked.yml:1",
    ),
    Broken(
        "quick-reference",
        "missing-line",
        {
            f"{SNIPPETS}/ok.py": OK,
            PAGE: question("listed", "ok.py") + "\n" + question("unlisted", "ok.py"),
            "docs/reference/mental-model.md": "# Quick\n\n- listed [→](../catalog/index.md#listed)\n",
        },
        f"{PAGE}:",
    ),
    Broken(
        "section-description",
        "none",
        {
            f"{SNIPPETS}/ok.py": OK,
            PAGE: "# Catalog\n\n" + question("described", "ok.py"),
        },
        f"{PAGE}:1",
    ),
    Broken(
        "snippet-orphan",
        "unused",
        {f"{SNIPPETS}/alone.py": OK},
        f"{SNIPPETS}/alone.py:1",
    ),
    Broken(
        "errors-page-printed",
        "unprinted",
        {
            "docs/reference/errors.md": "# Errors\n\n| Error | Answer |\n| --- | --- |\n"
            "| `no snippet prints this` | [x](../index.md) |\n",
        },
        "docs/reference/errors.md:5",
    ),
    Broken(
        "walkthrough-cells",
        "no-title",
        {
            "docs/walkthroughs/index.md": "# W\n\n[x](nb.py)\n",
            "docs/walkthroughs/nb.py": "# %%\nprint(1)\n",
        },
        "docs/walkthroughs/nb.py:1",
    ),
    Broken(
        "walkthrough-cells",
        "fence-in-markdown",
        {
            "docs/walkthroughs/index.md": "# W\n\n[x](nb.py)\n",
            "docs/walkthroughs/nb.py": "# %% [markdown]\n# # Title\n#\n# ```python\n# x = 1\n# ```\n\n# %%\nprint(1)\n",
        },
        "docs/walkthroughs/nb.py:4",
    ),
    # --- block rules
    # ----------------------------------------------------------------------------
    snippet_entry("block-error", "zero_division", "x = 1\ny = x / 0\n", 2),
    snippet_entry("block-error", "syntax", "import torch\n\nprint(torch.ones(2)\n", 3),
    snippet_entry(
        "block-timeout",
        "sleep",
        "import time\n\nprint('started')\n# > started\ntime.sleep(60)\n",
        5,
        "<!--pytest.mark.timeout(1)-->\n",
    ),
    snippet_entry(
        "block-timeout",
        "two_processes",
        """
        import multiprocessing as mp
        import time


        def worker():
            time.sleep(60)


        if __name__ == "__main__":
            p = mp.get_context("spawn").Process(target=worker, daemon=True)
            p.start()
            p.join()
        """,
        12,
        "<!--pytest.mark.timeout(3)-->\n",
    ),
    snippet_entry(
        "block-crash", "segfault", "import ctypes\n\nctypes.string_at(0)\n", 3
    ),
    snippet_entry(
        "block-exit",
        "early_exit",
        "import sys\n\n\ndef stop():\n    sys.exit(0)\n\n\nstop()\nprint('never')\n",
        5,
    ),
    snippet_entry("block-exit", "status", "import sys\n\nsys.exit(3)\n", 3),
    snippet_entry(
        "block-exit", "os_exit", "import os\n\nprint('bye')\n# > bye\nos._exit(0)\n", 5
    ),
    snippet_entry(
        "block-stray",
        "popen",
        "import subprocess\n\nsubprocess.Popen(['sleep', '60'])\n",
        None,
    ),
    snippet_entry(
        "block-stray",
        "thread",
        "import threading\nimport time\n\nthreading.Thread(target=time.sleep, args=(60,)).start()\n",
        None,
    ),
    snippet_entry(
        "block-deprecation",
        "jit_script",
        "import torch\n\n\ndef f(x):\n    return x\n\n\ntorch.jit.script(f)\n",
        8,
    ),
    snippet_entry(
        "block-writes",
        "repository",
        "from pathlib import Path\n\nPath('{repo}/stray.txt').write_text('x')\n",
        3,
    ),
    snippet_entry(
        "block-writes",
        "torch_save",
        "import torch\n\ntorch.save(torch.ones(1), '{repo}/stray.pt')\n",
        3,
    ),
    snippet_entry(
        "block-writes",
        "pth_file",
        "open('{site_packages}/qa-stray.pth', 'w').write('x')\n",
        1,
    ),
    snippet_entry(
        "block-cuda-unmarked", "cuda", "import torch\n\nx = torch.ones(1).cuda()\n", 3
    ),
    snippet_entry(
        "block-imports", "project_code", "from tools import qa\n\nprint(qa)\n", 1
    ),
    snippet_entry("output-unshown", "surprise", "print('surprise')\n", 1),
    snippet_entry("output-not-printed", "silent", "x = 1\n# > 1\n", 1),
    snippet_entry(
        "output-differs",
        "sum",
        "import torch\n\nprint(torch.ones(2).sum())\n# > tensor(3.)\n",
        3,
    ),
    snippet_entry(
        "output-unseeded",
        "rand",
        "import torch\n\nprint(torch.randint(0, 10**9, (1,)))\n# > tensor([1])\n",
        None,
    ),
    # --- the strict build, and the built site
    # ----------------------------------------------------
    Broken(
        "build-link",
        "page",
        {"docs/build/link.md": "# C\n\n[a broken link](no-such-page.md)\n"},
        "docs/build/link.md",
        build=True,
    ),
    Broken(
        "build-anchor",
        "id",
        {
            "docs/build/anchor.md": "# C\n\n[a broken anchor](../index.md#no-such-question)\n"
        },
        "docs/build/anchor.md",
        build=True,
    ),
    Broken(
        "build-nav",
        "omitted",
        {"docs/build/orphan.md": "# Orphan\n"},
        "docs/build/orphan.md",
        build=True,
    ),
    Broken(
        "build-warning",
        "absolute-link",
        {"docs/build/absolute.md": "# C\n\n[absolute](/index.md)\n"},
        "mkdocs build",
        build=True,
    ),
    Broken(
        "fence-rendered",
        "indented",
        {"docs/build/indented.md": "# C\n\nText.\n\n    print('indented')\n"},
        "docs/build/indented.md",
        build=True,
    ),
    Broken(
        "third-party",
        "script",
        {
            "docs/build/script.md": '# C\n\n<script src="https://cdn.example.com/x.js"></script>\n'
        },
        "build/script/index.html",
        build=True,
    ),
    Broken(
        "walkthrough-stderr",
        "run",
        {
            "docs/walkthroughs/index.md": "# W\n\n[x](nb.py)\n",
            "docs/walkthroughs/nb.py": "# %% [markdown]\n# # Title\n\n# %%\nimport sys\n\nprint('oops', file=sys.stderr)\n",
        },
        "docs/walkthroughs/nb.py",
        run="walkthrough",
    ),
    Broken("walkthrough-stderr", "hook", {}, "docs/walkthroughs/nb.py", run="hook"),
    Broken("walkthrough-alt", "hook", {}, "docs/walkthroughs/nb.py", run="hook"),
    Broken("output-address", "hook", {}, "docs/walkthroughs/nb.py", run="hook"),
    Broken("budget-page", "heavy", {}, "tensors/index.html", run="budget"),
    Broken("budget-notebook", "heavy", {}, "walkthroughs/nb/index.html", run="budget"),
    Broken("budget-search-index", "heavy", {}, "assets/search", run="budget"),
]


# Blocks that change global state; the block after each must see a fresh interpreter.
@dataclass
class Fresh:
    name: str
    snippet: str
    checks: list[str] = field(default_factory=list)


FRESH_CHECK = code("""
    import builtins
    import sys
    import warnings

    import torch
    import torch._dynamo

    print(torch.get_default_dtype(), torch.ones(1).device, torch.is_grad_enabled())
    # > torch.float32 cpu True
    print(hasattr(builtins, "qa_leak"), "qa_leak" in sys.modules, torch.Tensor.add.__name__)
    # > False False add
    print(torch._dynamo.config.recompile_limit)
    # > 8
    try:
        warnings.warn("this API is deprecated", DeprecationWarning)
    except DeprecationWarning:
        print("deprecations are still errors")
    # > deprecations are still errors
""")

FRESH = [
    Fresh(
        "torch_settings",
        code("""
        import torch

        torch.set_default_dtype(torch.float64)
        torch.set_default_device("meta")
        torch.set_grad_enabled(False)
        print(torch.ones(1).dtype)
        # > torch.float64
    """),
    ),
    Fresh(
        "monkeypatch",
        code("""
        import builtins
        import sys
        import types

        import torch

        torch.Tensor.add = lambda self, other: "patched"
        builtins.qa_leak = True
        sys.modules["qa_leak"] = types.ModuleType("qa_leak")
        print(torch.ones(1).add(1))
        # > patched
    """),
    ),
    Fresh(
        "dynamo_config_and_warnings",
        code("""
        import warnings

        import torch._dynamo

        torch._dynamo.config.recompile_limit = 1
        warnings.simplefilter("default")
        print(torch._dynamo.config.recompile_limit)
        # > 1
    """),
    ),
]
