"""`make bench-scale`: how every cost that grows with the content grows, measured on synthetic
copies of the site at 1x, 2x and 5x its questions.

    python -m tools.scale [--factors 1,2,5]

A copy at k x is the repository's site (mkdocs.yml, docs/, snippets/, overrides/, tools/) in a
temporary folder, with every question page repeated k - 1 more times as new sections (ids and
includes suffixed -x2, -x3, ...; each copy's text differs by its suffix). Nothing is committed.
For each copy it measures what a reader or a contributor pays:

- the static checks of the tests (every page rule and site rule; the blocks to run are counted:
  each runs once, in its own process, so the block run grows with their number);
- the cold strict build (no cache) and the warm one;
- the bytes the first search downloads (gzip: the worst and the median of the longest held-out
  queries typed key by key, tools/pageweight.py) and the search's latency in the worker as
  shipped, under Node: a fresh worker to its first result (the first file and the query's
  shards read from disk), and the p95 over the held-out queries;
- the heaviest question page over the wire (gzip).

Then the growth exponent of each figure: b in cost ~ size^b between 1x and the largest factor
(1 is linear; 0 is a cost that does not grow).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from tools import build
from tools.pageweight import heaviest_page, search_downloads
from tools.qa import PROJECT, Project

COPIED = ["mkdocs.yml", "pyproject.toml", "requirements.txt", ".gitignore"]
TREES = ["docs", "snippets", "overrides", "tools"]
ID_ATTR = re.compile(r"\{ #([a-z0-9-]+)")
LINK = re.compile(r"\]\((?P<path>[^)#\s]*)(?:#(?P<anchor>[a-z0-9-]+))?\)")


def synthetic_copy(folder: Path, factor: int) -> Project:
    """The site at `factor` times its questions, in `folder`."""
    for name in COPIED:
        shutil.copy(PROJECT.root / name, folder / name)
    for name in TREES:
        shutil.copytree(
            PROJECT.root / name,
            folder / name,
            ignore=shutil.ignore_patterns("__pycache__", "node_modules"),
        )
    config = (folder / "mkdocs.yml").read_text(encoding="utf-8")
    sections = sorted(
        {p.relative_to(PROJECT.docs).parts[0] for p in PROJECT.question_pages()}
    )
    extra_nav = []
    for k in range(2, factor + 1):
        for section in sections:
            copy = f"{section}-x{k}"
            if (PROJECT.snippets / section).is_dir():
                shutil.copytree(PROJECT.snippets / section, folder / "snippets" / copy)
            for page in sorted((PROJECT.docs / section).rglob("*.md")):
                rel = page.relative_to(PROJECT.docs / section)
                target = folder / "docs" / copy / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                text = renamed(page.read_text(encoding="utf-8"), sections, k)
                target.write_text(text, encoding="utf-8")
                extra_nav.append(
                    f'  - "{copy}/{rel.as_posix()}": {copy}/{rel.as_posix()}'
                )
    nav_end = config.index("\nnav:\n") + len("\nnav:\n")
    rest = config[nav_end:]
    tail = re.search(r"^\S", rest, re.M)
    cut = nav_end + (tail.start() if tail else len(rest))
    config = (
        config[:cut].rstrip("\n") + "\n" + "\n".join(extra_nav) + "\n" + config[cut:]
    )
    (folder / "mkdocs.yml").write_text(config, encoding="utf-8")
    return Project(folder)


def renamed(text: str, sections: list[str], k: int) -> str:
    """A page's k-th copy: its ids and title suffixed, its includes and its links into question
    sections pointing at the k-th copies."""
    text = ID_ATTR.sub(lambda m: f"{{ #{m[1]}-x{k}", text)
    for section in sections:
        text = text.replace(f'--8<-- "{section}/', f'--8<-- "{section}-x{k}/')

    def link(m: re.Match) -> str:
        path, anchor = m["path"], m["anchor"]
        into = path.startswith("../") and path.split("/")[1] in sections
        if into:
            path = (
                "../" + path.split("/")[1] + f"-x{k}/" + "/".join(path.split("/")[2:])
            )
        here = not path.startswith(("../", "/", "http:", "https:", "mailto:"))
        if anchor and (into or here):
            anchor += f"-x{k}"
        return f"]({path}{'#' + anchor if anchor else ''})"

    text = LINK.sub(link, text)
    return re.sub(r"^# (.+)$", rf"# \1 (copy {k})", text, count=1, flags=re.M)


def static_checks(project: Project) -> tuple[float, int, int]:
    """Seconds for every page and site rule; the number of questions and of blocks to run."""
    code = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from tools.qa import Project\n"
        "from tools.qa import rules\n"
        "from tools.qa.pagecode import blocks\n"
        "p = Project(Path(sys.argv[1]))\n"
        "t = time.perf_counter()\n"
        "rules.check_all(p)\n"
        "dt = time.perf_counter() - t\n"
        "n = sum(len(blocks(page, root=p.root)) for page in p.question_pages())\n"
        "print(dt, len(p.all_questions()), n)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, str(project.root)],
        cwd=project.root, capture_output=True, text=True, check=True,
    )  # fmt: skip
    seconds, questions, blocks = proc.stdout.split()
    return float(seconds), int(questions), int(blocks)


def timed_build(project: Project, site: Path) -> float:
    start = time.perf_counter()
    proc = build.run(site, project)
    if proc.returncode != 0:
        sys.exit(f"the strict build of the copy failed:\n{proc.stdout[-3000:]}")
    return time.perf_counter() - start


SEARCH_TIMES = r"""
const fs = require("fs"), path = require("path")
const [site, worker] = process.argv.slice(2)
const dir = path.join(site, "assets", "search")
const read = (name, kind) => new Promise((resolve, reject) => fs.readFile(path.join(dir, name),
  (err, b) => err ? reject(err) : resolve(kind === "json" ? JSON.parse(b.toString("utf8"))
    : b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength))))
