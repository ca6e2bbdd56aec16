"""The search index split so that a query downloads only what it needs (tools/search/README.md).

The worker (docs/assets/search/worker.js) ranks with the same numbers as when it held every
document's text: this module computes, at build time, what its `Field`s computed in the browser
(each field's term frequencies, pairs of adjacent words and length), with a port of its
analyze() and stem(); tests/test_search_split.py runs the worker on the full documents and on these
files and asserts the same results for every query of tests/search/.

Written under assets/search/:

- index.json (the first file): per document its page, anchor, kind, level and field lengths; the
  sections; every index term with its document frequency (idf, completion of the word being
  typed) and the shards' ranges; the token list of the static embeddings.
- docs.bin: every document's vector (int8, a float32 scale each): the cosine ranks every document.
- t/N.json: the postings of a sorted range of terms: [doc (delta), title tf, terms tf, body tf]...
- p/N.json: a sorted range of the pairs of adjacent words: 2 x doc (delta) + 1 where only the
  answer holds the pair (it weighs half).
- v/N.bin: CHUNK token vectors at 4 bits, then their float32 scales (tokens sorted, so the pieces
  of a word being typed share a chunk).
- x/N.json: the titles and teasers of TEXT_DOCS documents of a page, for the results shown.
- documents.json: the documents as Material indexed them, text and all. The worker never fetches
  it; the tests read it (the equivalence test, the practice controls' check).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

CHUNK = 16  # token vectors a file
TEXT_DOCS = 1  # documents a text file
SHARD_BYTES = (
    1500  # raw bytes of postings a term shard holds, about (split between terms)
)
PAIR_BYTES = 2000  # raw bytes of pairs a pair shard holds, about
TEASER = 320  # the worker's teaser() limit
KINDS = ["question", "walkthrough", "page", "home"]

# --- the worker's analyzer, ported exactly -----------------------------------------------------

STOP = set(
    (
        "a an and are as at be but by can do does did doing for from had has have how i "
        "if in into is it its it's me my of on or our so than that the their them then there these they "
        "this those to was we were what when where which while who why will with would you your yours "
        "should could shall am been being get gets got"
    ).split(" ")
)
SUFFIXES = ["izations", "ization", "isations", "isation", "ational", "ations", "ation",
            "ating", "ated", "ates", "ate", "ities", "ity", "izing", "ising", "ized", "ised",
            "izes", "ises", "ize", "ise", "ings", "ing", "edly", "ed", "ers", "er", "ies", "es",
            "ly", "ness", "ments", "ment", "ably", "able", "ibly", "ible", "ally", "al", "ives",
            "ive", "s"]  # fmt: skip
RAW = re.compile(r"[A-Za-z0-9_]+")
CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+[a-z]*")
DOUBLE = re.compile(r"([^aeiouslz])\1$")


def stem(word: str) -> str:
    if len(word) <= 3 or re.search(r"\d", word):
        return word
    out = word
    for s in SUFFIXES:
        if not word.endswith(s):
            continue
        if s == "s" and re.search(r"(ss|us|is)$", word):
            continue
        if s == "ed" and (word.endswith("eed") or word == "embed"):
            continue
        base = word[: -len(s)]
        if s == "ies":
            base += "y"
        if len(base) < 3:
            continue
        if re.search(r"(ing|ings|ed)$", s) and DOUBLE.search(base):
            base = base[:-1]
        out = base
        break
    return out[:-1] if len(out) > 3 and out.endswith("e") else out


def analyze(text: str) -> list[tuple[list[str], bool, str]]:
    """(terms, stop, word) per word, as the worker's analyze()."""
    out = []
    for m in RAW.finditer(text):
        raw = m.group(0)
        whole = raw.lower()
        parts = []
        for piece in raw.split("_"):
            if not piece:
                continue
            sub = CAMEL.findall(piece) or [piece]
            parts += [s.lower() for s in sub]
        compound = len(parts) > 1 or "_" in raw
        for i, p in enumerate(parts):
            terms = [] if p in STOP else [stem(p)]
            if compound and i == 0:
                terms.append(whole.strip("_"))
            out.append((terms, p in STOP and not compound, p))
    return out


