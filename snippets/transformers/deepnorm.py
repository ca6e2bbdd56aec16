import torch
import torch.nn.functional as F
from torch import nn

D = 32  # width; the sublayers are FFNs, the LayerNorms have no affine parameters


def one_step_update(N, alpha, beta, seed=0):
    """How much one Adam step at initialization changes the output, relatively."""
    torch.manual_seed(seed)
    subs = nn.ModuleList(  # 2N sublayers, as a block has attention and an FFN
        nn.Sequential(
            nn.Linear(D, 4 * D, bias=False), nn.GELU(), nn.Linear(4 * D, D, bias=False)
        )
        for _ in range(2 * N)
    )
    for sub in subs:  # Xavier init, scaled down by beta
        for lin in (sub[0], sub[2]):
            nn.init.xavier_normal_(lin.weight, gain=beta)

    def forward(x):
        for sub in subs:
            x = F.layer_norm(alpha * x + sub(x), (D,))  # post-LN when alpha = 1
        return x

    x, target = torch.randn(16, D), torch.randn(16, D)
    opt = torch.optim.Adam(subs.parameters(), lr=1e-4)
    before = forward(x)
    F.mse_loss(before, target).backward()
    opt.step()
    with torch.no_grad():
        return ((forward(x) - before).norm() / before.norm()).item()


print("layers  alpha  beta   post-LN  alpha only  beta only  DeepNorm")
# > layers  alpha  beta   post-LN  alpha only  beta only  DeepNorm
for N in (4, 16, 64):
    # DeepNorm's constants for an N-layer decoder-only (or encoder-only) model
    a, b = (2 * N) ** 0.25, (8 * N) ** -0.25
    runs = [(1.0, 1.0), (a, 1.0), (1.0, b), (a, b)]
    post, a_only, b_only, deep = (one_step_update(N, *ab) for ab in runs)
    print(
        f"{N:6d}  {a:5.2f}  {b:.3f}  {post:7.4f}  {a_only:10.4f}  {b_only:9.4f}"
        f"  {deep:8.4f}"
    )
    # >      4   1.68  0.420   0.0229      0.0123     0.0069    0.0041
    # >     16   2.38  0.297   0.1486      0.0369     0.0189    0.0078
    # >     64   3.36  0.210   0.6279      0.1673     0.0537    0.0157
