import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(64, 32)


def input_grad_norms(activation, init_std=None, depth=20):
    """Gradient norm reaching the input of the first and of the last layer."""
    torch.manual_seed(0)
    h = x.clone().requires_grad_()
    inputs = []
    for _ in range(depth):
        linear = nn.Linear(32, 32)
        if init_std is not None:
            nn.init.normal_(linear.weight, std=init_std)
        h.retain_grad()
        inputs.append(h)
        h = activation(linear(h))
    h.sum().backward()  # the same gradient of 1 arrives at every model's output
    return inputs[0].grad.norm().item(), inputs[-1].grad.norm().item()


first, last = input_grad_norms(torch.sigmoid)  # sigmoid' <= 0.25 at every layer
print(f"sigmoid:        layer 1 {first:.1e}, layer 20 {last:.1e}")
# > sigmoid:        layer 1 3.1e-16, layer 20 7.2e+00
# Kaiming (He) init for ReLU: std = sqrt(2 / fan_in)
first, last = input_grad_norms(torch.relu, init_std=(2 / 32) ** 0.5)
print(f"relu + kaiming: layer 1 {first:.1e}, layer 20 {last:.1e}")
# > relu + kaiming: layer 1 7.2e+01, layer 20 6.0e+01
# weights 2x too large: each layer doubles the gradient on its way back
first, last = input_grad_norms(torch.relu, init_std=0.5)
print(f"relu, std 0.5:  layer 1 {first:.1e}, layer 20 {last:.1e}")
# > relu, std 0.5:  layer 1 8.4e+07, layer 20 1.1e+02
