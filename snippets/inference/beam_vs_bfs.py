import math

V, T = "abc", 3
# A toy model: next-token probabilities given the prefix (flat where unlisted)
table = {
    "": [0.5, 0.3, 0.2],
    "b": [0.5, 0.25, 0.25],
    "ba": [0.5, 0.25, 0.25],
    "c": [0.95, 0.03, 0.02],  # an unlikely start, then a near-certain path
    "ca": [0.95, 0.03, 0.02],
}
scored = 0


def children(seq, logp):  # one model call scores the V children of a node
    global scored
    scored += len(V)
    p = table.get(seq, [0.4, 0.3, 0.3])
    return [(seq + t, logp + math.log(p[i])) for i, t in enumerate(V)]


def search(k=None):  # breadth-first; k=None keeps every node (exhaustive BFS)
    frontier = [("", 0.0)]
    for _ in range(T):
        cands = [c for s, lp in frontier for c in children(s, lp)]
        frontier = sorted(cands, key=lambda c: c[1], reverse=True)[:k]
    return frontier


full = search()
best, lp = full[0]
print(
    f"BFS: {len(full)} = V**T sequences, {scored} nodes scored,",
    f"best {best} p={math.exp(lp):.3f}",
)
# > BFS: 27 = V**T sequences, 39 nodes scored, best caa p=0.180
for k in (1, 2, 3, len(V) ** (T - 1)):
    scored = 0
    seq, lp = search(k)[0]
    print(
        f"beam k={k}: {scored} nodes scored (<= k*V*T = {k * len(V) * T}),",
        f"{seq} p={math.exp(lp):.3f}",
        "== BFS" if seq == best else "!= BFS",
    )
    # > beam k=1: 9 nodes scored (<= k*V*T = 9), aaa p=0.080 != BFS
    # > beam k=2: 15 nodes scored (<= k*V*T = 18), aaa p=0.080 != BFS
    # > beam k=3: 21 nodes scored (<= k*V*T = 27), caa p=0.180 == BFS
    # > beam k=9: 39 nodes scored (<= k*V*T = 81), caa p=0.180 == BFS
