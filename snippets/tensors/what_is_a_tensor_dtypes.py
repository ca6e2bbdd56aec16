import torch
import torch.nn.functional as F

# floating point: range (max, tiny = smallest normal) and precision (eps: the gap
# after 1.0)
for dtype in (torch.float64, torch.float32, torch.bfloat16, torch.float16):
    f = torch.finfo(dtype)
    limits = f"max {f.max:.3g} tiny {f.tiny:.3g} eps {f.eps:.3g}"
    print(f"{str(dtype):15} {f.bits} bits {limits}")
    # > torch.float64   64 bits max 1.8e+308 tiny 2.23e-308 eps 2.22e-16
    # > torch.float32   32 bits max 3.4e+38 tiny 1.18e-38 eps 1.19e-07
    # > torch.bfloat16  16 bits max 3.39e+38 tiny 1.18e-38 eps 0.00781
    # > torch.float16   16 bits max 6.55e+04 tiny 6.1e-05 eps 0.000977
for dtype in (torch.uint8, torch.int8, torch.int32, torch.int64):
    i = torch.iinfo(dtype)
    print(f"{str(dtype):15} {i.bits} bits {i.min} .. {i.max}")
    # > torch.uint8     8 bits 0 .. 255
    # > torch.int8      8 bits -128 .. 127
    # > torch.int32     32 bits -2147483648 .. 2147483647
    # > torch.int64     64 bits -9223372036854775808 .. 9223372036854775807

# the defaults: float32 for floats, int64 for integers, bool from comparisons
x = torch.arange(5.0)
print(torch.get_default_dtype(), torch.arange(3).dtype, (x > 1).dtype)
# > torch.float32 torch.int64 torch.bool

# class targets: int64 (uint8 also accepted), not int32
logits = torch.zeros(2, 3)
for target in (
    torch.tensor([0, 2]),
    torch.tensor([0, 2], dtype=torch.uint8),
    torch.tensor([0, 2], dtype=torch.int32),
):
    try:
        print(target.dtype, F.cross_entropy(logits, target).item() > 0)
        # > torch.int64 True
        # > torch.uint8 True
    except RuntimeError as e:
        print(target.dtype, e)
        # > torch.int32 expected target dtype to be Long or Byte, but got Int
# masks: bool selects; an int64 tensor of 0s and 1s is read as indices
keep = torch.tensor([1, 0, 1, 0, 1])
print(x[keep.bool()], x[keep])
# > tensor([0., 2., 4.]) tensor([1., 0., 1., 0., 1.])

# uint8 images: 0..255 wraps around; convert to float before arithmetic
img = torch.tensor([255, 128], dtype=torch.uint8)
print(img + img, img.float() / 255)
# > tensor([254,   0], dtype=torch.uint8) tensor([1.0000, 0.5020])

# float64 for numerical tests: float32 cannot see a difference of 1e-8
one = torch.tensor(1.0)
print((one + 1e-8 == one).item(), (one.double() + 1e-8 == one.double()).item())
# > True False

# int8 for quantized weights: int8 values times one float scale, a quarter of float32
w = torch.tensor([-0.913, -0.1047, 0.0231, 0.5, 1.27])
scale = w.abs().max() / 127  # symmetric: the largest magnitude maps to 127
q = torch.round(w / scale).clamp(-127, 127).to(torch.int8)  # round, clamp, then cast
print(q, q.element_size(), "byte against", w.element_size())
# > tensor([-91, -10,   2,  50, 127], dtype=torch.int8) 1 byte against 4
error = (q * scale - w).abs().max()
print(f"scale {scale:.3f}, largest error {error:.4f}")
# > scale 0.010, largest error 0.0047
# the cast truncates (127.6 -> 127); out of range is undefined in C++: 200 wraps here
print(torch.tensor([200.0, 127.6]).to(torch.int8))
# > tensor([-56, 127], dtype=torch.int8)
