"""Candidate (a): Material's own search (lunr, in Material's worker), with its index tuned.

What Material's worker lets an index change: the separator, the pipeline (stop words, stemmer),
each field's boost and each document's boost. Here a question's hidden search-terms line is a
field of its own (`terms`, which Material's worker indexes like any field named in the config),
the synonyms of tools/search/synonyms.yml are added to it, and section pages and walkthrough
sections weigh less than questions. Tuned on tests/search/tuning.yml only.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from tools.search.index import documents
from tools.search.synonyms import expand

SETTINGS = {
    "pipeline": ["stopWordFilter"],
    "fields": {"title": {"boost": 3}, "terms": {"boost": 5}, "text": {"boost": 1}},
    "boost": {"question": 1.0, "page": 0.1, "walkthrough": 0.1, "home": 0.1},
    "synonyms": True,
}


def settings() -> dict:
    extra = os.environ.get("QA_MATERIAL_PARAMS")  # for tuning runs only
    return {**SETTINGS, **(json.loads(extra) if extra else {})}


def tune(site: Path) -> None:
    s = settings()
    path = site / "search" / "search_index.json"
    material = json.loads(path.read_text(encoding="utf-8"))
    questions = json.loads(
        (site / "assets" / "questions.json").read_text(encoding="utf-8")
    )
    docs = []
    for d in documents(site, material["docs"], questions):
        out = {"location": d["location"], "title": d["title"], "text": d["text"]}
        terms = d.get("terms", "")
        if s["synonyms"]:
            terms = expand(" ".join([terms, d["title"], d["text"]]), terms)
        if terms:
            out["terms"] = terms
        boost = s["boost"].get(d["kind"], 1.0)
        if boost != 1.0:
            out["boost"] = boost
        docs.append(out)
    config = dict(material["config"], pipeline=s["pipeline"], fields=s["fields"])
    path.write_text(json.dumps({"config": config, "docs": docs}, separators=(",", ":")),
                    encoding="utf-8")  # fmt: skip
