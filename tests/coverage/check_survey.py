"""Keeps the coverage survey well-formed: .venv/bin/python tests/coverage/check_survey.py

Checks sources.yml, tuning.yml and heldout.yml: known source ids in sources.yml order, each
entry in the half of its first source, no question twice, a verdict on every entry of both
halves (the held-out half was first judged 2026-12-02) and every `where` a heading id that exists in
docs/. Prints the counts the README quotes; with --gaps, the tuning half's gap list (what
writers write from), grouped by topic, most-asked first.
"""

import collections
import pathlib
import re
import sys

import yaml

HERE = pathlib.Path(__file__).resolve().parent
DOCS = HERE.parent.parent / "docs"
VERDICTS = ("answered", "partly", "missing")


def heading_ids():
    ids = set()
    pages = list(DOCS.glob("*/index.md")) + list(DOCS.glob("coding/*.md"))
    for page in pages:
        rel = page.relative_to(DOCS).as_posix()
        for m in re.finditer(r"^## .*\{ #([\w-]+)", page.read_text(), re.M):
            ids.add(f"{rel}#{m.group(1)}")
    return ids


def main():
    errors = []
    sources = yaml.safe_load((HERE / "sources.yml").read_text())
    order = {s["id"]: i for i, s in enumerate(sources)}
    half = {s["id"]: s["half"] for s in sources}
    for s in sources:
        missing = {"id", "name", "url", "kind", "half"} - set(s)
        if missing:
            errors.append(f"source {s.get('id')}: missing {sorted(missing)}")
    if len(order) != len(sources):
        errors.append("duplicate source ids")
    per_half = collections.Counter(half.values())
    if len(sources) < 14 or min(per_half["tuning"], per_half["heldout"]) < 7:
        errors.append(f"need 14 sources, 7 per half: {dict(per_half)}")
    ids = heading_ids()
    seen = set()
    entries = {}
    for name in ("tuning", "heldout"):
        entries[name] = yaml.safe_load((HERE / f"{name}.yml").read_text())
        for x in entries[name]:
            q, srcs = x.get("q"), x.get("sources", [])
            if not q or not srcs or not x.get("topic"):
                errors.append(f"{name}: incomplete entry {x}")
                continue
            if q in seen:
                errors.append(f"{name}: duplicate question {q!r}")
            seen.add(q)
            if any(s not in order for s in srcs):
                errors.append(f"{name}: unknown source in {srcs}")
                continue
            if srcs != sorted(srcs, key=order.get) or len(set(srcs)) != len(srcs):
                errors.append(f"{name}: sources not in sources.yml order: {q!r}")
            if half[srcs[0]] != name:
                errors.append(f"{name}: first source {srcs[0]} is not {name}: {q!r}")
            verdict, where = x.get("verdict"), x.get("where")
            if verdict not in VERDICTS:
                errors.append(f"{name}: bad verdict {verdict!r} for {q!r}")
            elif (verdict == "missing") != (where is None):
                errors.append(f"{name}: `where` must go with answered/partly: {q!r}")
            elif where and where not in ids:
                errors.append(f"{name}: no heading {where}")
    total = sum(len(v) for v in entries.values())
    if total < 400:
        errors.append(f"only {total} questions")
    mentions = collections.Counter(
        s for v in entries.values() for x in v for s in x["sources"]
    )
    print(
        f"questions: {total} (tuning {len(entries['tuning'])}, "
        f"heldout {len(entries['heldout'])})"
    )
    for s in sources:
        print(f"  {s['id']:<11} {s['half']:<8} {mentions[s['id']]}")
    for name in ("tuning", "heldout"):
        verdicts = collections.Counter(x.get("verdict") for x in entries[name])
        print(f"{name} verdicts:", {v: verdicts[v] for v in VERDICTS})
    if "--gaps" in sys.argv[1:]:
        print_gaps(entries["tuning"])
    for e in errors:
        print("ERROR:", e)
    return 1 if errors else 0


def print_gaps(tuning):
    """The tuning half's missing and partly questions by topic, most source mentions first."""
    topics = collections.defaultdict(list)
    for x in tuning:
        if x.get("verdict") in ("missing", "partly"):
            topics[x["topic"]].append(x)
    asked = {t: sum(len(x["sources"]) for x in xs) for t, xs in topics.items()}
    for topic in sorted(topics, key=lambda t: (-asked[t], t)):
        xs = sorted(topics[topic], key=lambda x: -len(x["sources"]))
        print(f"\n{topic} ({len(xs)} questions, asked {asked[topic]} times)")
        for x in xs:
            where = f"; closest {x['where']}" if x.get("where") else ""
            print(f"  {x['verdict']:<7} ({', '.join(x['sources'])}{where}) {x['q']}")


if __name__ == "__main__":
    sys.exit(main())
