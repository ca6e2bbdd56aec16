"""What a built page costs a visitor: the bytes of the HTML and of every file it makes the browser load.

Static and deterministic (read from the built site, no browser), so tests/test_budgets.py can assert budgets
and `make bench` can report them. Material also fetches its search worker and the search index
(search/search_index.json) once the page has loaded; both are counted apart from the page.
"""

from __future__ import annotations

import gzip
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlparse

KINDS = ("html", "css", "js", "images", "other")
# Every budget of the built site, in bytes over the wire: gzip-compressed, as GitHub Pages serves
# them (tests/test_budgets.py asserts them; `make bench` reports them at 1x and at scale).
BUDGETS = {
    "question page": 250_000,  # the page and what it loads, the search files apart
    "notebook page html": 100_000,  # a walkthrough's HTML
    "search index": 300_000,  # what the first search downloads (the worst sampled query)
}


class _Loads(HTMLParser):
    """URLs a browser fetches by itself from a page: scripts, styles, images, fonts, frames, preloads."""

    FETCHING_RELS = {
        "stylesheet",
        "preload",
        "modulepreload",
        "prefetch",
        "preconnect",
        "dns-prefetch",
        "icon",
    }

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in {"script", "img", "iframe", "source", "video", "audio", "embed"}:
            self.urls += [a[k] for k in ("src", "poster") if a.get(k)]
            self.urls += [
                c.split()[0] for c in (a.get("srcset") or "").split(",") if c.strip()
            ]
        elif tag == "link" and self.FETCHING_RELS & set((a.get("rel") or "").split()):
            self.urls.append(a.get("href") or "")


def html_loads(text: str) -> list[str]:
    """The URLs a page's HTML makes the browser fetch."""
    parser = _Loads()
    parser.feed(text)
    return parser.urls


def css_loads(text: str) -> list[str]:
    """The URLs a stylesheet (or a script's inline styles) makes the browser fetch: url(...) and @import."""
    return re.findall(
        r"""(?:@import\s+(?:url\()?|url\()\s*["']?([^"')\s]+)""", text, re.I
    )


def third_party(url: str) -> bool:
    return url.strip().startswith(("http://", "https://", "//"))


def kind_of(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in {".html", ".htm"}:
        return "html"
    if suffix == ".css":
        return "css"
    if suffix in {".js", ".mjs"}:
        return "js"
    if suffix in {".png", ".jpg", ".jpeg", ".svg", ".gif", ".webp", ".ico"}:
        return "images"
    return "other"


@dataclass
class Weight:
    page: str
    files: dict[str, int] = field(default_factory=dict)  # site-relative path -> bytes
    gzipped: dict[str, int] = field(
        default_factory=dict
    )  # the same, gzip-compressed (as GitHub Pages serves)

    def by_kind(self, compressed: bool = False) -> dict[str, int]:
        out = dict.fromkeys(KINDS, 0)
        for path, size in self.files.items():
            out[kind_of(Path(path))] += size if not compressed else self.gzipped[path]
        return out

    @property
    def total(self) -> int:
        return sum(self.files.values())

    @property
    def over_the_wire(self) -> int:
        """Bytes transferred when the server compresses with gzip, as GitHub Pages does."""
        return sum(self.gzipped.values())


def page_weight(site: Path, page: str) -> Weight:
    """Bytes of `page` (site-relative, e.g. 'tensors/index.html') and of what its HTML and CSS load."""
    weight = Weight(page)
    todo = [page]
    while todo:
        rel = todo.pop()
        path = site / rel
        if rel in weight.files or not path.is_file():
            continue
        data = path.read_bytes()
        weight.files[rel] = len(data)
        weight.gzipped[rel] = len(gzip.compress(data, compresslevel=9))
        if path.suffix == ".html":
            refs = html_loads(data.decode("utf-8"))
        elif path.suffix == ".css":
            refs = css_loads(data.decode("utf-8", "replace"))
        else:
            refs = []
        for ref in refs:
            url = urlparse(urljoin("/" + rel, ref))
            if url.scheme or url.netloc:
                # data: URIs are inside the file; a third party is caught by
                # tests/test_site.py
                continue
            target = url.path.lstrip("/")
            if target.endswith("/") or not target:
                target += "index.html"
            todo.append(target)
    return weight


# What a search costs: Material's bundle fetches search/search_index.json with every page (the
# site's engine leaves it nearly empty); the search worker fetches the first file and the
# documents' vectors on the first query, then the shards each query needs (tools/search/shards.py).
SEARCH_FILES = ["search/search_index.json"]
SAMPLE = 20  # the longest held-out queries, typed key by key: the most prefixes, the most shards


def heaviest_page(site: Path) -> tuple[str, int]:
    """The heaviest question or reference page over the wire (walkthroughs apart), and its bytes."""
    pages = [
        p.relative_to(site).as_posix()
        for p in site.rglob("index.html")
        if p.parent != site and "walkthroughs" not in p.parts
    ]
    weights = {p: page_weight(site, p).over_the_wire for p in pages}
    page = max(weights, key=weights.get)
    return page, weights[page]


def gzipped(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def sample_queries() -> list[str]:
    """The SAMPLE longest queries of the held-out sets (tests/search/, all but tuning.yml)."""
    import yaml

    from tools.qa import PROJECT

    queries = []
    for name, path in PROJECT.search_queries.items():
        if name != "tuning":
            queries += [
                e["q"] for e in yaml.safe_load(path.read_text(encoding="utf-8"))
            ]
    return sorted(set(queries), key=lambda q: (-len(q), q))[:SAMPLE]


def search_downloads(site: Path, queries: list[str] | None = None) -> list[int]:
    """Bytes over the wire (gzip) that each query, typed key by key as the first search of a
    visit, makes the browser download: the worker under Node (tools/search/rank.cjs) lists
    the files every prefix reads."""
    from tools.search.box import in_node

    queries = sample_queries() if queries is None else queries
    folder = site / "assets" / "search"
    base = sum(gzipped(site / f) for f in SEARCH_FILES if (site / f).exists())
    if not (folder / "index.json").exists():
        return [base]
    sizes: dict[str, int] = {}
    out = []
    for names in in_node(site, queries, {"QA_FILES": "1"}):
        for n in names:
            if n not in sizes:
                sizes[n] = gzipped(folder / n) if (folder / n).exists() else 0
        out.append(base + sum(sizes[n] for n in names))
    return out


def search_index(site: Path) -> int:
    """Bytes over the wire of what the first search downloads (gzip): the worst of the
    sampled held-out queries, typed key by key."""
    return max(search_downloads(site))
