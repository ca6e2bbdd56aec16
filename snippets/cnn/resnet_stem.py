import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)


def params(m):
    return sum(p.numel() for p in m.parameters())


def gflops(m, x):
    with FlopCounterMode(display=False) as counter:
        m(x)
    return counter.get_total_flops() / 1e9


# ResNet's stem: 7x7 conv stride 2, then 3x3 max pool stride 2: 224 -> 112 -> 56
stem = nn.Sequential(
    nn.Conv2d(3, 64, 7, stride=2, padding=3, bias=False),
    nn.BatchNorm2d(64),
    nn.ReLU(),
    nn.MaxPool2d(3, stride=2, padding=1),
)
x = torch.randn(1, 3, 224, 224)
print(tuple(stem[:3](x).shape), tuple(stem(x).shape))
# > (1, 64, 112, 112) (1, 64, 56, 56)
print(f"{params(stem[0]):,} params, {gflops(stem, x):.3f} GFLOPs")  # 3 input channels
# > 9,408 params, 0.236 GFLOPs
print(f"values: image {x.numel():,}, after the stem {stem(x).numel():,}")
# > values: image 150,528, after the stem 200,704

# The first stage (ResNet-18/34: 3x3 convs at 64 channels) after the stem, and the same
# conv if it ran at the full 224x224: 16x the FLOPs, on every one of its layers
conv = nn.Conv2d(64, 64, 3, padding=1, bias=False)
at56, at224 = (
    gflops(conv, torch.randn(1, 64, 56, 56)),
    gflops(conv, torch.randn(1, 64, 224, 224)),
)
print(f"one 3x3 conv: {at56:.3f} GFLOPs at 56x56, {at224:.3f} at 224x224")
# > one 3x3 conv: 0.231 GFLOPs at 56x56, 3.699 at 224x224
mb = 64 * 224 * 224 * 4 / 2**20
print(f"activation per image and layer: {mb:.1f} MiB at 224, {mb / 16:.2f} MiB at 56")
# > activation per image and layer: 12.2 MiB at 224, 0.77 MiB at 56

# Later stems: three 3x3 convs (ResNet-C, Bag of Tricks), a 4x4 stride-4 patchify
# conv (ConvNeXt): both reach 56x56 too
deep = nn.Sequential(
    nn.Conv2d(3, 32, 3, stride=2, padding=1, bias=False),
    nn.Conv2d(32, 32, 3, padding=1, bias=False),
    nn.Conv2d(32, 64, 3, padding=1, bias=False),
    nn.MaxPool2d(3, stride=2, padding=1),
)
patchify = nn.Conv2d(3, 96, 4, stride=4)
for name, m in (("resnet-c", deep), ("patchify", patchify)):
    print(
        f"{name}: {tuple(m(x).shape)}, {params(m):,} params, {gflops(m, x):.3f} GFLOPs"
    )
    # > resnet-c: (1, 64, 56, 56), 28,512 params, 0.715 GFLOPs
    # > patchify: (1, 96, 56, 56), 4,704 params, 0.029 GFLOPs
