"""The synonyms of tools/search/synonyms.yml, added to a document's search terms at build time."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import yaml

FILE = Path(__file__).with_name("synonyms.yml")


@functools.cache
def groups() -> list[list[str]]:
    return [
        [str(w).lower() for w in g]
        for g in yaml.safe_load(FILE.read_text(encoding="utf-8"))
    ]


def has(text: str, word: str) -> bool:
    return re.search(rf"(?<![a-z0-9_]){re.escape(word)}(?![a-z0-9_])", text) is not None


def expand(text: str, terms: str) -> str:
    """`terms`, with the words of every group that `text` holds a word of."""
    low = re.sub(r"<[^>]+>", " ", text).lower()
    extra = []
    for group in groups():
        if any(has(low, w) for w in group):
            extra += [w for w in group if not has(low, w)]
    return " ".join([terms, *extra]).strip()