def plain(text: str) -> str:
    text = re.sub(r"<[^>]+>", " ", text).replace("&lt;", "<").replace("&gt;", ">")
    text = text.replace("&quot;", '"')
    return re.sub(r"&#39;|&#x27;", "'", text).replace("&amp;", "&")


def expand(text: str) -> str:
    return re.sub(r"`([^`]*)`", r"<code>\1</code>", text).replace("&#96;", "`")


class Field:
    def __init__(self, text: str):
        self.tf: dict[str, int] = {}
        self.pairs: set[str] = set()
        self.length = 0
        prev = None
        for terms, stop, _ in analyze(text):
            if stop:
                continue
            for t in terms:
                self.tf[t] = self.tf.get(t, 0) + 1
            self.length += 1
            head = terms[0] if terms else None
            if head and prev:
                self.pairs.add(prev + " " + head)
            prev = head or prev


def js_length(text: str) -> int:
    """A string's length as JavaScript counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def teaser(text: str, limit: int = TEASER) -> str:
    """The worker's teaser(): the first paragraph or two, cut at about `limit` characters."""
    paragraphs = re.findall(r"<p>[\s\S]*?</p>", text) or [text]
    out, length = "", 0
    for p in paragraphs:
        n = js_length(plain(p))
        if length > 0 and length + n > limit:
            break
        out += p
        length += n
        if length > limit:
            break
    return out


# --- writing the files ---------------------------------------------------------------------------


def synonym_stems() -> list[list[str]]:
    """tools/search/synonyms.yml as the worker matches it: each group a list of its entries,
    each entry its words' index terms joined by a space ("learning rate" -> "learn rat")."""
    from tools.search.synonyms import groups

    out = []
    for group in groups():
        entries = []
        for entry in group:
            terms = [t[0][0] for t in analyze(entry) if t[0] and not t[1]]
            if terms and " ".join(terms) not in entries:
                entries.append(" ".join(terms))
        if len(entries) > 1:
            out.append(entries)
    return out


def location(page: str, anchor: str) -> str:
    return page + ("#" + anchor if anchor else "")


