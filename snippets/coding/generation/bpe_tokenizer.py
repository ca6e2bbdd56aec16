"""Byte-level BPE, training and encoding, checked against a plain reference."""

import random
from collections import Counter
from itertools import pairwise


def train_bpe(text, num_merges):
    """Learn up to num_merges merges on text's UTF-8 bytes (tokens 0..255). Round i
    merges the adjacent pair that occurs most often (every position counts, overlaps
    included: "aaaa" holds (97, 97) 3 times; ties: the smallest pair (a, b)) into the
    new token 256 + i, replacing left to right. Stops early when no pair is left.
    Returns the merges in order, a list of (a, b) pairs of ints."""
    # --8<-- [start:solution]
    ids = list(text.encode("utf-8"))
    merges = []
    for i in range(num_merges):
        counts = {}
        for pair in pairwise(ids):  # every position, overlapping ones too
            counts[pair] = counts.get(pair, 0) + 1
        if not counts:  # one token left (or none): nothing to merge
            break
        best = min(counts, key=lambda pair: (-counts[pair], pair))  # ties: smallest
        merges.append(best)
        out, j = [], 0
        while j < len(ids):  # left to right: "aaa" becomes [aa, a]
            if j + 1 < len(ids) and (ids[j], ids[j + 1]) == best:
                out.append(256 + i)
                j += 2
            else:
                out.append(ids[j])
                j += 1
        ids = out
    return merges
    # --8<-- [end:solution]


