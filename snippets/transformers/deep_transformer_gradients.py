import torch
from torch import nn

D, H = 16, 2  # width, heads


class Block(nn.Module):  # a pre-norm block; residual=False drops both skips
    def __init__(self, residual):
        super().__init__()
        self.residual = residual
        self.norm1, self.norm2 = nn.LayerNorm(D), nn.LayerNorm(D)
        self.attn = nn.MultiheadAttention(D, H, batch_first=True)
        self.ffn = nn.Sequential(nn.Linear(D, 4 * D), nn.GELU(), nn.Linear(4 * D, D))

    def forward(self, x):
        a = self.norm1(x)
        a = self.attn(a, a, a, need_weights=False)[0]
        x = x + a if self.residual else a
        f = self.ffn(self.norm2(x))
        return x + f if self.residual else f


def at_init(depth, residual):
    """Gradient norm at the input, and how different the output tokens still are."""
    torch.manual_seed(0)
    blocks = nn.Sequential(*(Block(residual) for _ in range(depth)))
    x, target = torch.randn(2, 8, D, requires_grad=True), torch.randn(2, 8, D)
    out = nn.functional.layer_norm(blocks(x), (D,))  # the final norm of pre-norm
    nn.functional.mse_loss(out, target).backward()
    spread = (out - out.mean(1, keepdim=True)).norm() / out.norm()  # 0: all alike
    return f"grad {x.grad.norm():.1e}, token spread {spread:.1e}"


for residual in (True, False):
    for depth in (6, 48):
        name = "residual" if residual else "no skips"
        print(f"{name:8s} {depth:2d} blocks: {at_init(depth, residual)}")
        # > residual  6 blocks: grad 1.4e-01, token spread 8.8e-01
        # > residual 48 blocks: grad 1.1e-01, token spread 4.6e-01
        # > no skips  6 blocks: grad 3.0e-01, token spread 8.4e-08
        # > no skips 48 blocks: grad 2.5e-05, token spread 0.0e+00
