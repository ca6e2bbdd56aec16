import torch
from torch.utils.flop_counter import FlopCounterMode


def intensity(a, b):
    """FLOPs per byte of a @ b, if each operand and the result cross memory once."""
    with FlopCounterMode(display=False) as counter:
        out = a @ b
    return counter.get_total_flops() / (a.nbytes + b.nbytes + out.nbytes)


def bf16(*shape):  # meta tensors: shapes and dtypes, no memory, no compute
    return torch.empty(*shape, dtype=torch.bfloat16, device="meta")


D = 4096  # a 4096 x 4096 projection, as in an 8B model
cases = {
    "prefill, 2048 tokens": (bf16(2048, D), bf16(D, D)),
    "decode, batch 1": (bf16(1, D), bf16(D, D)),
    "decode, batch 64": (bf16(64, D), bf16(D, D)),
    # decode attention: q of one token against that sequence's own 4096 cached keys
    "decode attention, batch 64": (bf16(64, 32, 1, 128), bf16(64, 32, 128, 4096)),
}
for name, (a, b) in cases.items():
    print(f"{name:27} {intensity(a, b):6.1f} FLOPs per byte")
    # > prefill, 2048 tokens        1024.0 FLOPs per byte
    # > decode, batch 1                1.0 FLOPs per byte
    # > decode, batch 64              62.1 FLOPs per byte
    # > decode attention, batch 64     1.0 FLOPs per byte

# H100 SXM: 989 TFLOP/s dense bf16, 3.35 TB/s of HBM bandwidth
print(f"H100 ridge point: {989e12 / 3.35e12:.0f} FLOPs per byte")
# > H100 ridge point: 295 FLOPs per byte
# batch-1 decoding reads every weight once per token: 8e9 params in bf16
print(f"at most {3.35e12 / (8e9 * 2):.0f} tokens/s for an 8B model at batch 1")
# > at most 209 tokens/s for an 8B model at batch 1
