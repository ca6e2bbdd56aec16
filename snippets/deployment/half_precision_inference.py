import copy

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(64, 64), nn.GELU(), nn.Linear(64, 10)).eval()
x = torch.randn(8, 64)


def nbytes(m):
    return sum(p.numel() * p.element_size() for p in m.parameters())


with torch.inference_mode():
    ref = model(x)

    # weights stay fp32; matmuls run in bf16
    with torch.autocast("cpu", dtype=torch.bfloat16):
        auto = model(x)
    print("autocast:", auto.dtype, "| weights:", model[0].weight.dtype)
    # > autocast: torch.bfloat16 | weights: torch.float32

    # weights stored in bf16: half the memory
    half = copy.deepcopy(model).to(torch.bfloat16)
    print("bytes:", nbytes(model), "->", nbytes(half))
    # > bytes: 19240 -> 9620
    try:
        half(x)  # fp32 input, bf16 weights
    except RuntimeError as e:
        print(e)
        # > mat1 and mat2 must have the same dtype, but got Float and BFloat16
    try:  # the same mistake, another kernel, another wording: a Linear without bias
        nn.Linear(64, 10, bias=False).to(torch.bfloat16)(x)
    except RuntimeError as e:
        print(e)
        # > expected m1 and m2 to have the same dtype, but got: float != c10::BFloat16
    y = half(x.to(torch.bfloat16))
    rel = ((y.float() - ref).norm() / ref.norm()).item()
    print(
        y.dtype,
        "relative error < 1%:",
        rel < 0.01,
        "| same predictions:",
        torch.equal(y.argmax(1), ref.argmax(1)),
    )
    # > torch.bfloat16 relative error < 1%: True | same predictions: True

print(
    "max:",
    torch.finfo(torch.float16).max,
    "vs",
    f"{torch.finfo(torch.bfloat16).max:.2e}",
)
# > max: 65504.0 vs 3.39e+38
# bf16's largest value is just under fp32's (3.40e38): the last sliver of fp32 overflows
big = torch.tensor([3.3895e38, 3.40e38])
bf16 = [f"{v:.4e}" for v in big.bfloat16().tolist()]
print("fp32 finite:", bool(big.isfinite().all()), "| bf16:", bf16)
# > fp32 finite: True | bf16: ['3.3895e+38', 'inf']
# fp16 rounds 65519 down to 65504, its largest value, and 65520 up to inf
print("fp16:", torch.tensor([65504.0, 65519.0, 65520.0]).half().tolist())
# > fp16: [65504.0, 65504.0, inf]
print("eps:", torch.finfo(torch.float16).eps, "vs", torch.finfo(torch.bfloat16).eps)
# > eps: 0.0009765625 vs 0.0078125
