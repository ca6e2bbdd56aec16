import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 1))
# reduction="mean": the loss of a batch is the MEAN over its samples
loss_fn = nn.MSELoss()
x, y = torch.randn(32, 10), torch.randn(32, 1)

# The batch that does not fit: 32 samples at once.
model.zero_grad()
loss_fn(model(x), y).backward()
big = [p.grad.clone() for p in model.parameters()]

# The same batch as 4 micro-batches of 8, each loss divided by the number of steps.
steps = 4
model.zero_grad()
for xb, yb in zip(x.chunk(steps), y.chunk(steps), strict=True):
    (loss_fn(model(xb), yb) / steps).backward()  # backward() adds into .grad
acc = [p.grad.clone() for p in model.parameters()]
print(all(torch.allclose(a, b, atol=1e-6) for a, b in zip(acc, big, strict=True)))
# > True


# What backward keeps alive (its saved tensors) scales with the micro-batch: the
# activations do, the saved weights do not.
def saved_bytes(xb, yb):
    total = 0

    def pack(t):
        nonlocal total
        total += t.numel() * t.element_size()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        loss_fn(model(xb), yb)
    return total


print(round(saved_bytes(x, y) / saved_bytes(x[:8], y[:8]), 1))
# > 3.9

# Forgetting "/ steps": the gradient is `steps` times too large.
model.zero_grad()
for xb, yb in zip(x.chunk(steps), y.chunk(steps), strict=True):
    loss_fn(model(xb), yb).backward()
print(
    all(
        torch.allclose(p.grad, steps * b, atol=1e-5)
        for p, b in zip(model.parameters(), big, strict=True)
    )
)
# > True


# SGD steps by lr * grad: a x4 loss is a x4 learning rate, unless weight decay adds
# wd * p to the gradient, unscaled.
def five_steps(opt_class, scale, lr=0.01, **options):
    torch.manual_seed(0)
    net = nn.Linear(10, 1)
    opt = opt_class(net.parameters(), lr=lr, **options)
    for _ in range(5):
        opt.zero_grad()
        (scale * loss_fn(net(x), y)).backward()
        opt.step()
    return net.weight.detach()


SGD, Adam, AdamW = torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW
print(
    torch.allclose(five_steps(SGD, 4.0), five_steps(SGD, 1.0, lr=0.04)),
    torch.allclose(
        five_steps(SGD, 4.0, weight_decay=0.1),
        five_steps(SGD, 1.0, lr=0.04, weight_decay=0.1),
    ),
)
# > True False

# Adam divides the gradient by its running RMS: the x4 cancels (up to eps), but not
# Adam's L2 weight_decay, added to the gradient before that; AdamW's decoupled decay
# cancels too. Only what reads the raw gradient (clip_grad_norm_'s max_norm, the logged
# loss) sees the x4.
wd = {"weight_decay": 0.1}
for opt_class, options in ((Adam, {}), (Adam, wd), (AdamW, wd)):
    same = torch.allclose(
        five_steps(opt_class, 1.0, **options), five_steps(opt_class, 4.0, **options)
    )
    print(opt_class.__name__, options, same)
    # > Adam {} True
    # > Adam {'weight_decay': 0.1} False
    # > AdamW {'weight_decay': 0.1} True

# The loop as you write it: step and zero only every `steps` micro-batches.
opt = torch.optim.SGD(model.parameters(), lr=0.01)
opt.zero_grad()
for i, (xb, yb) in enumerate(zip(x.chunk(steps), y.chunk(steps), strict=True)):
    (loss_fn(model(xb), yb) / steps).backward()
    if (i + 1) % steps == 0:
        opt.step()
        opt.zero_grad()
print(model[0].weight.grad)
# > None
