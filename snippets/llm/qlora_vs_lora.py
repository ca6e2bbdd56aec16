import torch
from torch import nn

torch.manual_seed(0)
# NF4: 16 levels at quantiles of N(0, 1), scaled to [-1, 1] (bitsandbytes'
# create_normal_map: 8 positive levels, 7 negative, and an exact zero)
off = 0.9677083
pos = torch.special.ndtri(torch.linspace(off, 0.5, 9)[:-1].double())
neg = -torch.special.ndtri(torch.linspace(off, 0.5, 8)[:-1].double())
NF4 = torch.cat([pos, torch.zeros(1, dtype=torch.float64), neg]).float().sort().values
NF4 /= NF4.max()
# bitsandbytes' hardcoded table (get_4bit_type("nf4")), float32
BNB = [-1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453]
BNB += [-0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0]
BNB += [0.07958029955625534, 0.16093020141124725, 0.24611230194568634]
BNB += [0.33791524171829224, 0.44070982933044434, 0.5626170039176941]
BNB += [0.7229568362236023, 1.0]
print("equals bitsandbytes' NF4:", torch.equal(NF4, torch.tensor(BNB)))
# > equals bitsandbytes' NF4: True
print("levels near zero:", [round(v, 4) for v in NF4[6:10].tolist()])
# > levels near zero: [-0.0911, 0.0, 0.0796, 0.1609]
INT4 = torch.arange(-7, 8) / 7  # symmetric int4 on the same absmax scale


def quantize(w, levels, block=64):
    """Blockwise absmax: each block of 64 weights is divided by its max |w|, then
    every weight is stored as the index (4 bits) of its nearest level."""
    blocks = w.reshape(-1, block)
    absmax = blocks.abs().amax(dim=1, keepdim=True)
    codes = ((blocks / absmax).unsqueeze(-1) - levels).abs().argmin(-1)
    return codes.to(torch.uint8), absmax


def dequantize(codes, absmax, levels, shape):
    return (levels[codes.long()] * absmax).reshape(shape)


w = torch.randn(1024, 1024) * 0.02  # weights are roughly normal
for name, levels in [("NF4", NF4), ("int4", INT4)]:
    w_hat = dequantize(*quantize(w, levels), levels, w.shape)
    print(f"{name}: relative error {((w_hat - w).norm() / w.norm()).item():.4f}")
    # > NF4: relative error 0.0920
    # > int4: relative error 0.1077

# Double quantization: the fp32 absmax of each 64-block costs 32/64 = 0.5 bits per
# weight; quantized to 8 bits in groups of 256 (plus one fp32 per group) it costs
codes, absmax = quantize(w, NF4)
print("bits per weight:", 4 + 32 / 64, "->", round(4 + 8 / 64 + 32 / (64 * 256), 3))
# > bits per weight: 4.5 -> 4.127
groups = (absmax - absmax.mean()).reshape(-1, 256)  # bitsandbytes subtracts the mean
scale = groups.abs().amax(dim=1, keepdim=True) / 127
absmax8 = (groups / scale).round().to(torch.int8)  # linear int8 here; paper: FP8
absmax_dq = (absmax8 * scale).reshape(-1, 1) + absmax.mean()
w_dq = dequantize(codes, absmax_dq, NF4, w.shape)
err_dq = ((w_dq - w).norm() / w.norm()).item()
print(f"with double quantization: relative error {err_dq:.4f}")
# > with double quantization: relative error 0.0920


DEQUANTIZED = []


class NF4Matmul(torch.autograd.Function):
    """x @ W.T with W stored in NF4: like bitsandbytes' MatMul4Bit it saves the
    4-bit codes, not the bf16 weight, and dequantizes again in the backward."""

    @staticmethod
    def forward(ctx, x, codes, absmax, shape):
        ctx.save_for_backward(codes, absmax)
        ctx.shape = shape
        DEQUANTIZED.append("forward")
        return x @ dequantize(codes, absmax, NF4, shape).T

    @staticmethod
    def backward(ctx, grad):
        DEQUANTIZED.append("backward")
        weight = dequantize(*ctx.saved_tensors, NF4, ctx.shape)
        return grad @ weight, None, None, None  # gradient for x only: W is frozen


class QLoRALinear(nn.Module):
    def __init__(self, weight, r=8):
        super().__init__()
        self.shape = weight.shape
        codes, absmax = quantize(weight, NF4)
        self.register_buffer("codes", codes)  # frozen: buffers, not parameters
        self.register_buffer("absmax", absmax)
        self.A = nn.Parameter(torch.randn(r, weight.shape[1]) / r)
        self.B = nn.Parameter(torch.zeros(weight.shape[0], r))

    def forward(self, x):
        base = NF4Matmul.apply(x, self.codes, self.absmax, self.shape)
        return base + x @ self.A.T @ self.B.T


layer = QLoRALinear(w)
x = torch.randn(4, 1024, requires_grad=True)  # as if from an earlier layer
layer(x).square().mean().backward()
print([n for n, p in layer.named_parameters() if p.grad is not None], DEQUANTIZED)
# > ['A', 'B'] ['forward', 'backward']

# The memory plan (weights only; plus activations and the adapters' Adam state)
print("model  LoRA (bf16 base)  QLoRA (NF4 + DQ)")
# > model  LoRA (bf16 base)  QLoRA (NF4 + DQ)
for billions in (7, 13, 33, 65):
    lora, qlora = (billions * 1e9 * bits / 8 / 2**30 for bits in (16, 4.127))
    print(f"{billions:4d}B {lora:12.1f} GiB {qlora:12.1f} GiB")
    # >    7B         13.0 GiB          3.4 GiB
    # >   13B         24.2 GiB          6.2 GiB
    # >   33B         61.5 GiB         15.9 GiB
    # >   65B        121.1 GiB         31.2 GiB
