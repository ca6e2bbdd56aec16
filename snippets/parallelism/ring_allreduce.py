import torch

torch.manual_seed(0)


def ring_all_reduce(xs):
    """Ring all-reduce on N simulated ranks; returns results and elements sent."""
    n = len(xs)
    chunks = [list(x.clone().chunk(n)) for x in xs]
    sent = [0] * n
    for phase in ("reduce-scatter", "all-gather"):
        for step in range(n - 1):
            # rank r sends one chunk to rank r + 1; all sends of a step are parallel
            msgs = []
            for r in range(n):
                c = (r - step + (1 if phase == "all-gather" else 0)) % n
                msgs.append((r, c, chunks[r][c].clone()))
                sent[r] += chunks[r][c].numel()
            for r, c, data in msgs:
                dst = (r + 1) % n
                if phase == "reduce-scatter":
                    chunks[dst][c] += data
                else:
                    chunks[dst][c] = data
    return [torch.cat(c) for c in chunks], sent


size = 1200
for n in (2, 4, 8):
    xs = [torch.randn(size) for _ in range(n)]
    out, sent = ring_all_reduce(xs)
    exact = all(torch.allclose(o, sum(xs), atol=1e-5) for o in out)
    per_rank = sorted({s / size for s in sent})  # one value: every rank sends alike
    print(f"N={n}: correct {exact}, sent/rank {per_rank}, 2(N-1)/N {2 * (n - 1) / n}")
    # > N=2: correct True, sent/rank [1.0], 2(N-1)/N 1.0
    # > N=4: correct True, sent/rank [1.5], 2(N-1)/N 1.5
    # > N=8: correct True, sent/rank [1.75], 2(N-1)/N 1.75
