import torch
from torch.func import jacfwd, jacrev, jvp, vjp
from torch.utils.flop_counter import FlopCounterMode


def flops(fn, *args):
    with FlopCounterMode(display=False) as counter:
        fn(*args)
    return counter.get_total_flops()


def loss_of(net, x):
    return net(x).pow(2).sum()


torch.manual_seed(0)
# Reverse mode: one backward gives the gradient of every parameter, one matmul per
# operand that needs a gradient: here the input's and the weight's, so 2x the forward
for width in (64, 512):
    layers = [torch.nn.Linear(width, width, bias=False) for _ in range(3)]
    net = torch.nn.Sequential(*layers)
    x = torch.randn(32, width, requires_grad=True)
    forward = flops(loss_of, net, x)
    backward = flops(loss_of(net, x).backward)
    n_params = sum(p.numel() for p in net.parameters())
    print(f"{n_params:>7} parameters: backward / forward = {backward / forward}")
    # >   12288 parameters: backward / forward = 2.0
    # >  786432 parameters: backward / forward = 2.0
# a data batch needs no gradient: the first layer skips its input's matmul (5/3 for
# three layers); freeze that layer too and it needs no backward matmul at all, nor does
# the second layer's input (3 of the 6 backward matmuls are left)
data = torch.randn(32, 512)
forward = flops(loss_of, net, data)
print("data input:", round(flops(loss_of(net, data).backward) / forward, 2))
# > data input: 1.67
layers[0].weight.requires_grad_(False)
print("first layer frozen:", flops(loss_of(net, data).backward) / forward)
# > first layer frozen: 1.0

W = torch.randn(64, 64)


def f(x):  # 64 inputs -> 1 output
    return torch.tanh(x @ W.T).pow(2).sum()


x, v = torch.randn(1, 64), torch.randn(1, 64)
# forward mode pushes one direction v through: J v, computed alongside f(x)
_, jv = jvp(f, (x,), (v,))
_, pullback = vjp(f, x)  # reverse mode pulls the output's 1 back: J^T 1
(g,) = pullback(torch.ones(()))
print(torch.allclose(jv, (g * v).sum()))  # the same derivative, two directions
# > True
# the whole gradient: reverse mode in one pass, forward mode one direction per input
# (jacfwd vmaps all 64 into one pass, but its work still grows with them)
base = flops(f, x)
for name, transform in (("jacrev", jacrev), ("jacfwd", jacfwd)):
    print(name, flops(transform(f), x) / base, "x the forward's FLOPs")
    # > jacrev 2.0 x the forward's FLOPs
    # > jacfwd 66.0 x the forward's FLOPs
