"""Why segmentation nets go down and back up: context, cost and the output's shape."""

import copy

import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

C, K = 16, 5  # channels, classes


def conv(cin, cout, stride=1, dilation=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, padding=dilation, dilation=dilation), nn.ReLU()
    )


def up(cin, cout):  # learned 2x upsampling
    return nn.Sequential(nn.ConvTranspose2d(cin, cout, 2, stride=2), nn.ReLU())


plain = [conv(C, C) for _ in range(5)]
dilated = [conv(C, C, dilation=2**i) for i in range(1, 6)]  # dilations 2..32
encoder = [conv(C, C, 2), conv(C, C, 2), conv(C, C, 2)]  # 64 -> 8
bottleneck = [conv(C, C), conv(C, C)]  # at 8x8, each 3x3 conv sees 8x farther
decoder = [up(C, C), up(C, C), up(C, C)]  # 8 -> 64
nets = {  # six 3x3 convs each (and 3 upsamplers), a 1x1 conv to per-pixel logits
    "full resolution": nn.Sequential(conv(3, C), *plain, nn.Conv2d(C, K, 1)),
    "dilated 1..32": nn.Sequential(conv(3, C), *dilated, nn.Conv2d(C, K, 1)),
    "encoder-decoder": nn.Sequential(
        conv(3, C), *encoder, *bottleneck, *decoder, nn.Conv2d(C, K, 1)
    ),
}


def receptive_field(net, size=256):
    """Width of the input window that one central output pixel depends on."""
    net = copy.deepcopy(net)
    # small positive weights: every ReLU passes, nothing cancels
    for m in net.modules():
        if isinstance(m, (nn.Conv2d, nn.ConvTranspose2d)):
            nn.init.constant_(m.weight, 0.01)
            nn.init.zeros_(m.bias)
    x = torch.ones(1, 3, size, size, requires_grad=True)
    net(x)[0, 0, size // 2, size // 2].backward()
    cols = x.grad[0].abs().sum((0, 1)).nonzero()
    return (cols.max() - cols.min() + 1).item()


torch.manual_seed(0)
x = torch.randn(1, 3, 64, 64)
for name, net in nets.items():
    params = sum(p.numel() for p in net.parameters())
    with FlopCounterMode(display=False) as counter:
        out = net(x)
    mflops, field = counter.get_total_flops() / 1e6, receptive_field(net)
    print(
        f"{name}: {tuple(out.shape)}, {params} params, {mflops:.1f} MFLOPs,"
        f" receptive field {field}"
    )
    # > full resolution: (1, 5, 64, 64), 12133 params, 98.6 MFLOPs, receptive field 13
    # > dilated 1..32: (1, 5, 64, 64), 12133 params, 98.6 MFLOPs, receptive field 127
    # > encoder-decoder: (1, 5, 64, 64), 15253 params, 13.7 MFLOPs, receptive field 49

# the encoder-decoder's width at each layer: down to 8, back up to 64
widths = []
for layer in nets["encoder-decoder"]:
    layer.register_forward_hook(lambda m, args, out: widths.append(out.shape[-1]))
nets["encoder-decoder"](x)
print(widths)
# > [64, 32, 16, 8, 8, 8, 16, 32, 64, 64]

# a classifier's head pools the map away: one vector per image, no pixels left
encoder = [conv(3, C), conv(C, C, 2), conv(C, C, 2), conv(C, C, 2)]
classifier = nn.Sequential(*encoder, nn.AdaptiveAvgPool2d(1), nn.Flatten())
classifier.append(nn.Linear(C, K))
print(tuple(classifier(x).shape))
# > (1, 5)

# what downsampling loses: a 2x2 max pool keeps what is in a window, not where,
# so two images whose bright pixel sits at different places in one window pool alike
a, b = torch.zeros(1, 1, 4, 4), torch.zeros(1, 1, 4, 4)
a[0, 0, 0, 0], b[0, 0, 1, 1] = 1.0, 1.0
print(torch.equal(nn.MaxPool2d(2)(a), nn.MaxPool2d(2)(b)), torch.equal(a, b))
# > True False
# SegNet's answer: keep where each max came from, and put it back there
pool, unpool = nn.MaxPool2d(2, return_indices=True), nn.MaxUnpool2d(2)
print(torch.equal(unpool(*pool(a)), a), torch.equal(unpool(*pool(b)), b))
# > True True
