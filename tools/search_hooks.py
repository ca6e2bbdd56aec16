"""MkDocs hooks for the site's search (tools/search/): which engine answers Material's search box.

QA_SEARCH chooses the engine a build ships (`make bench` builds each to compare them):

- `hybrid` (the default): docs/assets/search/worker.js, BM25F over words fused with static word
  embeddings; its files (assets/search/: a first file and shards, tools/search/shards.py) are
  written after the build.
- `pagefind`: Pagefind's index of one record per question (tools/search/pagefind.py), answered by
  docs/assets/search/pagefind-worker.js in Material's search box.
- `material`: Material's own lunr worker, with the index tuned (tools/search/material.py).

The worker is named in Material's `__config` (overrides/main.html reads config.extra.qa_search),
so Material's box, keyboard, "N more on this page", sharing and on-page highlighting stay.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402

ENGINES = ("hybrid", "pagefind", "material")
WORKERS = {"hybrid": "worker.js", "pagefind": "pagefind-worker.js"}
ENGINE: list[str] = []


def engine() -> str:
    name = os.environ.get("QA_SEARCH", "hybrid")
    if name not in ENGINES:
        raise PluginError(f"QA_SEARCH={name!r}: choose one of {', '.join(ENGINES)}")
    return name


def on_config(config):
    name = engine()
    ENGINE[:] = [name]
    docs = Path(config["docs_dir"])
    worker = WORKERS.get(name)
    if worker:
        source = docs / "assets" / "search" / worker
        version = hashlib.sha256(source.read_bytes()).hexdigest()[:10]
        config["extra"]["qa_search"] = {
            "worker": f"assets/search/{worker}",
            "version": version,
        }
    else:
        config["extra"]["qa_search"] = None
    return config


def on_files(files, config):
    # Ship only the chosen engine's worker.
    name = ENGINE[0]
    for f in list(files):
        name_ = f.src_uri.rsplit("/", 1)[-1]
        in_search = f.src_uri.startswith("assets/search/")
        if in_search and name_ in WORKERS.values() and name_ != WORKERS.get(name):
            files.remove(f)
    return files


@event_priority(-110)  # after the search plugin and tools/mkdocs_hooks.py wrote theirs
def on_post_build(config):
    site = Path(config["site_dir"])
    if not (site / "search" / "search_index.json").exists():
        return
    name = ENGINE[0]
    if name == "hybrid":
        from tools.search import index

        index.build(site)
    elif name == "pagefind":
        from tools.search import pagefind

        pagefind.build(site)
    else:
        from tools.search import material

        material.tune(site)
