import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(512, 4, dtype=torch.float64)
y = torch.sigmoid(x @ torch.tensor([1.5, -2.0, 1.0, 0.5], dtype=torch.float64))
lo, hi = 0.0, 1.0  # the target's valid range (a fraction, a score)

heads = {
    "clamp": lambda z: z.clamp(lo, hi),
    "lo+(hi-lo)*sigmoid": lambda z: lo + (hi - lo) * torch.sigmoid(z),
    "linear, clamp at test": lambda z: z,
}
for bias in (2.0, 5.0):  # a start with most, then all, outputs above hi
    for name, head in heads.items():
        torch.manual_seed(1)
        model = nn.Linear(4, 1, dtype=torch.float64)
        with torch.no_grad():
            model.bias.fill_(bias)
        start = model.weight.detach().clone()
        opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        z = model(x).squeeze(1)
        if name == "clamp":
            print(
                f"bias {bias:.0f}: {(z > hi).double().mean().item():.0%} start above hi"
            )
            # > bias 2: 93% start above hi
            # > bias 5: 100% start above hi
        (g,) = torch.autograd.grad((head(z) - y).pow(2).mean(), model.bias)
        for _ in range(300):
            loss = (head(model(x).squeeze(1)) - y).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            pred = head(model(x).squeeze(1)).clamp(lo, hi)
            mse = (pred - y).pow(2).mean().item()
        moved = not torch.equal(start, model.weight)
        print(
            f"bias {bias:.0f} {name:<21} grad {g.item():6.3f}, MSE {mse:.4f}, {moved=}"
        )
        # > bias 2 clamp                 grad -0.008, MSE 0.0060, moved=True
        # > bias 2 lo+(hi-lo)*sigmoid    grad  0.061, MSE 0.0014, moved=True
        # > bias 2 linear, clamp at test grad  2.953, MSE 0.0106, moved=True
        # > bias 5 clamp                 grad  0.000, MSE 0.3719, moved=False
        # > bias 5 lo+(hi-lo)*sigmoid    grad  0.007, MSE 0.0251, moved=True
        # > bias 5 linear, clamp at test grad  8.953, MSE 0.3719, moved=True
