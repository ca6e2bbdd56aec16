"""What the search worker (docs/assets/search/worker.js) reads, written into the built site.

- assets/search/: every document Material's search plugin indexed (questions, section pages,
  walkthrough sections, the home page), each question with its hidden search-terms line apart
  from its answer, its level and its section, split by tools/search/shards.py into a small first
  file and the shards a query fetches (its terms' postings and pairs, its word pieces' vectors,
  the teasers of the results it shows).
- The ways readers ask each question (tests/search/asked.yml, written by people who saw no query
  of tests/search/), added to the question's search-terms line: a query log the site does not
  have, so that a question is found by how it is asked and not only by how it is titled.
- The static embeddings (tools/search/distill.py) of the WordPiece tokens a reader may type,
  and of every document, projected onto the span of the documents' vectors. A query's dot
  product with a document is the same in that span as in the full space, so the ranking by
  cosine is kept while the table shrinks from 256 numbers a token to DIMS.
- search/search_index.json keeps Material's config (the on-page highlighter reads its separator)
  and no documents: Material's bundle fetches it on every page, the worker fetches its own files
  only once a search starts.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import numpy as np

from tools.qa import PROJECT
from tools.search import shards

COMMON = 12000  # the most frequent tokens kept, besides those of the site's text
DIMS = 48  # dimensions per token in the browser's table (see the report in tools/search/README.md)
QA_SEARCH = re.compile(r'<p class="qa-search" hidden>(.*?)</p>', re.S)
H2 = re.compile(r'<h2\b[^>]*\bid="([^"]+)"', re.S)
SPACE = re.compile(r"\s+")


def search_terms(site: Path, page_url: str) -> dict[str, str]:
    """question id -> the inner HTML of its qa-search line, from the built page."""
    page = site / page_url / "index.html"
    if not page.exists():
        return {}
    text = page.read_text(encoding="utf-8")
    out = {}
    heads = list(H2.finditer(text))
    for n, m in enumerate(heads):
        end = heads[n + 1].start() if n + 1 < len(heads) else len(text)
        found = QA_SEARCH.search(text, m.end(), end)
        if found:
            out[m.group(1)] = found.group(1)
    return out


CODE = re.compile(r"<code>([^<`]*)</code>")


def compact(text: str) -> str:
    """`x` for <code>x</code> (a tenth of the index); the worker's expand() undoes it exactly."""
    return CODE.sub(r"`\1`", text.replace("`", "&#96;"))


def kind_of(location: str, questions: dict) -> str:
    if location in questions:
        return "question"
    if location.startswith("walkthroughs/") and location != "walkthroughs/":
        return "walkthrough"
    if location == "" or location.startswith("#"):
        return "home"
    return "page"


def asked() -> dict[str, list[str]]:
    """question url (tensors/#broadcasting) -> how readers ask it (tests/search/asked.yml)."""
    import yaml

    from tools.search.box import url_of

    out: dict[str, list[str]] = {}
    path = PROJECT.search_asked
    for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
        out.setdefault(url_of(entry["expect"]), []).append(entry["q"])
    return out


def documents(
    site: Path, material_docs: list[dict], questions: list[dict]
) -> list[dict]:
    by_url = {q["url"]: q for q in questions}
    ways = asked()
    terms: dict[str, dict[str, str]] = {}
    docs = []
    for d in material_docs:
        loc = d["location"]
        kind = kind_of(loc, by_url)
        doc = {"location": loc, "title": d["title"], "text": d["text"], "kind": kind}
        if kind == "question":
            page, _, qid = loc.partition("#")
            if page not in terms:
                terms[page] = search_terms(site, page)
            line = terms[page].get(qid, "")
            if line:
                # Material's text holds the line as a paragraph of its own: keep it apart.
                norm = SPACE.sub(" ", line).strip()
                doc["text"] = (
                    SPACE.sub(" ", doc["text"]).replace(f"<p>{norm}</p>", " ").strip()
                )
                doc["terms"] = html.unescape(re.sub(r"<[^>]+>", " ", norm))
            if ways.get(loc):
                doc["terms"] = " ".join([doc.get("terms", ""), *ways[loc]]).strip()
            doc["level"] = by_url[loc]["level"]
        docs.append(doc)
    return docs


def sections(questions: list[dict], material_docs: list[dict]) -> dict[str, str]:
    out = {}
    for q in questions:
        out.setdefault(q["url"].split("/")[0], q["section"])
    for d in material_docs:
        loc = d["location"]
        if (
            loc
            and not loc.startswith("#")
            and loc.count("/") == 1
            and loc.endswith("/")
        ):
            out.setdefault(loc[:-1], html.unescape(re.sub(r"<[^>]+>", "", d["title"])))
    return out


