import torch

torch.manual_seed(0)
x = torch.linspace(0, 1, 2**14 + 1, dtype=torch.float64)


def tent(t):  # a 2-unit ReLU layer: 2t up to 1/2, then 2 - 2t
    return 2 * torch.relu(t) - 4 * torch.relu(t - 0.5)


def pieces(y):  # linear pieces on the grid: 1 + the number of slope changes
    slope = torch.diff(y) / torch.diff(x)
    return 1 + (torch.diff(slope).abs() > 1e-6).sum().item()


for k in [1, 2, 4, 8]:
    y = x
    for _ in range(k):  # depth k, width 2: 2k hidden units in all
        y = tent(y)
    # one hidden layer: each ReLU unit adds at most one kink, so width m gives
    # at most m + 1 pieces; fit with units kinked at j / 2^k, all or every other
    n = 2**k
    fits = []
    for m in [n, n // 2]:
        H = torch.relu(x[:, None] - torch.arange(m) / m)
        H = torch.cat([H, torch.ones_like(x)[:, None]], dim=1)
        sol = torch.linalg.lstsq(H, y[:, None]).solution
        fits.append(round((H @ sol - y[:, None]).abs().max().item(), 3))
    print(
        f"depth {k}: {2 * k:2} units, {pieces(y):3} pieces;",
        f"one layer: {n} units, error {fits[0]}; {n // 2}, {fits[1]}",
    )
    # > depth 1:  2 units,   2 pieces; one layer: 2 units, error 0.0; 1, 0.5
    # > depth 2:  4 units,   4 pieces; one layer: 4 units, error 0.0; 2, 0.5
    # > depth 4:  8 units,  16 pieces; one layer: 16 units, error 0.0; 8, 0.5
    # > depth 8: 16 units, 256 pieces; one layer: 256 units, error 0.0; 128, 0.502
