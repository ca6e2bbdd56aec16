import math

import torch
from torch import nn

torch.manual_seed(0)
d = 64


def stream_variance(n_layers, scaled):
    """Variance a pre-norm residual stack adds to x at init (GPT-2 style, std 0.02)."""
    torch.manual_seed(1)
    x0 = torch.randn(64, d)
    x = x0
    # GPT-2 scales the projection into the stream by 1/sqrt(N), N = 2 adds per layer
    std_out = 0.02 / math.sqrt(2 * n_layers) if scaled else 0.02
    for _ in range(2 * n_layers):  # attention and MLP both add to the stream
        w_up = torch.randn(4 * d, d) * 0.02
        w_down = torch.randn(d, 4 * d) * std_out
        h = nn.functional.layer_norm(x, (d,))
        x = x + nn.functional.gelu(h @ w_up.T) @ w_down.T
    return (x - x0).var().item()


for n in (4, 16, 64):
    plain, scaled = stream_variance(n, False), stream_variance(n, True)
    print(f"{n:3} layers: added variance {plain:.4f} plain, {scaled:.4f} scaled")
    # >   4 layers: added variance 0.0055 plain, 0.0007 scaled
    # >  16 layers: added variance 0.0227 plain, 0.0007 scaled
    # >  64 layers: added variance 0.0811 plain, 0.0006 scaled


class BasicBlock(nn.Module):
    """torchvision's ResNet block: relu(bn2(conv2(relu(bn1(conv1(x))))) + x)."""

    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)

    def forward(self, x):
        out = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(self.bn2(self.conv2(out)) + x)


block = BasicBlock(8)
nn.init.zeros_(block.bn2.weight)  # what zero_init_residual=True does
x = torch.randn(4, 8, 6, 6)
y = block(x)
print(torch.equal(y, torch.relu(x)))  # the block starts as the identity (+ ReLU)
# > True
y.square().mean().backward()
# the branch is not dead: bn2's scale gets a gradient, and the convs follow next step
print(block.bn2.weight.grad.abs().sum().item() > 0)
# > True
print([c.weight.grad.abs().sum().item() for c in (block.conv1, block.conv2)])
# > [0.0, 0.0]
