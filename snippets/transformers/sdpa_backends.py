import textwrap
import warnings

import torch
import torch.nn.functional as F
from torch.nn.attention import (
    SDPBackend,
    current_flash_attention_impl,
    list_flash_attention_impls,
    sdpa_kernel,
)
from torch.profiler import profile

torch.manual_seed(0)
q, k, v = torch.randn(3, 1, 4, 16, 32).unbind(0)  # (batch, heads, L, head dim)


def kernel(*args, **kwargs):
    """The aten kernel that scaled_dot_product_attention dispatched to."""
    with profile() as prof:
        F.scaled_dot_product_attention(*args, **kwargs)
    names = [e.name for e in prof.events() if e.name.startswith("aten::_scaled_dot")]
    return names[0].removeprefix("aten::_scaled_dot_product_")


mask = torch.ones(16, 16, dtype=torch.bool).tril()
print(kernel(q, k, v))
# > flash_attention_for_cpu
dtypes = (torch.float16, torch.bfloat16, torch.float64)
print({kernel(*(t.to(dtype) for t in (q, k, v))) for dtype in dtypes})
# > {'flash_attention_for_cpu'}
print(
    kernel(q, k, v, attn_mask=mask)
)  # the CPU kernel takes a mask; GPU flash does not
# > flash_attention_for_cpu
print(kernel(q, k, v, dropout_p=0.1))  # no fused CPU kernel does dropout
# > attention_math
print(kernel(q, k, torch.randn(1, 4, 16, 64)))  # value head dim != query head dim
# > attention_math
with sdpa_kernel(SDPBackend.MATH):  # math: the four floating dtypes, not integers
    floats = (torch.float16, torch.bfloat16, torch.float32, torch.float64)
    print({kernel(*(t.to(dtype) for t in (q, k, v))) for dtype in floats})
    # > {'attention_math'}
    try:
        F.scaled_dot_product_attention(*(t.long() for t in (q, k, v)))
    except RuntimeError as e:
        print("int64:", type(e).__name__)
        # > int64: RuntimeError

# set_priority=True makes the list an order for the CUDA chooser; the CPU chooser
# ignores it and takes its flash kernel whenever that is allowed and can run
with sdpa_kernel([SDPBackend.MATH, SDPBackend.FLASH_ATTENTION], set_priority=True):
    print(kernel(q, k, v))
    # > flash_attention_for_cpu
# the CUDA chooser's default order (on recent Hopper and Blackwell GPUs with a new
# cuDNN, the first CUDA call moves cuDNN to the front); math comes before cuDNN
print([SDPBackend(i).name for i in torch._C._get_sdp_priority_order()][:4])
# > ['FLASH_ATTENTION', 'EFFICIENT_ATTENTION', 'MATH', 'CUDNN_ATTENTION']
# set_priority=True writes the list in front of that order: cuDNN now comes first
with sdpa_kernel([SDPBackend.CUDNN_ATTENTION, SDPBackend.MATH], set_priority=True):
    print([SDPBackend(i).name for i in torch._C._get_sdp_priority_order()][:4])
# > ['CUDNN_ATTENTION', 'MATH', 'FLASH_ATTENTION', 'EFFICIENT_ATTENTION']

# nn.MultiheadAttention reaches SDPA only with need_weights=False, and not on its
# inference fast path (eval mode, no grad, an even number of heads, ...)
mha = torch.nn.MultiheadAttention(32, 2, batch_first=True).eval()
x = torch.randn(1, 16, 32)
for grad, need_weights in [(True, True), (True, False), (False, False)]:
    with torch.set_grad_enabled(grad), profile() as prof:
        mha(x, x, x, need_weights=need_weights)
    print(grad, need_weights, any("scaled_dot" in e.name for e in prof.events()))
    # > True True False
    # > True False True
    # > False False False

# on CUDA the flash backend is FlashAttention-2 unless FA3 or FA4 is activated
print(list_flash_attention_impls(), current_flash_attention_impl())
# > ['FA3', 'FA4'] None

# forcing a kernel that cannot run raises, after warnings that say why
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
            F.scaled_dot_product_attention(q, k, v, dropout_p=0.1)
    except RuntimeError as e:
        print(e)
        # > No available kernel.  Aborting execution.
for w in caught:
    print(str(w.message).split(" (Triggered")[0])
    # > Flash attention kernel not used because:
    # > Both fused kernels do not support non-zero dropout.
try:  # a CUDA-only backend, on CPU
    with sdpa_kernel(SDPBackend.EFFICIENT_ATTENTION):
        F.scaled_dot_product_attention(q, k, v)
except RuntimeError as e:
    print(textwrap.fill(str(e), 76))
    # > No viable backend for scaled_dot_product_attention was found. This is likely
    # > due to turning off both the math kernel and the fused kernels.