def write(out: Path, docs: list[dict], sections: dict, vectors) -> None:
    """docs: as tools/search/index.py documents() gives them, text compacted (compact());
    vectors: (header, packed token rows, token scales, doc rows, doc scales) or None."""
    for name in ("t", "p", "v", "x"):
        shutil.rmtree(out / name, ignore_errors=True)
        (out / name).mkdir(parents=True)
    for stale in ("vectors.bin",):
        (out / stale).unlink(missing_ok=True)
    synonyms = synonym_stems()
    (out / "documents.json").write_text(
        json.dumps(
            {"docs": docs, "sections": sections, "synonyms": synonyms},
            separators=(",", ":"),
        ),
        encoding="utf-8",
    )
    pages: list[str] = []
    page_of: list[int] = []
    anchors: list[str] = []
    for d in docs:
        page, _, anchor = d["location"].partition("#")
        assert location(page, anchor) == d["location"], d["location"]
        if page not in pages:
            pages.append(page)
        page_of.append(pages.index(page))
        anchors.append(anchor)
    levels = sorted({d["level"] for d in docs if d.get("level")})
    fields = [
        (
            Field(plain(d["title"])),
            Field(d.get("terms") or ""),
            Field(plain(expand(d["text"]))),
        )
        for d in docs
    ]
    df: dict[str, int] = {}
    postings: dict[str, list[tuple[int, int, int, int]]] = {}
    pairs: dict[str, list[tuple[int, int]]] = {}
    for i, f in enumerate(fields):
        seen = set(f[0].tf) | set(f[1].tf) | set(f[2].tf)
        for t in seen:
            df[t] = df.get(t, 0) + 1
            postings.setdefault(t, []).append(
                (i, f[0].tf.get(t, 0), f[1].tf.get(t, 0), f[2].tf.get(t, 0))
            )
        strong = f[0].pairs | f[1].pairs
        for key in strong | f[2].pairs:
            pairs.setdefault(key, []).append((i, 0 if key in strong else 1))
    vocab = sorted(df)
    # Ranges of the sorted terms, each about SHARD_BYTES of postings: a word being typed and
    # its completions mostly fall in one.
    starts, size = [0], 0
    for n, t in enumerate(vocab):
        cost = len(t) + 8 + 6 * len(postings[t])
        if size and size + cost > SHARD_BYTES:
            starts.append(n)
            size = 0
        size += cost
    bounds = starts + [len(vocab)]
    for s in range(len(starts)):
        tshard = {}
        for t in vocab[bounds[s] : bounds[s + 1]]:
            flat, last = [], 0
            for i, a, b, c in postings[t]:
                flat += [i - last, a, b, c]
                last = i
            tshard[t] = flat
        (out / "t" / f"{s}.json").write_text(
            json.dumps(tshard, separators=(",", ":")), encoding="utf-8"
        )
    # Pairs, sorted, in ranges of their own (the first key of each in index.json): the pairs
    # that begin with the same word mostly share one.
    pair_starts, pshard, size = [], {}, 0
    for key in sorted(pairs) + [None]:
        flat, last = [], 0
        for i, body in pairs.get(key, []):
            flat.append(2 * (i - last) + body)
            last = i
        cost = len(key or "") + 6 + 4 * len(flat)
        if key is None or (pshard and size + cost > PAIR_BYTES):
            (out / "p" / f"{len(pair_starts) - 1}.json").write_text(
                json.dumps(pshard, separators=(",", ":")), encoding="utf-8"
            )
            pshard, size = {}, 0
        if key is None:
            break
        if not pshard:
            pair_starts.append(key)
        pshard[key] = flat
        size += cost
    # Titles and teasers by runs of at most TEXT_DOCS documents of one page.
    text_starts: list[int] = []
    for i in range(len(docs)):
        if (
            not text_starts
            or page_of[i] != page_of[i - 1]
            or i - text_starts[-1] >= TEXT_DOCS
        ):
            text_starts.append(i)
    for n, first in enumerate(text_starts):
        end = text_starts[n + 1] if n + 1 < len(text_starts) else len(docs)
        rows = [
            [i, docs[i]["title"], teaser(expand(docs[i]["text"]))]
            for i in range(first, end)
        ]
        (out / "x" / f"{n}.json").write_text(
            json.dumps(rows, separators=(",", ":")), encoding="utf-8"
        )
    index = {
        "format": "QAS1",
        "pages": pages,
        "page": page_of,
        "anchor": anchors,
        "kinds": KINDS,
        "kind": [KINDS.index(d["kind"]) for d in docs],
        "levels": levels,
        "level": [levels.index(d["level"]) + 1 if d.get("level") else 0 for d in docs],
        "lengths": [n for f in fields for n in (f[0].length, f[1].length, f[2].length)],
        "sections": sections,
        "vocab": "\n".join(vocab),
        "df": [df[t] for t in vocab],
        "shards": starts,
        "pairs": pair_starts,
        "texts": text_starts,
        "synonyms": synonyms,
    }
    if vectors is not None:
        header, packed, ts, dq, ds = vectors
        index["vectors"] = dict(header, chunk=CHUNK)
        data = bytearray(dq.tobytes())
        data += b"\0" * ((4 - len(data) % 4) % 4)
        (out / "docs.bin").write_bytes(bytes(data + ds.tobytes()))
        for c in range(0, len(packed), CHUNK):
            (out / "v" / f"{c // CHUNK}.bin").write_bytes(
                packed[c : c + CHUNK].tobytes() + ts[c : c + CHUNK].tobytes()
            )
    else:
        (out / "docs.bin").unlink(missing_ok=True)
    (out / "index.json").write_text(
        json.dumps(index, separators=(",", ":")), encoding="utf-8"
    )
