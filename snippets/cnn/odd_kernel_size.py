import warnings

import torch
import torch.nn.functional as F

# Stride 1: out = in + 2p - k + 1, so keeping the size needs 2p = k - 1: an odd k
x = torch.zeros(1, 1, 32)
for k in (3, 4):
    sizes = [F.conv1d(x, torch.ones(1, 1, k), padding=p).shape[-1] for p in range(4)]
    print(f"k={k}, padding 0..3:", sizes)
    # > k=3, padding 0..3: [30, 32, 34, 36]
    # > k=4, padding 0..3: [29, 31, 33, 35]
# at dilation 2 a 4-tap kernel spans d(k - 1) + 1 = 7 inputs: it has a centre again
print(
    "k=4, dilation 2, padding 3:",
    F.conv1d(x, torch.ones(1, 1, 4), padding=3, dilation=2).shape[-1],
)
# > k=4, dilation 2, padding 3: 32

# To keep 32 with k = 2, pad one side only: the output moves half a pixel per layer.
# An impulse at 16: where is its centre of mass after n layers?
pos = torch.arange(32.0)


def centre(y):
    return (y * pos).sum() / y.sum()


even = torch.full((1, 1, 2), 0.5)  # a 2-tap average, padded 0 left, 1 right
odd = torch.tensor([[[0.25, 0.5, 0.25]]])  # a 3-tap average, padded 1 and 1
for n in (1, 4, 8):
    a = b = torch.zeros(1, 1, 32).index_fill_(2, torch.tensor([16]), 1.0)
    for _ in range(n):
        a = F.conv1d(F.pad(a, (0, 1)), even)
        b = F.conv1d(F.pad(b, (1, 1)), odd)
    print(
        f"{n} layers: even {centre(a):.1f}, odd {centre(b):.1f}",
        a.shape[-1],
        b.shape[-1],
    )
    # > 1 layers: even 15.5, odd 16.0 32 32
    # > 4 layers: even 14.0, odd 16.0 32 32
    # > 8 layers: even 12.0, odd 16.0 32 32

# padding="same" pads an even kernel the same way: nothing left, one zero right
imp = torch.zeros(1, 1, 32).index_fill_(2, torch.tensor([16]), 1.0)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    same = F.conv1d(imp, even, padding="same")
by_hand = F.conv1d(F.pad(imp, (0, 1)), even)
print(torch.equal(same, by_hand), caught[0].category.__name__)
# > True UserWarning
