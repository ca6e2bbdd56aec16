import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
C = 64
x = torch.randn(1, C, 32, 32)


def conv(k):
    return nn.Conv2d(C, C, k, padding=k // 2, bias=False)


def cost(m):
    with FlopCounterMode(display=False) as counter:
        m(x)
    return sum(p.numel() for p in m.parameters()), counter.get_total_flops()


def field(m):  # width of the input window one output pixel reads
    for layer in m.modules():  # positive weights and inputs: every path stays open
        if isinstance(layer, nn.Conv2d):
            nn.init.constant_(layer.weight, 1.0)
    x_ = torch.rand(1, C, 32, 32, requires_grad=True)
    m(x_)[0, 0, 16, 16].backward()
    cols = x_.grad[0, 0].abs().sum(0).nonzero()
    return (cols.max() - cols.min() + 1).item()


designs = {
    "one 5x5": conv(5),
    "two 3x3": nn.Sequential(conv(3), nn.ReLU(), conv(3)),  # 2 * 9C^2 vs 25C^2
    "one 7x7": conv(7),
    "three 3x3": nn.Sequential(conv(3), nn.ReLU(), conv(3), nn.ReLU(), conv(3)),
}
for name, m in designs.items():
    params, flops = cost(m)  # cost first: field() overwrites the weights
    print(f"{name}: field {field(m)}, {params:,} params, {flops / 1e6:.0f} MFLOPs")
    # > one 5x5: field 5, 102,400 params, 210 MFLOPs
    # > two 3x3: field 5, 73,728 params, 151 MFLOPs
    # > one 7x7: field 7, 200,704 params, 411 MFLOPs
    # > three 3x3: field 7, 110,592 params, 226 MFLOPs

# Without the ReLU between them, two 3x3 convs are exactly one 5x5 conv, whose kernel is
# the two 3x3 kernels convolved: the stack adds depth (nonlinearity), not a new operator
w1, w2 = torch.randn(C, C, 3, 3), torch.randn(C, C, 3, 3)
w5 = F.conv_transpose2d(w1.transpose(0, 1), w2.transpose(0, 1)).transpose(0, 1)
print(tuple(w5.shape))
# > (64, 64, 5, 5)
y_stack = F.conv2d(F.conv2d(x, w1), w2)
y_single = F.conv2d(x, w5)
rel = (y_stack - y_single).abs().max() / y_stack.abs().max()
print(y_single.shape, (rel < 1e-5).item())  # equal up to float32 rounding
# > torch.Size([1, 64, 28, 28]) True
