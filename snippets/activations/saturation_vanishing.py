import torch
from torch import nn

torch.manual_seed(0)
# the derivatives: sigmoid' <= 0.25 (at 0), tanh' <= 1 (at 0); both vanish as |x| grows
x = torch.tensor([0.0, 2.0, 5.0, 10.0], requires_grad=True)
for f in (torch.sigmoid, torch.tanh):
    (g,) = torch.autograd.grad(f(x).sum(), x)
    print(f.__name__, [f"{v:.1e}" for v in g.tolist()])
    # > sigmoid ['2.5e-01', '1.0e-01', '6.6e-03', '4.5e-05']
    # > tanh ['1.0e+00', '7.1e-02', '1.8e-04', '0.0e+00']


def first_over_last(act, gain, init, depth=20, width=256):
    """Gradient norm of the first Linear's weight over the last one's, at init."""
    torch.manual_seed(0)
    layers = []
    for _ in range(depth):
        lin = nn.Linear(width, width)
        init(lin.weight, gain=gain)
        nn.init.zeros_(lin.bias)
        layers += [lin, act]
    net = nn.Sequential(*layers)
    net(torch.randn(256, width)).pow(2).mean().backward()
    return net[0].weight.grad.norm() / net[-2].weight.grad.norm()


# 20 layers of 256, float32, CPU
for act, gain, init in (
    (nn.Sigmoid(), 1.0, nn.init.xavier_normal_),
    (nn.Tanh(), 1.0, nn.init.xavier_normal_),
    (nn.Tanh(), 4.0, nn.init.xavier_normal_),  # "just use bigger weights"
    (nn.ReLU(), 2**0.5, nn.init.xavier_normal_),  # ReLU gain: Kaiming, square layers
):
    ratio = first_over_last(act, gain, init)
    print(f"{type(act).__name__:7} gain {gain:.2f}: first/last = {ratio:.1e}")
    # > Sigmoid gain 1.00: first/last = 1.1e-13
    # > Tanh    gain 1.00: first/last = 7.9e-01
    # > Tanh    gain 4.00: first/last = 3.8e+03
    # > ReLU    gain 1.41: first/last = 4.1e-01

# one saturated output unit: sigmoid + MSE barely moves a confidently wrong logit
z = torch.tensor([-10.0], requires_grad=True)
target = torch.tensor([1.0])
(g_mse,) = torch.autograd.grad(nn.functional.mse_loss(torch.sigmoid(z), target), z)
(g_bce,) = torch.autograd.grad(
    nn.functional.binary_cross_entropy_with_logits(z, target), z
)
print(f"{g_mse.item():.1e} {g_bce.item():.4f}")
# > -9.1e-05 -1.0000
