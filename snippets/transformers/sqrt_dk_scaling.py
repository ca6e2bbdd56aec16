import math

import torch

torch.manual_seed(0)
# q and k with independent unit-variance entries: var(q . k) = d_k
for d_k in (16, 64, 256, 1024):
    q, k = torch.randn(20_000, d_k), torch.randn(20_000, d_k)
    dots = (q * k).sum(1)
    scaled = dots / math.sqrt(d_k)
    print(f"d_k {d_k:>4}: var(q.k) {dots.var():6.0f}, scaled {scaled.var():.2f}")
    # > d_k   16: var(q.k)     16, scaled 1.00
    # > d_k   64: var(q.k)     64, scaled 1.00
    # > d_k  256: var(q.k)    252, scaled 0.98
    # > d_k 1024: var(q.k)   1005, scaled 0.98

# what that does to softmax over 32 keys, for d_k = 512
d_k, n_keys = 512, 32
q, k = torch.randn(1000, 1, d_k), torch.randn(1000, n_keys, d_k)
for name, scale in (("unscaled", 1.0), ("/ sqrt(d_k)", math.sqrt(d_k))):
    scores = ((q * k).sum(-1) / scale).requires_grad_()
    p = scores.softmax(-1)
    entropy = -(p * p.clamp_min(1e-30).log()).sum(-1).mean()
    # gradient of a loss on the output back to the scores
    (p * torch.randn_like(p)).sum().backward()
    print(
        f"{name:>11}: max weight {p.max(-1).values.mean():.3f}, "
        f"entropy {entropy:.2f} (uniform {math.log(n_keys):.2f}), "
        f"|grad| {scores.grad.norm(dim=-1).mean():.2e}"
    )
    # >    unscaled: max weight 0.934, entropy 0.16 (uniform 3.47), |grad| 7.06e-02
    # > / sqrt(d_k): max weight 0.168, entropy 3.01 (uniform 3.47), |grad| 2.32e-01