def encode(text, merges):
    """text's UTF-8 bytes as token ids: merge 0 applied everywhere (left to right), then
    merge 1, and so on in rank order, merge i making token 256 + i. Returns a list of
    ints."""
    # --8<-- [start:solution]
    ids = list(text.encode("utf-8"))
    for i, pair in enumerate(merges):  # rank order: merge i before merge i + 1
        pair, out, j = tuple(pair), [], 0
        while j < len(ids):
            if j + 1 < len(ids) and (ids[j], ids[j + 1]) == pair:
                out.append(256 + i)
                j += 2
            else:
                out.append(ids[j])
                j += 1
        ids = out
    return ids
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(train_bpe, encode):
    def replace(ids, pair, new):  # every occurrence, left to right
        out, j = [], 0
        while j < len(ids):
            match = ids[j : j + 2] == list(pair)
            out.append(new if match else ids[j])
            j += 2 if match else 1
        return out

    def ref_train(text, num_merges):  # returns the merges and the final tokens
        ids, merges = list(text.encode("utf-8")), []
        while len(merges) < num_merges and len(ids) > 1:
            counts = Counter(pairwise(ids))
            top = max(counts.values())
            best = sorted(p for p, n in counts.items() if n == top)[0]
            ids = replace(ids, best, 256 + len(merges))
            merges.append(best)
        return merges, ids

    def ref_encode(text, merges):  # merge the lowest-ranked pair present, repeat
        rank = {tuple(p): i for i, p in enumerate(merges)}
        ids = list(text.encode("utf-8"))
        while len(ids) > 1:
            present = [rank[p] for p in pairwise(ids) if p in rank]
            if not present:
                break
            i = min(present)
            ids = replace(ids, merges[i], 256 + i)
        return ids

    def cause(text, merges, ids):  # why encode's ids differ from the reference's
        words = text.split(" ")
        pieces = [w + " " for w in words[:-1]] + words[-1:]
        split = [t for w in pieces for t in ref_encode(w, merges)]
        if ids == split and split != ref_encode(text, merges):
            return (
                "likely cause: the text split into words (at the spaces) before "
                "merging; here the merges apply to the whole text, spaces included"
            )
        return "likely cause: apply the merges in rank order, each left to right"

    def decode(ids, merges):  # the bytes each token stands for
        vocab = {i: bytes([i]) for i in range(256)}
        for i, (a, b) in enumerate(merges):
            vocab[256 + i] = vocab[a] + vocab[b]
        return b"".join(vocab[t] for t in ids)

    def trained(text, num_merges, case):
        got = train_bpe(text, num_merges)
        try:
            return [(int(a), int(b)) for a, b in got]
        except (TypeError, ValueError) as e:
            raise AssertionError(f"{case}: want a list of (a, b) int pairs: {e}") from e

    def encoded(text, merges, case):
        got = encode(text, [tuple(m) for m in merges])
        try:
            return [int(t) for t in got]
        except (TypeError, ValueError) as e:
            raise AssertionError(f"{case}: want a list of ints: {e}") from e

    def run(text, num_merges, case, want=None, tokens=None):
        merges = trained(text, num_merges, case)
        ref_merges, ref_ids = ref_train(text, num_merges)
        assert want is None or ref_merges == want, f"the check's reference: {case}"
        k = 0  # the first merge that differs
        while k < min(len(merges), len(ref_merges)) and merges[k] == ref_merges[k]:
            k += 1
        assert merges == ref_merges, (
            f"{case}: {len(merges)} merges, want {len(ref_merges)}; from merge {k} "
            f"on: {merges[k : k + 4]}..., want {ref_merges[k : k + 4]}...; likely "
            "cause: count the UTF-8 bytes' pairs at every position (overlaps "
            "included), break ties by the smallest (a, b) tuple, merge left to "
            "right, keep merging at count 1, new ids 256 + i"
        )
        ids = encoded(text, merges, f"{case}, encoding the training text")
        assert tokens is None or ref_ids == tokens, f"the check's reference: {case}"
        assert ids == ref_ids, (
            f"{case}: encode gives {ids[:12]}..., the training ended at "
            f"{ref_ids[:12]}...; {cause(text, merges, ids)}"
        )
        assert decode(ids, merges) == text.encode("utf-8"), f"{case}: no round trip"
        return merges

    # By hand: "aaabdaaabac" (the example on Wikipedia's page). (a, a) occurs 4
    # times, overlaps included: Z = 256. In "ZabdZabac" (Z, a) and (a, b) tie at
    # 2, and the smaller pair, (97, 98), wins: Y = 257. Then (Z, Y): X = 258.
    wiki = "aaabdaaabac"
    run(wiki, 3, "'aaabdaaabac', 3 merges", [(97, 97), (97, 98), (256, 257)])
    assert encoded(wiki, [(97, 97), (97, 98), (256, 257)], wiki) == [
        258,
        100,
        258,
        97,
        99,
    ]
    # Merges go on at count 1 until one token is left, then stop early.
    merges = run(wiki, 20, "'aaabdaaabac', 20 merges (stops early)")
    assert len(merges) < 20 and len(encoded(wiki, merges, wiki)) == 1, (
        "'aaabdaaabac', 20 merges: merge at any count until one token is left, "
        f"then stop; got {len(merges)} merges"
    )
    # Overlaps: in "aaaaabcbcbc" (a, a) occurs 4 times and (b, c) 3; counting
    # only non-overlapping occurrences gives (a, a) 2 and picks (b, c).
    run("aaaaabcbcbc", 1, "'aaaaabcbcbc', 1 merge (overlaps count)", [(97, 97)])
    # Left to right: "aaa" becomes [aa, a], so the next merge is (256, 97).
    run("aaa", 5, "'aaa' (merge left to right)", [(97, 97), (256, 97)], [257])
    run("aaaa", 5, "'aaaa'", [(97, 97), (256, 256)], [257])
    # Ties between merged ids: trained to one token, this text's last rounds weigh
    # (265, 266) against (266, 9), both once. A pair packed into one int as
    # a * 256 + b sorts (266, 9) first: an id above 255 spills into a's digit.
    merges = run("\tc\taacc\t\t\tbab\t", 20, "a tie between merged ids")
    assert merges[-2:] == [(265, 266), (267, 9)], "the check's reference: ids tie"
    # No merges asked for: none learned, and encoding leaves the bytes.
    got = trained(wiki, 0, "'aaabdaaabac', 0 merges")
    assert got == [], (
        f"train_bpe('aaabdaaabac', 0) = {got[:4]}..., want []: num_merges=0 learns "
        "no merge (test the count before merging, not after)"
    )
    got = encoded(wiki, [], "no merges")
    assert got == list(wiki.encode()), (
        f"encode('aaabdaaabac', []) = {got}, want its bytes"
    )
    # Rank order, not position: (b, c) ranks before (a, b), so "abc" is a + bc.
    got = encoded("abc", [(98, 99), (97, 98)], "rank order")
    assert got == [97, 256], (
        f"encode('abc', [(98, 99), (97, 98)]) = {got}, want [97, 256]: merge 0, "
        "(b, c), applies first, though (a, b) comes first in the text"
    )
    # A tie as above, past id 999 (a pair packed as a * 1000 + b): two copies of a
    # random block merge down to one token each, 1104, and then (1, 1104) ties with
    # (2, 5), once each; the tuple (1, 1104) is the smaller, the packed 2104 the larger.
    block = "".join(random.Random(7).choices("abcdefghij", k=1500))
    case = "a tie between ids past 1000 (1500 random letters, twice, to one token)"
    merges = run("\x01" + block + "\x02\x05" + block, 2000, case)
    assert merges[-4:-2] == [(1, 1104), (2, 5)], "the check's reference: ids past 1000"
    # Bytes, not characters: é is 2 bytes, 日 3, the emoji 4.
    for text in ["héllo wörld, héllo", "日本語の日本語 🙂🙂 é", "é", "", "a"]:
        merges = run(text, 12, f"{text!r} (UTF-8 bytes)")
        assert all(0 <= t < 256 + len(merges) for m in merges for t in m)
    assert encoded("", [(97, 97)], "empty text") == [], "encode('') should be []"
    # Random texts with repeats, merges learned on one and applied to another.
    rng = random.Random(0)
    pieces = ["a", "b", "ab", "aaa", "é", "日本", " ", "🙂", "the ", "bé"]
    for n in range(6):
        text = "".join(rng.choices(pieces, k=300))
        merges = run(text, 40, f"random text {n}")
        other = "".join(rng.choices(pieces + ["z", "語"], k=200))
        case = f"random text {n}'s merges on another text"
        ids = encoded(other, merges, case)
        assert ids == ref_encode(other, merges), (
            f"{case}: {ids[:12]}..., want {ref_encode(other, merges)[:12]}...; "
            f"{cause(other, merges, ids)}"
        )
        assert decode(ids, merges) == other.encode("utf-8"), f"{case}: no round trip"
    print("train_bpe and encode = the reference: ties, overlaps, UTF-8, round trips")
    # > train_bpe and encode = the reference: ties, overlaps, UTF-8, round trips


# --8<-- [end:check]


if __name__ == "__main__":
    check(train_bpe, encode)