async function main() {
  const queries = JSON.parse(fs.readFileSync(0, "utf8"))
  const W = require(path.resolve(worker))
  // The first result of each query in a fresh worker: its first file, then its shards.
  const firsts = []
  for (const q of queries.slice(0, 40)) {
    const t0 = performance.now()
    const split = await W.open(read)
    await split.search(q, {})
    firsts.push(performance.now() - t0)
  }
  const split = await W.open(read)
  const times = []
  for (const q of queries) {
    const t = performance.now()
    await split.search(q, {})
    times.push(performance.now() - t)
  }
  process.stdout.write(JSON.stringify({ firsts, times }))
}
main()
"""


def search_times(site: Path, queries: list[str]) -> tuple[float, float]:
    """(ms from a fresh worker to its first result, the worst of the first 40 queries: the first
    file and the query's shards read from disk, no network; p95 ms of a query once warm) in the
    shipped worker."""
    with tempfile.NamedTemporaryFile("w", suffix=".cjs", delete=False) as f:
        f.write(SEARCH_TIMES)
    try:
        proc = subprocess.run(
            ["node", f.name, str(site), str(PROJECT.docs / "assets/search/worker.js")],
            input=json.dumps(queries), capture_output=True, text=True, check=True,
        )  # fmt: skip
    finally:
        os.unlink(f.name)
    out = json.loads(proc.stdout)
    times = sorted(out["times"])
    return max(out["firsts"]), times[min(len(times) - 1, int(0.95 * len(times)))]


def held_out_queries() -> list[str]:
    out = []
    for name, path in PROJECT.search_queries.items():
        if name != "tuning":
            out += [e["q"] for e in yaml.safe_load(path.read_text(encoding="utf-8"))]
    return out


FIGURES = {
    "questions": "",
    "blocks to run": "",
    "static checks (s)": "s",
    "cold build (s)": "s",
    "warm build (s)": "s",
    "first search (kB gzip)": "kB",
    "first search, median (kB)": "kB",
    "index to first result (ms)": "ms",
    "search p95 (ms)": "ms",
    "heaviest page (kB gzip)": "kB",
}


SEARCH_ONLY = ["questions", "cold build (s)", "first search (kB gzip)",
               "first search, median (kB)", "index to first result (ms)", "search p95 (ms)"]  # fmt: skip


def measure(factor: int, queries: list[str], search_only: bool = False) -> dict:
    with tempfile.TemporaryDirectory(prefix=f"qa-scale-{factor}x-") as tmp:
        project = synthetic_copy(Path(tmp), factor)
        site = Path(tmp) / "site"
        if search_only:
            cold = timed_build(project, site)
            questions = len(json.loads((site / "assets/questions.json").read_text()))
            seconds = blocks = warm = float("nan")
        else:
            seconds, questions, blocks = static_checks(project)
            cold = timed_build(project, site)
            warm = statistics.median(timed_build(project, site) for _ in range(2))
        first, p95 = search_times(site, queries)
        downloads = search_downloads(site)
        return {
            "questions": questions,
            "blocks to run": blocks,
            "static checks (s)": seconds,
            "cold build (s)": cold,
            "warm build (s)": warm,
            "first search (kB gzip)": max(downloads) / 1000,
            "first search, median (kB)": statistics.median(downloads) / 1000,
            "index to first result (ms)": first,
            "search p95 (ms)": p95,
            "heaviest page (kB gzip)": float("nan")
            if search_only
            else heaviest_page(site)[1] / 1000,
        }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--factors", default="1,2,5")
    ap.add_argument(
        "--search",
        action="store_true",
        help="the search's figures alone (one build a copy)",
    )
    args = ap.parse_args()
    factors = [int(f) for f in args.factors.split(",")]
    queries = held_out_queries()
    print(
        f"make bench-scale on {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}"
    )
    rows = {}
    for factor in factors:
        rows[factor] = measure(factor, queries, args.search)
        print(
            f"  {factor}x measured: {rows[factor]['questions']} questions", flush=True
        )
    lo, hi = factors[0], factors[-1]
    size = rows[hi]["questions"] / rows[lo]["questions"]
    print(f"\n{'figure':28}" + "".join(f"{f'{f}x':>10}" for f in factors) + "   growth")
    for name in SEARCH_ONLY if args.search else FIGURES:
        values = [rows[f][name] for f in factors]
        a, b = values[0], values[-1]
        growth = (
            math.log(b / a) / math.log(size)
            if a > 0 and b > 0 and size > 1
            else float("nan")
        )
        cells = "".join(
            f"{v:>10.0f}" if isinstance(v, int) or v >= 100 else f"{v:>10.2f}"
            for v in values
        )
        print(f"{name:28}{cells}   size^{growth:.2f}")


if __name__ == "__main__":
    main()
