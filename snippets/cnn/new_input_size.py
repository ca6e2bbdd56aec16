import torch
from torch import nn

torch.manual_seed(0)
body = nn.Sequential(  # downsamples by 8: 64x64 -> 8x8
    nn.Conv2d(3, 32, 3, stride=2, padding=1),
    nn.ReLU(),
    nn.Conv2d(32, 64, 3, stride=2, padding=1),
    nn.ReLU(),
    nn.MaxPool2d(2),
)
heads = {
    # flatten + Linear: the Linear is built for one map size
    "flat": nn.Sequential(nn.Flatten(), nn.Linear(64 * 8 * 8, 10)),
    # global average pooling, as ResNet's head: any map size gives 64 numbers
    "gap": nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(64, 10)),
    # adaptive pooling to a fixed grid, as VGG's head: any map is resampled to 8x8
    "vgg": nn.Sequential(
        nn.AdaptiveAvgPool2d(8), nn.Flatten(), nn.Linear(64 * 8 * 8, 10)
    ),
}
for size in [(64, 64), (80, 90)]:  # the training size, then a new one
    feats = body(torch.randn(1, 3, *size))
    print(size, "->", tuple(feats.shape))
    # > (64, 64) -> (1, 64, 8, 8)
    # > (80, 90) -> (1, 64, 10, 11)
    for name, head in heads.items():
        try:
            out = tuple(head(feats).shape)
        except RuntimeError as e:
            out = str(e)
        print(f"  {name}:", out)
        # >   flat: (1, 10)
        # >   gap: (1, 10)
        # >   vgg: (1, 10)
        # >   flat: mat1 and mat2 shapes cannot be multiplied (1x7040 and 4096x10)
        # >   gap: (1, 10)
        # >   vgg: (1, 10)

# Too small still fails, in the body: the pooling has nothing left to pool
try:
    body(torch.randn(1, 3, 4, 4))
except RuntimeError as e:
    print(str(e).replace(" Calculated", "\n  Calculated"))
    # > Given input size: (64x1x1).
    # >   Calculated output size: (64x0x0). Output size is too small
