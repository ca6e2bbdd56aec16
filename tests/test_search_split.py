"""The split search index (tools/search/shards.py) ranks as the engine over every document's
text did: the worker (docs/assets/search/worker.js) under Node answers every query of
tests/search/ twice, once from the shards it fetches as the browser does and once from
documents.json with every token's vector, and Material's whole result (the links, their order
and scores, titles, teasers, marks) is the same. Only the numbers' source differs."""

from __future__ import annotations

import json
import subprocess

import yaml

from tools.qa import PROJECT
from tools.search.box import SETS, in_node
from tools.search.shards import analyze, stem

# Filters, the word being typed, and a query no question answers (the notice), besides the sets.
EXTRA = ["level:core", "section:autograd", "in:optim lr", "level:expert attention", "x", "ze",
         "zero_gr", "retain_grap", "DataLoader(num_workers", "how do I deploy on kubernetes"]  # fmt: skip


def queries() -> list[str]:
    out = []
    for path in SETS.values():
        out += [e["q"] for e in yaml.safe_load(path.read_text(encoding="utf-8")) or []]
    return out + EXTRA


def results(site, full: bool, qs: list[str]) -> list:
    return in_node(site, qs, {"QA_RESULTS": "1", **({"QA_FULL": "1"} if full else {})})


def test_split_index_gives_the_same_results_as_the_full_one(built_site):
    qs = queries()
    split, full = results(built_site, False, qs), results(built_site, True, qs)
    assert sum(bool(r["items"]) for r in full) > 0.9 * len(qs), (
        "the engine found nothing"
    )
    differ = [q for q, a, b in zip(qs, split, full, strict=True) if a != b]
    assert not differ, f"{len(differ)} of {len(qs)} queries differ, e.g. {differ[:5]}"


ANALYZE = r"""
const W = require(process.argv[1])
const texts = JSON.parse(require("fs").readFileSync(0, "utf8"))
process.stdout.write(JSON.stringify(texts.map(t =>
  [W.analyze(t).map(w => [w.terms, w.stop, w.word]), t.split(/\s+/).map(W.stem)])))
"""


def test_the_python_analyzer_is_the_workers():
    texts = [
        "zero_grad() and DataLoader(num_workers=4) on CUDA: requires_grad, is_leaf, __init__",
        "evaluating evaluations stopped hopping studies buses analysis its it's HTTPServer",
        "save saves saving embed embeddings embedded speed seed cached caches freezing none",
        "Conv2d nn.BatchNorm1d x2 _private_ __dunder__ ABCdef fp16 bfloat16 3e-4 ties ties",
    ]
    proc = subprocess.run(
        ["node", "-e", ANALYZE, str(PROJECT.docs / "assets/search/worker.js")],
        input=json.dumps(texts), capture_output=True, text=True, check=True,
    )  # fmt: skip
    want = json.loads(proc.stdout)
    got = [[[list(w) for w in analyze(t)], [stem(x) for x in t.split()]] for t in texts]
    got = json.loads(json.dumps(got))
    assert got == want
