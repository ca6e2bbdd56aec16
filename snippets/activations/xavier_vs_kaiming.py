import torch
from torch import nn

torch.manual_seed(0)
width, depth = 512, 20
x0 = torch.randn(1000, width)  # unit variance in


def stds(act, init):
    """std of the pre-activation after layers 1, 5, 10, 20 (no bias)."""
    torch.manual_seed(1)  # not 0: the weights must not repeat the input's draws
    h, out = x0, []
    for layer in range(1, depth + 1):
        w = torch.empty(width, width)
        init(w)
        z = h @ w.T
        if layer in (1, 5, 10, 20):
            out.append(f"{z.std().item():.3g}")
        h = act(z)
    return out


xavier = nn.init.xavier_normal_  # Var(w) = gain^2 * 2 / (fan_in + fan_out)
kaiming = nn.init.kaiming_normal_  # Var(w) = gain^2 / fan_in (mode="fan_in")
for act, name, init in (
    (torch.relu, "xavier", xavier),
    (torch.relu, "kaiming", lambda w: kaiming(w, nonlinearity="relu")),  # gain sqrt(2)
    (torch.tanh, "xavier", xavier),
    (torch.tanh, "xavier, gain 5/3", lambda w: xavier(w, gain=5 / 3)),
    (torch.tanh, "kaiming", lambda w: kaiming(w, nonlinearity="relu")),
):
    print(f"{act.__name__:4} {name:16}", stds(act, init))
    # > relu xavier           ['1', '0.231', '0.0471', '0.000949']
    # > relu kaiming          ['1.42', '1.31', '1.51', '0.971']
    # > tanh xavier           ['1', '0.357', '0.239', '0.164']
    # > tanh xavier, gain 5/3 ['1.67', '1.1', '1.08', '1.09']
    # > tanh kaiming          ['1.42', '0.815', '0.784', '0.788']
