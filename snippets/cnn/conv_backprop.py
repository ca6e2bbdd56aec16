import torch
import torch.nn.functional as F
from torch.nn import grad as nn_grad
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
x = torch.randn(2, 3, 9, 9, requires_grad=True)
w = torch.randn(4, 3, 3, 3, requires_grad=True)
b = torch.randn(4, requires_grad=True)

for s, p in ((1, 1), (2, 1)):
    y = F.conv2d(x, w, b, stride=s, padding=p)
    g = torch.randn_like(y)  # dL/dy, whatever the loss above
    gx, gw, gb = torch.autograd.grad(y, (x, w, b), g)

    # dL/dx: a transposed convolution of dL/dy with the same weight
    tx = F.conv_transpose2d(g, w, stride=s, padding=p)
    # the same thing spelled out: put s - 1 zeros between the gradients, pad k - 1 - p,
    # correlate with the kernel flipped in space and with in/out channels swapped
    up = torch.zeros(2, 4, (y.shape[2] - 1) * s + 1, (y.shape[3] - 1) * s + 1)
    up[:, :, ::s, ::s] = g
    fx = F.conv2d(F.pad(up, [3 - 1 - p] * 4), w.flip(2, 3).transpose(0, 1))

    # dL/dw: correlate the input with dL/dy (batch as channels), dilated by the stride
    fw = F.conv2d(x.transpose(0, 1), g.transpose(0, 1), padding=p, dilation=s)
    fw = fw.transpose(0, 1)[:, :, :3, :3]

    close = [
        torch.allclose(tx, gx, atol=1e-5),
        torch.allclose(fx, gx, atol=1e-5),
        torch.allclose(fw, gw, atol=1e-4),
        torch.allclose(g.sum((0, 2, 3)), gb),  # dL/db: dL/dy summed per channel
    ]
    print(f"stride {s}, y {tuple(y.shape)}:", *close)
    # > stride 1, y (2, 4, 9, 9): True True True True
    # > stride 2, y (2, 4, 5, 5): True True True True
    # torch.nn.grad's helpers compute the same two
    hx = nn_grad.conv2d_input(x.shape, w, g, stride=s, padding=p)
    hw = nn_grad.conv2d_weight(x, w.shape, g, stride=s, padding=p)
    print(torch.allclose(hx, gx, atol=1e-5), torch.allclose(hw, gw, atol=1e-4))
    # > True True
    # > True True

# When the forward floored (10 inputs, stride 2: 5 outputs, as 9 do), the transposed
# conv returns 9 and needs output_padding=1 to give back 10
x10 = torch.randn(1, 3, 10, 10)
g10 = torch.randn(1, 4, 5, 5)
print(
    F.conv2d(x10, w, stride=2, padding=1).shape[-1],
    F.conv_transpose2d(g10, w, stride=2, padding=1).shape[-1],
    F.conv_transpose2d(g10, w, stride=2, padding=1, output_padding=1).shape[-1],
)
# > 5 9 10

# Cost: each gradient costs one forward; the first layer's input needs none
for needs_grad in (True, False):
    x = torch.randn(2, 3, 9, 9, requires_grad=needs_grad)
    with FlopCounterMode(display=False) as fwd:
        y = F.conv2d(x, w, padding=1)
    with FlopCounterMode(display=False) as bwd:
        y.sum().backward()
    ratio = bwd.get_total_flops() / fwd.get_total_flops()
    print(f"input needs grad {needs_grad}: backward = {ratio:.0f} x forward FLOPs")
    # > input needs grad True: backward = 2 x forward FLOPs
    # > input needs grad False: backward = 1 x forward FLOPs
