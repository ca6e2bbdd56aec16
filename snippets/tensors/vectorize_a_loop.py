import torch
from torch.overrides import TorchFunctionMode


class CountOps(TorchFunctionMode):
    """Counts every torch function called from Python (a deterministic cost)."""

    def __init__(self):
        super().__init__()
        self.n = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.n += 1
        return func(*args, **(kwargs or {}))


torch.manual_seed(0)
B, D, K = 64, 8, 4
x = torch.randn(B, D)  # one vector per row
W = torch.randn(B, D, K)  # one matrix per row
scale = torch.rand(B)


def loop(x, W, scale):
    out = []
    for i in range(x.shape[0]):
        out.append(scale[i] * (x[i] @ W[i]) - x[i].mean())
    return torch.stack(out)


def vectorized(x, W, scale):
    return scale[:, None] * torch.einsum("bd,bdk->bk", x, W) - x.mean(1, keepdim=True)


with CountOps() as c_loop:
    a = loop(x, W, scale)
with CountOps() as c_vec:
    b = vectorized(x, W, scale)
print(a.shape, torch.allclose(a, b, atol=1e-6))
# > torch.Size([64, 4]) True
try:  # the per-row scale without its trailing dim
    scale * torch.einsum("bd,bdk->bk", x, W)
except RuntimeError as e:
    print(*str(e).split(" at "), sep="\n... at ")
    # > The size of tensor a (64) must match the size of tensor b (4)
    # > ... at non-singleton dimension 1
sq, s4 = torch.rand(4, 4), scale[:4]  # B == K: no error, it scales columns, not rows
print(torch.equal(s4 * sq, sq * s4[None, :]), torch.equal(s4 * sq, s4[:, None] * sq))
# > True False
xh, Wh, sh = x[:32], W[:32], scale[:32]
with CountOps() as c_half:
    loop(xh, Wh, sh)
print(c_loop.n, c_half.n, c_vec.n)  # torch calls from Python: 8 per row vs 5
# > 514 258 5
