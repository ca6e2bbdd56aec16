import torch
from torch import nn

torch.manual_seed(0)
# "pretrained"
backbone = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU())
head = nn.Linear(16, 2)
model = nn.Sequential(backbone, head)

backbone.requires_grad_(False)  # no gradients are computed for these parameters
opt = torch.optim.AdamW((p for p in model.parameters() if p.requires_grad), lr=1e-2)
# only the head's weight and bias
print(sum(len(g["params"]) for g in opt.param_groups))
# > 2

w0 = backbone[0].weight.clone()
stats0 = backbone[1].running_mean.clone()
head0 = head.weight.clone()


def train_step(freeze_bn_stats):
    model.train()  # sets EVERY submodule to train mode, the frozen BatchNorm too
    if freeze_bn_stats:
        # so put the frozen part back in eval mode after each model.train()
        backbone.eval()
    x, y = torch.randn(32, 8), torch.randint(0, 2, (32,))
    loss = nn.functional.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()


train_step(freeze_bn_stats=True)
# truly frozen
print(
    torch.equal(w0, backbone[0].weight), torch.equal(stats0, backbone[1].running_mean)
)
# > True True
# no grad for frozen, the head trained
print(backbone[0].weight.grad, torch.equal(head0, head.weight))
# > None False

# requires_grad=False does not stop BatchNorm's running stats
train_step(freeze_bn_stats=False)
print(
    torch.equal(w0, backbone[0].weight), torch.equal(stats0, backbone[1].running_mean)
)
# > True False

# Why the optimizer should get only the trainable parameters: one that still holds a
# frozen parameter skips it while its .grad is None, and moves it when .grad is a zero
# tensor (zero_grad(set_to_none=False)).
layer = nn.Linear(8, 2)
opt_all = torch.optim.AdamW(layer.parameters(), lr=1e-2)
layer(torch.randn(4, 8)).sum().backward()
opt_all.step()  # one ordinary step: Adam's moments are now non-zero
layer.requires_grad_(False)  # frozen now; the next backward computes no grad for it
for set_to_none in (False, True):
    opt_all.zero_grad(set_to_none=set_to_none)
    w1 = layer.weight.clone()
    opt_all.step()  # a zero grad still goes through momentum and weight decay
    kind = "None" if layer.weight.grad is None else "zeros"
    print(f".grad {kind}: moved {not torch.equal(w1, layer.weight)}")
    # > .grad zeros: moved True
    # > .grad None: moved False

# What freezing saves: the frozen part's weight gradients and optimizer state. Autograd
# records nothing for a frozen part that comes first (no need for no_grad there); one
# after a trainable layer is still recorded, since the gradient flows back through it.
x = torch.randn(4, 8)
frozen, trainable = nn.Linear(8, 8).requires_grad_(False), nn.Linear(8, 8)
print(frozen(x).grad_fn, type(frozen(trainable(x)).grad_fn).__name__)
# > None AddmmBackward0
