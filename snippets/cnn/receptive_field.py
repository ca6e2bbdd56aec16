import torch
from torch import nn


def measured(layers, size):
    """Width of the input window that one central output pixel depends on."""
    net = nn.Sequential(*layers)
    for m in net:
        if isinstance(m, nn.Conv2d):  # positive weights: no cancellation hides an input
            nn.init.constant_(m.weight, 1.0)
    x = torch.zeros(1, 1, size, size, requires_grad=True)
    y = net(x)
    y[0, 0, y.shape[2] // 2, y.shape[3] // 2].backward()
    cols = x.grad[0, 0].abs().sum(0).nonzero()
    return (cols.max() - cols.min() + 1).item()


def formula(specs):  # r += d * (k - 1) * jump; jump *= s (jump: input pixels per step)
    r, jump = 1, 1
    for k, s, d in specs:
        r, jump = r + d * (k - 1) * jump, jump * s
    return r


def conv(k, s=1, d=1):
    return nn.Conv2d(1, 1, k, stride=s, padding=d * (k // 2), dilation=d, bias=False)


stacks = {
    "3 x conv3": [(3, 1, 1)] * 3,  # grows by 2 per layer: 2n + 1
    "conv3 s2, 2 x conv3": [(3, 2, 1), (3, 1, 1), (3, 1, 1)],  # after s2: 4 per layer
    "conv3 d=1,2,4": [(3, 1, 1), (3, 1, 2), (3, 1, 4)],  # dilation: exponential growth
    "conv7 s2, conv3 s2, 6 x conv3": [(7, 2, 1), (3, 2, 1)] + [(3, 1, 1)] * 6,
}
for name, specs in stacks.items():
    net = [conv(k, s, d) for k, s, d in specs]
    print(f"{name}: measured {measured(net, 128)}, formula {formula(specs)}")
    # > 3 x conv3: measured 7, formula 7
    # > conv3 s2, 2 x conv3: measured 11, formula 11
    # > conv3 d=1,2,4: measured 15, formula 15
    # > conv7 s2, conv3 s2, 6 x conv3: measured 59, formula 59

# Not all of the window counts equally: 10 conv3 layers see 21x21 pixels, but a pixel's
# weight in the output falls off from the centre (each layer blurs by one more 3x3 box)
net = nn.Sequential(*[conv(3) for _ in range(10)])
for m in net:
    nn.init.constant_(m.weight, 1.0)
# an input large enough that the padding plays no part
x = torch.zeros(1, 1, 41, 41, requires_grad=True)
net(x)[0, 0, 20, 20].backward()
g = x.grad[0, 0] / x.grad.sum()
# the pixels the output reads (21x21 = 441), and the share of the central 7x7
print((g > 0).sum().item(), f"{g[17:24, 17:24].sum():.0%}")
# > 441 68%

# measured() feeds zeros: with a ReLU in the stack no gradient gets through (relu's
# backward at 0 is 0), so the method also needs positive inputs wherever a ReLU sits
torch.manual_seed(0)
net = nn.Sequential(conv(3), nn.ReLU(), conv(3))
for m in (net[0], net[2]):
    nn.init.constant_(m.weight, 1.0)
for x in (torch.zeros(1, 1, 32, 32), torch.rand(1, 1, 32, 32)):
    x.requires_grad_()
    net(x)[0, 0, 16, 16].backward()
    print("inputs with a nonzero gradient:", (x.grad != 0).sum().item())
    # > inputs with a nonzero gradient: 0
    # > inputs with a nonzero gradient: 25
