import torch

for dtype in (torch.float32, torch.float16, torch.bfloat16):
    # max: overflow; tiny: smallest normal number; eps: relative precision
    fi = torch.finfo(dtype)
    print(f"{str(dtype):14} max={fi.max:.3g} tiny={fi.tiny:.3g} eps={fi.eps:.3g}")
    # > torch.float32  max=3.4e+38 tiny=1.18e-38 eps=1.19e-07
    # > torch.float16  max=6.55e+04 tiny=6.1e-05 eps=0.000977
    # > torch.bfloat16 max=3.39e+38 tiny=1.18e-38 eps=0.00781

# an activation of 300, squared (attention logits, norms, losses)
a = torch.tensor(300.0)
# fp16 overflows past 65504
print((a.half() * a.half()).item(), (a.bfloat16() * a.bfloat16()).item())
# > inf 90112.0

# below tiny, fp16 goes subnormal: still nonzero, but with fewer significant bits
print(f"{torch.tensor(1e-6).half().item():.4g}")
# > 1.013e-06
# its smallest positive value is 2**-24 (about 6e-8); below half of that: zero
tiniest = torch.tensor(2.0**-24)
print(tiniest.half().item() == tiniest.item(), torch.tensor(2e-8).half().item())
# > True 0.0

grad = torch.tensor(1e-8)  # a small gradient
# fp16 flushes it to zero: the update is lost
print(grad.half().item(), f"{grad.bfloat16().item():.4g}")
# > 0.0 1.001e-08
# what loss scaling does: multiply before the cast, divide after, in fp32
scaled = (grad * 2**16).half()
print(f"{scaled.float().item() / 2**16:.4g}")
# > 9.997e-09

step = torch.tensor(1 + 1 / 256)  # a small relative change
# bf16 stores 7 mantissa bits (8 with the implicit leading 1): it cannot see it;
# fp16 stores 10 (11) and can
print(step.half().item(), step.bfloat16().item())
# > 1.00390625 1.0

# why bf16 accumulations (sums, optimizer state) need fp32
print((torch.tensor(256.0).bfloat16() + 1).item())
# > 256.0
