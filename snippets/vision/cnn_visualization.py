"""What a small CNN looks at: its filters, a feature map, saliency, activation max."""

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
S = 16
vertical = torch.zeros(5, 5)
vertical[:, 2] = 1
bars = [vertical, vertical.T.clone()]  # a vertical and a horizontal bar


def batch(n):  # class 0: noise only; 1: a vertical bar; 2: a horizontal bar
    y = torch.randint(0, 3, (n,))
    x = 0.3 * torch.randn(n, 1, S, S)
    mask = torch.zeros(n, S, S)  # where the bar is
    r, c = torch.randint(0, S - 4, (2, n))
    for i in range(n):
        if y[i]:
            x[i, 0, r[i] : r[i] + 5, c[i] : c[i] + 5] += bars[y[i] - 1]
            mask[i, r[i] : r[i] + 5, c[i] : c[i] + 5] = 1
    return x, y, mask


def cnn():
    conv = nn.Conv2d(1, 4, 5, padding=2)  # 4 filters of 5x5
    return nn.Sequential(
        conv, nn.ReLU(), nn.AdaptiveMaxPool2d(1), nn.Flatten(), nn.Linear(4, 3)
    )


model = cnn()
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
for _ in range(300):
    x, y, _ = batch(64)
    loss = F.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
model.eval()
x, y, mask = batch(300)
with torch.no_grad():
    print(f"accuracy {(model(x).argmax(1) == y).float().mean():.2f}")
    # > accuracy 0.99


def ascii(a):  # an image as text, dark to bright
    a = (a - a.min()) / (a.max() - a.min())
    return ["".join(".,:-=+*#%@"[min(int(v * 10), 9)] for v in row) for row in a]


# 1) first-layer weights as images: 5x5 filters over the pixels themselves
w = model[0].weight.detach()[:, 0]
for row in zip(*[ascii(f) for f in w], strict=True):
    print("  ".join(row))
    # > ,@,,:  .::,:  @@@@@  ,%.,.
    # > ,%,,:  ,:.:,  .....  .@.,,
    # > ,%,,:  @%@@@  .....  .@...
    # > .@,,:  .,.::  .....  .@...
    # > .@,,,  ,,:,,  .....  ,%...


# 2) a feature map through a forward hook: where does a filter fire?
def orientation(f):  # > 1: a vertical stroke (columns differ more than rows)
    return (f.mean(0).std() / f.mean(1).std()).item()


k = max(range(4), key=lambda i: orientation(w[i]))  # the most vertical filter
maps = {}
hook = model[1].register_forward_hook(lambda m, a, out: maps.update(relu=out))
with torch.no_grad():
    model(x)
hook.remove()
fmap = maps["relu"][y == 1, k]  # (images with a vertical bar, 16, 16)
peak = fmap.flatten(1).argmax(1)
on_bar = mask[y == 1].flatten(1).gather(1, peak[:, None]).mean()
print(f"filter {k}: peak on the vertical bar in {on_bar:.2f} of the images")
# > filter 0: peak on the vertical bar in 1.00 of the images


# 3) gradient saliency: |d class score / d pixel|, its share on the bar's 5x5 patch
def saliency_on_bar(net):
    xs = x.clone().requires_grad_(True)
    net(xs).gather(1, y[:, None]).sum().backward()
    s, m = xs.grad.abs()[:, 0][y > 0], mask[y > 0]
    return ((s * m).sum() / s.sum()).item()


print(
    f"saliency on the bar: trained {saliency_on_bar(model):.2f}, area {25 / S**2:.2f}"
)
# > saliency on the bar: trained 0.56, area 0.10
untrained = []
for seed in range(10):  # the sanity check: the same map from randomly initialized CNNs
    torch.manual_seed(seed)
    untrained.append(saliency_on_bar(cnn()))
print(f"untrained CNNs, 10 seeds: {min(untrained):.2f} to {max(untrained):.2f}")
# > untrained CNNs, 10 seeds: 0.26 to 0.48


# 4) activation maximization: gradient ascent on the input, at a fixed norm
def maximize(cls, steps=100):
    torch.manual_seed(0)
    img = (0.01 * torch.randn(1, 1, S, S)).requires_grad_(True)
    opt = torch.optim.SGD([img], lr=0.1)
    for _ in range(steps):
        loss = -model(img)[0, cls]
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            img /= img.norm()
    return img.detach()


templates = [(b - b.mean()) / (b - b.mean()).norm() for b in bars]
images = [maximize(1), maximize(2)]
for cls, img in zip((1, 2), images, strict=True):
    match = [F.conv2d(img, t[None, None]).max().item() for t in templates]
    print(
        f"class {cls}: match with a vertical bar {match[0]:.2f},"
        f" a horizontal bar {match[1]:.2f}"
    )
    # > class 1: match with a vertical bar 0.93, a horizontal bar 0.09
    # > class 2: match with a vertical bar 0.12, a horizontal bar 0.95
for row in zip(ascii(images[0][0, 0]), ascii(images[1][0, 0]), strict=True):
    print("  ".join(row))
    # > ,,,,,,,,,,,,,@.,  ::::::::::::::::
    # > ,,,,,,,,,,,,,@.,  ::::::::::::::::
    # > ,,,,,,,,,,,,.@..  ::::::::::::::::
    # > ,,,,,,,,,,,,.@..  ::::::::::::::::
    # > ,,,,,,,,,,,,.@..  ::::::::::::::::
    # > ,,,,,,,,,,,,,,,,  ::::::::::,::,::
    # > ,,,,,,,,,,,,,,,,  ::::::::::,:,:,:
    # > ,,,,,,,,,,,,,,,,  :::::::::-%@@@@:
    # > ,,,,,,,,,,,,,,,,  ::::::::::.,,:,:
    # > ,,,,,,,,,,,,,,,,  :::::::::-.,:,,:
    # > ,,,,,,,,,,,,,,,,  :::::::::-,:::::
    # > ,,,,,,,,,,,,,,,,  :::::::::-,::---
    # > ,,,,,,,,:,,,,,,,  ::::::::::::::::
    # > ,,,,,,,,:,,,,,,,  ::::::::::::::::
    # > ,,,,,,,,,,,,,,,,  ::::::::::::::::
    # > ,,,,,,,,,....,,,  ::::::::::::::::
