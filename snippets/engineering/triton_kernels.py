import re

import torch
from torch._inductor.utils import run_and_get_code

torch.manual_seed(0)


def f(x, y):  # four ops in eager: mul, add, relu, sum, each its own kernel
    return torch.relu(x * y + 1.0).sum(dim=1)


x, y = torch.randn(64, 128), torch.randn(64, 128)
out, codes = run_and_get_code(torch.compile(f), x, y)  # the code Inductor wrote
code = "\n".join(codes)
print(torch.allclose(out, f(x, y)))
# > True
print(sorted(set(re.findall(r"cpp_fused_\w+?_\d+\b", code))))  # one fused C++ kernel
# > ['cpp_fused_add_mul_relu_sum_0']
print("triton" in code)  # on CPU, C++; on a GPU, Triton
# > False


def g(x, w):  # a matmul with an elementwise epilogue
    return torch.relu(x @ w + 1.0)


w = torch.randn(128, 32)
_, codes = run_and_get_code(torch.compile(g), x, w)
names = re.findall(r"extern_kernels\.\w+|cpp_fused_\w+?_\d+\b", "\n".join(codes))
print(sorted(set(names)))  # the matmul is a library call, only the epilogue generated
# > ['cpp_fused_add_relu_0', 'extern_kernels.mm']
