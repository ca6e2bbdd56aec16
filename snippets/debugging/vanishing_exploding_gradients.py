import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(64, 32)


def first_last_grad_norms(depth, activation, init_std=None):
    layers = []
    for _ in range(depth):
        linear = nn.Linear(32, 32)
        if init_std is not None:
            nn.init.normal_(linear.weight, std=init_std)
        layers += [linear, activation()]
    model = nn.Sequential(*layers)
    model(x).pow(2).mean().backward()
    linears = [m for m in model if isinstance(m, nn.Linear)]
    return linears[0].weight.grad.norm().item(), linears[-1].weight.grad.norm().item()


first, last = first_last_grad_norms(20, nn.Sigmoid)  # sigmoid' <= 0.25 at every layer
print(f"sigmoid, 20 layers: first {first:.1e}, last {last:.1e}")
# > sigmoid, 20 layers: first 2.1e-18, last 1.3e-01
# Kaiming (He) init for ReLU
first, last = first_last_grad_norms(20, nn.ReLU, init_std=(2 / 32) ** 0.5)
print(f"relu + kaiming:     first {first:.1e}, last {last:.1e}")
# > relu + kaiming:     first 1.1e-01, last 3.5e-01
# weights ~2x too large: each layer amplifies
first, last = first_last_grad_norms(20, nn.ReLU, init_std=0.5)
print(f"relu, std 0.5:      first {first:.1e}, last {last:.1e}")
# > relu, std 0.5:      first 1.1e+11, last 1.7e+11