# --- WordPiece, as the worker's Vectors.pieces does it -------------------------------------------

WORDS = re.compile(r"[a-z0-9]+|[^\sa-z0-9]")


def pieces(text: str, ids: dict[str, int]) -> list[int]:
    import unicodedata

    text = unicodedata.normalize("NFD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    out = []
    for word in WORDS.findall(text):
        if len(word) > 100:
            continue
        start, found = 0, []
        while start < len(word):
            end, hit = len(word), -1
            while start < end:
                piece = ("##" if start else "") + word[start:end]
                if piece in ids:
                    hit = ids[piece]
                    break
                end -= 1
            if hit < 0:
                found = []
                break
            found.append(hit)
            start = end
        out += found
    return out


def embed_text(doc: dict) -> str:
    title = html.unescape(re.sub(r"<[^>]+>", " ", doc["title"]))
    body = html.unescape(re.sub(r"<[^>]+>", " ", doc["text"]))
    return " ".join([title, title, doc.get("terms", ""), body[:1500]])


def quantize(rows: np.ndarray, levels: int = 127) -> tuple[np.ndarray, np.ndarray]:
    """Each row as integers in [-levels, levels] and the float32 that scales them back."""
    scale = np.abs(rows).max(axis=1) / levels
    scale[scale == 0] = 1.0
    q = np.clip(np.rint(rows / scale[:, None]), -levels, levels).astype(np.int8)
    return q, scale.astype(np.float32)


def vectors(docs: list[dict], dims: int = DIMS, common: int = COMMON) -> tuple:
    """({dim, tokens (one a line), docs}, the tokens' rows at 4 bits (two numbers a byte),
    their scales, the documents' rows as int8, their scales): tools/search/shards.py writes
    them, the header into index.json, the numbers (which no compression shrinks) apart."""
    from tools.search.distill import table

    tokens, table_ = table()
    usable = [i for i, t in enumerate(tokens) if t and not re.search(r"[^\x00-\x7f]", t)
              and not (t.startswith("[") and t.endswith("]"))]  # fmt: skip
    # The tokens a reader's words are made of: the `common` most frequent (BERT's vocabulary
    # lists them by frequency), and every token the site's own text is made of.
    ids = {tokens[i]: i for i in usable}
    used = {i for doc in docs for i in pieces(embed_text(doc), ids)}
    keep = sorted(set(usable[:common]) | used)
    keep.sort(key=lambda i: tokens[i])  # sorted, the list compresses to a third
    tokens = [tokens[i] for i in keep]
    table_ = table_[keep]
    ids = {t: i for i, t in enumerate(tokens)}
    doc_vecs = np.zeros((len(docs), table_.shape[1]), dtype=np.float32)
    for j, doc in enumerate(docs):
        p = pieces(embed_text(doc), ids)
        if p:
            doc_vecs[j] = table_[p].mean(axis=0)
    # The span of the documents' vectors: a query's dot product with any document is kept.
    _, _, vt = np.linalg.svd(doc_vecs, full_matrices=False)
    dims = min(dims, vt.shape[0]) // 2 * 2
    basis = vt[:dims].T
    tok = table_ @ basis
    dv = doc_vecs @ basis
    norms = np.linalg.norm(dv, axis=1, keepdims=True)
    norms[norms == 0] = 1
    dv = dv / norms
    tq, ts = quantize(tok, 7)  # 4 bits a number: two to a byte
    packed = ((tq[:, 0::2] + 8).astype(np.uint8) << 4) | (tq[:, 1::2] + 8).astype(
        np.uint8
    )
    dq, ds = quantize(dv)
    header = {
        "format": "QAS1",
        "dim": dims,
        "tokens": "\n".join(tokens),
        "docs": len(docs),
    }
    return header, packed, ts, dq, ds


def build(site: Path, with_vectors: bool = True) -> dict:
    """Write the worker's files into `site`; return their sizes."""
    index_path = site / "search" / "search_index.json"
    material = json.loads(index_path.read_text(encoding="utf-8"))
    questions = json.loads(
        (site / "assets" / "questions.json").read_text(encoding="utf-8")
    )
    docs = documents(site, material["docs"], questions)
    out = site / "assets" / "search"
    out.mkdir(parents=True, exist_ok=True)
    enough = with_vectors and sum(d["kind"] == "question" for d in docs) >= 4
    shards.write(
        out,
        [dict(d, text=compact(d["text"])) for d in docs],
        sections(questions, material["docs"]),
        vectors(docs) if enough else None,
    )
    index_path.write_text(
        json.dumps({"config": material["config"], "docs": []}, separators=(",", ":")),
        encoding="utf-8",
    )
    return {p.name: p.stat().st_size for p in out.iterdir() if p.is_file()}
