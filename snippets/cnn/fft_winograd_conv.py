import torch
import torch.nn.functional as F

torch.manual_seed(0)
f64 = torch.float64

# FFT: correlation in space is a product in frequency, X * conj(W). With the kernel
# zero-padded to the image size, the wrap-around only touches outputs a valid conv drops
x = torch.randn(1, 8, 32, 32, dtype=f64)
w = torch.randn(16, 8, 5, 5, dtype=f64)
X = torch.fft.rfft2(x)  # (1, 8, 32, 17) complex: once per input channel
Wf = torch.fft.rfft2(w, s=(32, 32))  # (16, 8, 32, 17): once per kernel, padded
Y = torch.fft.irfft2((X[:, None] * Wf.conj()).sum(2), s=(32, 32))  # sum over C_in
print(torch.allclose(Y[..., :28, :28], F.conv2d(x, w), atol=1e-10))
# > True

# Winograd F(2x2, 3x3): 2x2 outputs from a 4x4 tile with 16 multiplies, not 36
BT = torch.tensor(
    [[1, 0, -1, 0], [0, 1, 1, 0], [0, -1, 1, 0], [0, 1, 0, -1]], dtype=f64
)
G = torch.tensor([[1, 0, 0], [0.5, 0.5, 0.5], [0.5, -0.5, 0.5], [0, 0, 1]], dtype=f64)
AT = torch.tensor([[1, 1, 1, 0], [0, 1, -1, -1]], dtype=f64)
# F(4x4, 3x3): 4x4 outputs from a 6x6 tile, 36 multiplies instead of 144
BT4 = torch.tensor(
    [
        [4, 0, -5, 0, 1, 0],
        [0, -4, -4, 1, 1, 0],
        [0, 4, -4, -1, 1, 0],
        [0, -2, -1, 2, 1, 0],
        [0, 2, -1, -2, 1, 0],
        [0, 4, 0, -5, 0, 1],
    ],
    dtype=f64,
)
G4 = torch.tensor(
    [
        [1 / 4, 0, 0],
        [-1 / 6, -1 / 6, -1 / 6],
        [-1 / 6, 1 / 6, -1 / 6],
        [1 / 24, 1 / 12, 1 / 6],
        [1 / 24, -1 / 12, 1 / 6],
        [0, 0, 1],
    ],
    dtype=f64,
)
AT4 = torch.tensor(
    [
        [1, 1, 1, 1, 1, 0],
        [0, 1, -1, 2, -2, 0],
        [0, 1, 1, 4, 4, 0],
        [0, 1, -1, 8, -8, 1],
    ],
    dtype=f64,
)


def winograd(img, g, BT, G, AT, store=lambda t: t):  # store: how each stage is kept
    m, t = AT.shape  # outputs per tile side, tile side
    tiles = img.unfold(0, t, m).unfold(1, t, m)  # overlapping t x t tiles, stride m
    V = store(BT @ tiles @ BT.T)  # input transform: additions only (F(2x2))
    U = store(G @ g @ G.T)  # kernel transform, done once
    M = store(U * V)  # the only multiplies: t*t per tile
    Y = store(AT @ M @ AT.T)  # output transform
    n = Y.shape[0]
    return Y.permute(0, 2, 1, 3).reshape(n * m, n * m)


img, g = torch.randn(34, 34, dtype=f64), torch.randn(3, 3, dtype=f64)
ref = F.conv2d(img[None, None], g[None, None])[0, 0]  # 32x32
for name, mats in (("F(2x2,3x3)", (BT, G, AT)), ("F(4x4,3x3)", (BT4, G4, AT4))):
    print(name, torch.allclose(winograd(img, g, *mats), ref, atol=1e-12))
    # > F(2x2,3x3) True
    # > F(4x4,3x3) True


# The numerical cost: every stage stored in float16, error against float64
def half(t):  # round to float16, keep computing in float64
    return t.half().to(f64)


img16, g16 = half(img), half(g)
exact = F.conv2d(img16[None, None], g16[None, None])[0, 0]


def err(y):
    return f"{((y - exact).abs().mean() / exact.abs().mean()):.1e}"


print("direct", err(half(exact)))  # float32 accumulation, one rounding at the end
# > direct 1.8e-04
print("F(2x2,3x3)", err(winograd(img16, g16, BT, G, AT, half)))
# > F(2x2,3x3) 5.6e-04
print("F(4x4,3x3)", err(winograd(img16, g16, BT4, G4, AT4, half)))
# > F(4x4,3x3) 3.3e-03

# Multiplies per output pixel, per (input, output) channel pair. The FFT's products do
# not grow with k, but each kernel is stored padded to the tile, as complex numbers
print("k  direct  fft-16  fft-32")
# > k  direct  fft-16  fft-32
for k in (3, 5, 7, 11):
    fft = [4 * n * (n // 2 + 1) / (n - k + 1) ** 2 for n in (16, 32)]  # 4 per complex
    print(k, k * k, *(f"{f:.1f}" for f in fft))
    # > 3 9 2.9 2.4
    # > 5 25 4.0 2.8
    # > 7 49 5.8 3.2
    # > 11 121 16.0 4.5
print("winograd 3x3:", 16 / 4, 36 / 16)  # (m + 2)^2 / m^2 for F(mxm, 3x3)
# > winograd 3x3: 4.0 2.25
print("stored per 3x3 kernel:", 9, 16, 2 * 32 * 17)  # direct, F(2x2,3x3), fft-32
# > stored per 3x3 kernel: 9 16 1088
