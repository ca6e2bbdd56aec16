"""Candidate (b): Pagefind (pagefind-bin, run offline), one record per question.

Pagefind ranks pages, and a page of this site holds a dozen questions: indexed as pages, every
question of a page would share its page's rank. So each document Material's search plugin
indexed (a question, a section page, a walkthrough section) is a custom record of its own, its
title and search terms repeated to weigh more than its answer, with its level and section as
Pagefind filters. docs/assets/search/pagefind-worker.js answers Material's search box from it.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path

from tools.search.index import documents, sections

TITLE_REPEAT = 3
TERMS_REPEAT = 2


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


async def write(site: Path, docs: list[dict], names: dict[str, str]) -> None:
    from pagefind.index import IndexConfig, PagefindIndex

    config = IndexConfig(output_path=str(site / "pagefind"))
    async with PagefindIndex(config=config) as index:
        for d in docs:
            title = text(d["title"])
            body = " ".join([title] * TITLE_REPEAT + [d.get("terms", "")] * TERMS_REPEAT
                            + [text(d["text"])])  # fmt: skip
            slug = d["location"].split("/")[0]
            filters = {"section": [slug]}
            if d.get("level"):
                filters["level"] = [d["level"]]
            await index.add_custom_record(
                url="/" + d["location"], content=body, language="en",
                meta={"title": d["title"], "kind": d["kind"], "section": names.get(slug, "")},
                filters=filters,
            )  # fmt: skip


def build(site: Path) -> None:
    path = site / "search" / "search_index.json"
    material = json.loads(path.read_text(encoding="utf-8"))
    questions = json.loads(
        (site / "assets" / "questions.json").read_text(encoding="utf-8")
    )
    docs = documents(site, material["docs"], questions)
    asyncio.run(write(site, docs, sections(questions, material["docs"])))
    # Material's bundle fetches search_index.json on every page: keep its config (the on-page
    # highlighter reads the separator), drop its documents.
    path.write_text(
        json.dumps({"config": material["config"], "docs": []}), encoding="utf-8"
    )
