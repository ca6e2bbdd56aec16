import torch

torch.manual_seed(0)


def mma_matmul(a, b, m=16, n=8, k=16):
    """Model: c built only from m x n x k multiply-accumulates, D = A @ B + C.

    A and B tiles are fp16; the products and the accumulator C are fp32."""
    c = torch.zeros(a.shape[0], b.shape[1])  # fp32 accumulators (registers)
    for i in range(0, a.shape[0], m):
        for j in range(0, b.shape[1], n):
            for p in range(0, a.shape[1], k):
                a_t = a[i : i + m, p : p + k].float()  # fp16 -> exact in fp32
                b_t = b[p : p + k, j : j + n].float()
                c[i : i + m, j : j + n] += a_t @ b_t
    return c


a = torch.randn(64, 128).half()
b = torch.randn(128, 32).half()
exact = a.double() @ b.double()
err = (mma_matmul(a, b) - exact).abs().max().item()
print(f"fp16 inputs, fp32 accumulate: max error {err:.0e}")
# > fp16 inputs, fp32 accumulate: max error 5e-06

# why the accumulator is fp32: adding 1 to an fp16 sum stops at 2048
acc16, acc32 = torch.tensor(0.0).half(), torch.tensor(0.0)
for _ in range(4096):
    acc16, acc32 = acc16 + 1, acc32 + 1
print("sum of 4096 ones, fp16 / fp32 accumulator:", acc16.item(), acc32.item())
# > sum of 4096 ones, fp16 / fp32 accumulator: 2048.0 4096.0


def to_tf32(x):
    """Round float32 to TF32's 10 mantissa bits, kept as float32.

    Adding half a TF32 ulp to the magnitude, then truncating, rounds to nearest with
    ties away from zero: PTX's cvt.rna.tf32.f32. What cuBLAS does is not specified."""
    bits = x.view(torch.int32)
    return ((bits + 0x1000) & ~0x1FFF).view(torch.float32)


tie = torch.tensor([1 + 2**-11])  # halfway between two TF32 values
print("1 + 2**-11 ->", to_tf32(tie).item(), "(ties away; ties to even gives 1.0)")
# > 1 + 2**-11 -> 1.0009765625 (ties away; ties to even gives 1.0)

x, w = torch.randn(256, 256), torch.randn(256, 256)
ref = x.double() @ w.double()
for name, out in [("fp32", x @ w), ("tf32 inputs", to_tf32(x) @ to_tf32(w))]:
    rel = ((out.double() - ref).norm() / ref.norm()).item()
    print(f"{name:11}: relative error {rel:.0e}")
    # > fp32       : relative error 2e-07
    # > tf32 inputs: relative error 3e-04

# tile quantization: a dimension that is not a multiple of the tile wastes the rest
for size in (4096, 4100):
    padded = -(-size // 128) * 128  # 128 x 128 output tiles, a common cuBLAS tile
    idle = 1 - (size / padded) ** 2
    print(f"N={size}: {padded // 128} tiles per side, {idle:.1%} idle")
    # > N=4096: 32 tiles per side, 0.0% idle
    # > N=4100: 33 tiles per side, 5.8% idle

# torch 2.13's defaults: float32 matmuls exact ("none" inherits the global
# "highest"), cuDNN convolutions and RNNs TF32
cuda, cudnn = torch.backends.cuda, torch.backends.cudnn
print("matmul:", torch.get_float32_matmul_precision(), cuda.matmul.fp32_precision)
# > matmul: highest none
print("cudnn conv, rnn:", cudnn.conv.fp32_precision, cudnn.rnn.fp32_precision)
# > cudnn conv, rnn: tf32 tf32
