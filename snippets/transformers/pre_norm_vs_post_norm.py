import statistics

import torch
import torch.nn as nn


def ffn_grad_norms(norm_first, depth, seed):
    """Gradient norms of the first and the last layer's FFN weight, at init."""
    torch.manual_seed(seed)
    layer = nn.TransformerEncoderLayer(
        32, 4, 128, dropout=0.0, batch_first=True, norm_first=norm_first
    )
    final_norm = nn.LayerNorm(32) if norm_first else None  # pre-norm ends with one
    stack = nn.TransformerEncoder(layer, depth, final_norm, enable_nested_tensor=False)
    x, target = torch.randn(4, 8, 32), torch.randn(4, 8, 32)
    nn.functional.mse_loss(stack(x), target).backward()
    return [stack.layers[i].linear1.weight.grad.norm().item() for i in (0, -1)]


print("gradient norm of the first and last layer, medians over 3 seeds")
# > gradient norm of the first and last layer, medians over 3 seeds
for depth in (6, 24, 96):
    line = f"{depth:2d} layers"
    for name, norm_first in [("post-norm", False), ("pre-norm", True)]:
        runs = [ffn_grad_norms(norm_first, depth, seed) for seed in range(3)]
        first, last = (statistics.median(r[i] for r in runs) for i in (0, 1))
        line += f" | {name}: {first:.0e}, {last:.0e}"
    print(line)
    # >  6 layers | post-norm: 1e-01, 1e-01 | pre-norm: 1e-01, 7e-02
    # > 24 layers | post-norm: 2e-02, 1e-01 | pre-norm: 9e-02, 2e-02
    # > 96 layers | post-norm: 4e-05, 1e-01 | pre-norm: 5e-02, 4e-03
