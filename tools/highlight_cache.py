"""MkDocs hook: Pygments' HTML for a code block, cached on disk, so a rebuild highlights only
the blocks that changed.

pymdownx.highlight calls `pygments.highlight(src, lexer, formatter)` once per block; on a warm
build that was a fifth of the time, for output identical to the last build's. The cache key is
everything the output depends on: the source, the lexer's class and options, the formatter's
class and options (line anchors and the block's number included), and the versions of Pygments
and pymdownx. Entries live in `.cache/highlight/` (ignored by git, like mkdocs-jupyter's cache);
deleting the folder only costs one slower build. A full build removes the entries it did not
use, so the folder holds one build's blocks, not every edit's. tests/test_highlight_cache.py proves a cached
block is byte for byte what Pygments writes, and that a changed option is a new entry.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pygments
import pymdownx
import pymdownx.highlight

# The repository's .cache/ (MkDocs loads a hook by its path: tools/ is not importable yet).
FOLDER = Path(__file__).resolve().parent.parent / ".cache" / "highlight"
_original = pymdownx.highlight.highlight
_used: set[str] = set()


def key(src: str, lexer, formatter) -> str:
    parts = {
        "pygments": pygments.__version__,
        "pymdownx": pymdownx.__version__,
        "lexer": f"{type(lexer).__module__}.{type(lexer).__qualname__}",
        "lexer_options": lexer.options,
        "formatter": f"{type(formatter).__module__}.{type(formatter).__qualname__}",
        "formatter_options": formatter.options,
        "src": src,
    }
    blob = json.dumps(parts, sort_keys=True, default=repr).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()


def cached_highlight(src: str, lexer, formatter, folder: Path = FOLDER) -> str:
    path = folder / f"{key(src, lexer, formatter)}.html"
    _used.add(path.name)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        pass
    html = _original(src, lexer, formatter)
    folder.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.partial")
    partial.write_text(html, encoding="utf-8")
    partial.replace(path)  # whole or absent, if two builds write at once
    return html


def on_config(config, **kwargs):
    _used.clear()
    pymdownx.highlight.highlight = cached_highlight
    return config


def on_post_build(config, **kwargs):
    prune(FOLDER)


def prune(folder: Path) -> None:
    """Remove the entries this build did not use (a changed block's old output)."""
    for path in folder.glob("*.html"):
        if path.name not in _used:
            path.unlink(missing_ok=True)
