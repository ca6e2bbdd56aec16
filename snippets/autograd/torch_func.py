import textwrap

import torch
from torch import nn
from torch.func import functional_call, grad, replace_all_batch_norm_modules_, vmap

# grad(f) returns a function that computes df/dx; f must return a scalar tensor
x0 = torch.tensor([1.0, 2.0], requires_grad=True)
print(grad(lambda x: (x**3).sum())(x0).tolist(), x0.grad)  # 3x^2; x0.grad untouched
# > [3.0, 12.0] None
# vmap(f) maps f over a batch dim: f is written for one sample
print(vmap(torch.dot)(torch.ones(4, 3), torch.arange(12.0).reshape(4, 3)))
# > tensor([ 3., 12., 21., 30.])

torch.manual_seed(0)
# nn.Flatten() flattens from dim 1: it expects a batch dim in front
model = nn.Sequential(nn.Flatten(), nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 1))
x, y = torch.randn(5, 2, 3), torch.randn(5, 1)
params = {k: v.detach() for k, v in model.named_parameters()}


def loss_one(params, xi, yi):
    """The loss of ONE sample, with the weights passed in as a dict."""
    out = functional_call(model, params, (xi.unsqueeze(0),))  # model's weights unused
    return nn.functional.mse_loss(out, yi.unsqueeze(0))


# Per-sample gradients: grad w.r.t. params, vmapped over the samples (dim 0 of x, y)
per_sample = vmap(grad(loss_one), in_dims=(None, 0, 0))(params, x, y)
print({k: tuple(g.shape) for k, g in per_sample.items()})
# > {'1.weight': (5, 8, 6), '1.bias': (5, 8), '3.weight': (5, 1, 8), '3.bias': (5, 1)}


def loss_no_batch_dim(params, xi, yi):
    return nn.functional.mse_loss(functional_call(model, params, (xi,)), yi)


try:  # inside vmap xi is (2, 3): Flatten leaves it, and Linear(6, 8) gets 3 features
    vmap(grad(loss_no_batch_dim), in_dims=(None, 0, 0))(params, x, y)
except RuntimeError as e:
    print(e)
    # > mat1 and mat2 shapes cannot be multiplied (10x3 and 6x8)

# The same numbers from a loop of single-sample backward passes
match = True
for i in range(5):
    model.zero_grad()
    nn.functional.mse_loss(model(x[i : i + 1]), y[i : i + 1]).backward()
    for k, p in model.named_parameters():
        match &= torch.allclose(per_sample[k][i], p.grad, atol=1e-6)
print(match)
# > True


# The traps: vmap runs f once on the whole batch, so f cannot branch on a value...
def flip_negative(v):
    return v if v.sum() > 0 else -v


batch = torch.tensor([[1.0, 2.0], [-3.0, 1.0]])
try:
    vmap(flip_negative)(batch)
except RuntimeError as e:
    print(textwrap.fill(str(e).split(". ")[0], 80, break_on_hyphens=False))
    # > vmap: It looks like you're attempting to use a Tensor in some data-dependent
    # > control flow
print(vmap(lambda v: torch.where(v.sum() > 0, v, -v))(batch))  # select instead
# > tensor([[ 1.,  2.],
# >         [ 3., -1.]])
# ...and random ops (dropout) must say whether samples share their randomness
try:
    vmap(nn.Dropout(0.5))(batch)
except RuntimeError as e:
    print(str(e).split(". ")[0])
    # > vmap: called random operation while in randomness error mode
print(vmap(nn.Dropout(0.5), randomness="different")(batch).shape)
# > torch.Size([2, 2])

# ...and BatchNorm in train mode updates its running statistics in place, which the
# transforms refuse; in eval mode it reads them, and per-sample gradients work
bn_model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4))
bn_params = {k: v.detach() for k, v in bn_model.named_parameters()}


def bn_loss(params, xi):
    return functional_call(bn_model, params, (xi.unsqueeze(0),)).sum()


try:
    vmap(grad(bn_loss), in_dims=(None, 0))(bn_params, torch.randn(5, 3))
except RuntimeError as e:
    print(textwrap.fill(str(e).split(". ")[0], 80))
    # > During a grad (vjp, jvp, grad, etc) transform, the function provided attempted
    # > to call in-place operation (aten::add_.Tensor) that would mutate a captured
    # > Tensor
bn_model.eval()
per_sample = vmap(grad(bn_loss), in_dims=(None, 0))(bn_params, torch.randn(5, 3))
print(per_sample["1.weight"].shape)
# > torch.Size([5, 4])

# Train-mode BatchNorm couples the samples, so a per-sample gradient of it does not
# exist. replace_all_batch_norm_modules_ only stops the running-statistics update: each
# vmapped sample is then normalized alone, a batch of one, which BatchNorm1d refuses
replace_all_batch_norm_modules_(bn_model.train())
try:
    vmap(grad(bn_loss), in_dims=(None, 0))(bn_params, torch.randn(5, 3))
except ValueError as e:
    print(str(e).split(",")[0])
    # > Expected more than 1 value per channel when training
# with spatial dims it runs, normalizing each sample over its own H x W: the gradients
# of one-sample batches, which do not sum to the batch's gradient (the conv's weight)


def norm_grads(norm):
    net = nn.Sequential(nn.Conv2d(1, 2, 3), norm)
    replace_all_batch_norm_modules_(net)  # no effect on GroupNorm
    net_params = {k: v.detach() for k, v in net.named_parameters()}
    imgs, target = torch.randn(5, 1, 6, 6), torch.randn(1, 2, 4, 4)

    def loss(params, xi):
        return (functional_call(net, params, (xi.unsqueeze(0),)) * target).sum()

    per_sample = vmap(grad(loss), in_dims=(None, 0))(net_params, imgs)["0.weight"]
    checks = []
    for batch in (imgs[:1], imgs):  # one sample, then the whole batch
        net.zero_grad()
        (net(batch) * target).sum().backward()
        mine = per_sample[0] if len(batch) == 1 else per_sample.sum(0)
        checks.append(torch.allclose(mine, net[0].weight.grad, atol=1e-5))
    return checks


for norm in (nn.BatchNorm2d(2), nn.GroupNorm(1, 2)):
    one, total = norm_grads(norm)
    print(f"{type(norm).__name__}: one-sample {one}, sums to the batch's {total}")
    # > BatchNorm2d: one-sample True, sums to the batch's False
    # > GroupNorm: one-sample True, sums to the batch's True
# GroupNorm normalizes each sample by itself: per-sample gradients in train mode,
# equal to one backward per sample
gn_model = nn.Sequential(nn.Linear(3, 4), nn.GroupNorm(2, 4))
gn_params = {k: v.detach() for k, v in gn_model.named_parameters()}
xs = torch.randn(5, 3)


def gn_loss(params, xi):
    return functional_call(gn_model, params, (xi.unsqueeze(0),)).pow(2).sum()


per_sample = vmap(grad(gn_loss), in_dims=(None, 0))(gn_params, xs)
gn_model.zero_grad()
gn_model(xs[:1]).pow(2).sum().backward()
print(torch.allclose(per_sample["1.weight"][0], gn_model[1].weight.grad, atol=1e-6))
# > True
