import torch
import torch.nn.functional as F

torch.manual_seed(0)
# at the kink, torch picks one subgradient and documents it in derivatives.yaml
x = torch.zeros(1, requires_grad=True)
for name, f in [("relu", torch.relu), ("abs", torch.abs)]:
    (g,) = torch.autograd.grad(f(x).sum(), x)
    print(name, "grad at 0:", g.item())
    # > relu grad at 0: 0.0
    # > abs grad at 0: 0.0
# a tie in a max: two of three entries equal the maximum
v = torch.tensor([[3.0, 1.0, 3.0]], requires_grad=True)
(g_dim,) = torch.autograd.grad(v.max(dim=1).values.sum(), v)
(g_amax,) = torch.autograd.grad(v.amax(dim=1).sum(), v)
(g_all,) = torch.autograd.grad(v.max(), v)
print("max(dim) picks:", g_dim.tolist(), "index", v.max(dim=1).indices.item())
# > max(dim) picks: [[1.0, 0.0, 0.0]] index 0
print("amax splits:   ", g_amax.tolist())
# > amax splits:    [[0.5, 0.0, 0.5]]
print("max() splits:  ", g_all.tolist())
# > max() splits:   [[0.5, 0.0, 0.5]]
a, b = torch.tensor(2.0, requires_grad=True), torch.tensor(2.0, requires_grad=True)
print(
    "maximum(a, b) with a == b:",
    [g.item() for g in torch.autograd.grad(torch.maximum(a, b), (a, b))],
)
# > maximum(a, b) with a == b: [0.5, 0.5]
# the kink is a single point: none of these float32 pre-activations is exactly 0
pre = torch.randn(1000, 1000) @ torch.randn(1000, 256)
print("exact zeros among", pre.numel(), "pre-activations:", (pre == 0).sum().item())
# > exact zeros among 256000 pre-activations: 0
# the same function written other ways picks other subgradients at 0
h = torch.zeros(1, requires_grad=True)
spellings = {
    "relu": torch.relu,
    "x * (x > 0)": lambda t: t * (t > 0),
    "where(x >= 0, x, 0)": lambda t: torch.where(t >= 0, t, 0.0),
    "clamp(min=0)": lambda t: t.clamp(min=0),
    "clamp_min(x, 0)": lambda t: torch.clamp_min(t, 0),
    "maximum(x, 0)": lambda t: torch.maximum(t, torch.zeros_like(t)),
    "relu6": F.relu6,
    "hardtanh(x, 0, 6)": lambda t: F.hardtanh(t, 0.0, 6.0),
    "threshold(x, 0, 0)": lambda t: F.threshold(t, 0.0, 0.0),
}
for name, f in spellings.items():
    print(f"{name:19} grad at 0: {torch.autograd.grad(f(h).sum(), h)[0].item()}")
    # > relu                grad at 0: 0.0
    # > x * (x > 0)         grad at 0: 0.0
    # > where(x >= 0, x, 0) grad at 0: 1.0
    # > clamp(min=0)        grad at 0: 1.0
    # > clamp_min(x, 0)     grad at 0: 1.0
    # > maximum(x, 0)       grad at 0: 0.5
    # > relu6               grad at 0: 0.0
    # > hardtanh(x, 0, 6)   grad at 0: 0.0
    # > threshold(x, 0, 0)  grad at 0: 0.0
# structural zeros: a zero-initialized layer's outputs are all exactly 0, and
# relu'(0) = 0 then gives its weights no gradient; subgradient 1 would give some
lin = torch.nn.Linear(4, 3)
torch.nn.init.zeros_(lin.weight)
torch.nn.init.zeros_(lin.bias)
inp = torch.randn(8, 4)
for name in ("relu", "where(x >= 0, x, 0)", "clamp(min=0)"):
    (g_w,) = torch.autograd.grad(spellings[name](lin(inp)).sum(), lin.weight)
    print(name, "weight grad is all zero:", bool((g_w == 0).all()))
    # > relu weight grad is all zero: True
    # > where(x >= 0, x, 0) weight grad is all zero: False
    # > clamp(min=0) weight grad is all zero: False
