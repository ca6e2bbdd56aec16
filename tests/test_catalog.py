"""The catalog of broken contributions (tests/catalog.py): each entry fails the part of the tests
that owns its rule, naming the file (and line) it broke, and nothing else; every rule of
tools/qa/rules.py has an entry; blocks that change global state leave the next block untouched."""

from __future__ import annotations

import os
import shutil
import site
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests import catalog
from tests.catalog import CATALOG, FRESH, FRESH_CHECK, Broken
from tests.codeblocks import block_marks, check_block, check_walkthrough
from tests.conftest import once_per_run
from tests.test_budgets import budget_violations
from tests.test_site import third_party_loads, unfenced_code
from tools import build
from tools.qa import PROJECT, Project, rules
from tools.qa.pagecode import blocks

COPIED = ["mkdocs.yml", "pyproject.toml", ".gitignore", "requirements.txt"]
# Linked, not copied: read-only for the catalog (a file written there would land in the repository).
LINKED = ["tools", "overrides", "docs/assets"]


def fill(text: str) -> str:
    return text.replace("{repo}", str(PROJECT.root)).replace(
        "{site_packages}", site.getsitepackages()[0]
    )


def small_project(folder: Path, files: dict[str, str]) -> Project:
    """A project of its own for a broken contribution: the settings, a home page, its files."""
    for name in COPIED:
        shutil.copy(PROJECT.root / name, folder / name)
    for name in LINKED:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(PROJECT.root / name, folder / name)
    (folder / "snippets").mkdir(exist_ok=True)
    (folder / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    for name, text in files.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        assert folder.resolve() in target.resolve().parents, (
            f"{name} would leave the project"
        )
        target.write_text(fill(text), encoding="utf-8")
    # The nav: every page, but one named orphan.md.
    pages = sorted(
        p.relative_to(folder / "docs").as_posix()
        for p in (folder / "docs").rglob("*.md")
    )
    nav = "".join(
        f'  - "{p}": {p}\n'
        for p in pages
        if not p.endswith("orphan.md") and "assets" not in p
    )
    config = (folder / "mkdocs.yml").read_text(encoding="utf-8")
    (folder / "mkdocs.yml").write_text(
        config.split("\nnav:\n")[0] + "\nnav:\n" + nav, encoding="utf-8"
    )
    return Project(folder)


def located(found: list[rules.Violation], entry: Broken) -> list[rules.Violation]:
    return [
        v for v in found if v.rule == entry.rule and v.where.startswith(entry.where)
    ]


def assert_caught(
    entry: Broken, found: list[rules.Violation], innocent: tuple[str, ...] = ()
):
    hits = located(found, entry)
    assert hits, (
        f"{entry.id}: expected [{entry.rule}] at {entry.where}, got:\n{rules.report(found) or 'nothing'}"
    )
    blamed = [v for v in found if v.where.startswith(innocent)]
    assert not blamed, (
        f"{entry.id}: an innocent file was blamed:\n{rules.report(blamed)}"
    )


def test_every_rule_has_a_catalog_entry():
    covered = {b.rule for b in CATALOG}
    missing = [r for r in rules.RULES if r not in covered]
    assert not missing, (
        f"rules without an entry in tests/catalog.py (add a broken contribution that proves "
        f"each fires): {missing}"
    )


STATIC = [
    b for b in CATALOG if rules.RULES[b.rule].scope in ("page", "site") and not b.run
]
BLOCKS = [b for b in CATALOG if rules.RULES[b.rule].scope == "block" and not b.build]
BUILT = [b for b in CATALOG if b.build]


@pytest.mark.parametrize("entry", STATIC, ids=[b.id for b in STATIC])
def test_static_rule_is_caught(entry: Broken, tmp_path):
    project = small_project(tmp_path, entry.files)
    assert_caught(entry, rules.check_all(project), innocent=("docs/index.md",))


# Site rules whose finding sits on the catalog's page or its snippets: the one-page test
# (`make test ARGS=docs/<section>/index.md`) must report them too (tests/codeblocks.py, Rules).
ONE_PAGE = [
    b
    for b in STATIC
    if rules.RULES[b.rule].scope == "site"
    and b.where.startswith((catalog.PAGE, catalog.SNIPPETS))
]


@pytest.mark.parametrize("entry", ONE_PAGE, ids=[b.id for b in ONE_PAGE])
def test_the_one_page_test_reports_the_site_rules_about_its_page(entry, tmp_path):
    project = small_project(tmp_path, entry.files)
    page = project.root / catalog.PAGE
    found = [v for v in rules.check_site(project) if rules.concerns(project, page, v)]
    assert_caught(entry, found)
    other = project.root / "docs" / "index.md"
    assert not [v for v in found if rules.concerns(project, other, v)], (
        f"{entry.id}: a finding about {catalog.PAGE} was also put on docs/index.md"
    )


@pytest.mark.parametrize("entry", BLOCKS, ids=[b.id for b in BLOCKS])
def test_block_rule_is_caught(entry: Broken, tmp_path):
    project = small_project(tmp_path, entry.files)
    page = project.root / catalog.PAGE
    found = [
        v
        for b in blocks(page, root=project.root)
        for v in check_block(b, block_marks(b))
    ]
    assert_caught(entry, found)
    assert (
        not (PROJECT.root / "stray.txt").exists()
        and not (PROJECT.root / "stray.pt").exists()
    )


@pytest.mark.parametrize("fresh", FRESH, ids=[f.name for f in FRESH])
def test_a_block_leaves_nothing_behind_for_the_next(fresh, tmp_path):
    files = {
        f"{catalog.SNIPPETS}/{fresh.name}.py": fresh.snippet,
        f"{catalog.SNIPPETS}/after.py": FRESH_CHECK,
        catalog.PAGE: catalog.question("changes", f"{fresh.name}.py")
        + "\n"
        + catalog.question("after", "after.py"),
    }
    project = small_project(tmp_path, files)
    page = project.root / catalog.PAGE
    found = [
        v
        for b in blocks(page, root=project.root)
        for v in check_block(b, block_marks(b))
    ]
    assert not found, rules.report(found)


def build_catalog(folder: Path) -> None:
    files = {name: text for b in BUILT for name, text in b.files.items()}
    project = small_project(folder, files)
    proc = build.run(folder / "site", project)
    (folder / "output.txt").write_text(proc.stdout, encoding="utf-8")


@pytest.fixture(scope="session")
def catalog_build(tmp_path_factory, worker_id):
    folder = once_per_run(tmp_path_factory, worker_id, "catalog-build", build_catalog)
    project = Project(folder)
    output = (folder / "output.txt").read_text(encoding="utf-8")
    site_dir = folder / "site"
    found = build.violations(output, project)
    found += third_party_loads(site_dir) + unfenced_code(site_dir, project)
    return found


@pytest.mark.parametrize("entry", BUILT, ids=[b.id for b in BUILT])
def test_build_rule_is_caught(entry: Broken, catalog_build):
    assert_caught(entry, catalog_build, innocent=("docs/index.md",))


# --- the walkthrough hook, the walkthrough run, the budgets
# ---------------------------------

NOTEBOOK = "# %% [markdown]\n# # Title\n\n# %%\nprint(1)\n"


def notebook_html(output: str) -> str:
    """The HTML mkdocs-jupyter makes of a one-cell notebook with this output (the parts the hook
    reads)."""
    return (
        '<div class="jupyter-wrapper"><div class="jp-Cell jp-CodeCell jp-Notebook-cell" id="c1">'
        '<div class="highlight-ipynb hl-python"><pre><span></span>print(1)</pre></div>'
        f"{output}</div></div>"
    )


HOOK_OUTPUTS = {
    "walkthrough-stderr": '<div data-mime-type="application/vnd.jupyter.stderr"><pre>oops</pre></div>',
    "walkthrough-alt": '<img src="x.png" alt="No description has been provided for this image">',
    "output-address": '<div data-mime-type="text/plain"><pre>&lt;torch._C.Generator at 0x7f00&gt;</pre></div>',
}


def hook_violations(rule_id: str, folder: Path) -> list[rules.Violation]:
    from mkdocs.exceptions import PluginError

    from tools import walkthrough_hooks

    path = folder / "docs" / "walkthroughs" / "nb.py"
    path.parent.mkdir(parents=True)
    path.write_text(NOTEBOOK, encoding="utf-8")
    page = SimpleNamespace(
        file=SimpleNamespace(src_uri="walkthroughs/nb.py", abs_src_path=str(path))
    )
    try:
        walkthrough_hooks.on_page_content(
            notebook_html(HOOK_OUTPUTS[rule_id]), page, {}, None
        )
    except PluginError as e:
        return build.violations(f"ERROR   -  {str(e).splitlines()[0]}\n")
    return []


def run_violations(entry: Broken, folder: Path) -> list[rules.Violation]:
    if entry.run == "hook":
        return hook_violations(entry.rule, folder)
    if entry.run == "walkthrough":
        project = small_project(folder, entry.files)
        return check_walkthrough(project.root / "docs/walkthroughs/nb.py", project.root)
    if entry.run == "budget":
        site_dir = folder / "site"
        noise = os.urandom(
            300_000
        ).hex()  # 600 kB of hex: about 300 kB gzip, over each budget
        for name in (
            "tensors/index.html",
            "walkthroughs/nb/index.html",
            "search/search_index.json",
        ):
            (site_dir / name).parent.mkdir(parents=True, exist_ok=True)
            (site_dir / name).write_text(
                noise * (3 if name.endswith(".json") else 1), encoding="utf-8"
            )
        return budget_violations(site_dir)
    raise ValueError(entry.run)


OTHERS = [b for b in CATALOG if b.run]


@pytest.mark.parametrize("entry", OTHERS, ids=[b.id for b in OTHERS])
def test_hook_walkthrough_and_budget_rules_are_caught(entry: Broken, tmp_path):
    assert_caught(entry, run_violations(entry, tmp_path))
