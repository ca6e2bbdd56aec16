import re

import torch
import torch.nn.functional as F
from torch._inductor.utils import run_and_get_code
from torch.nn.attention.flex_attention import create_block_mask, flex_attention

torch.manual_seed(0)
L, WINDOW = 512, 128
q, k, v = torch.randn(3, 1, 2, L, 16).unbind(0)


def sliding_window(b, h, q_idx, kv_idx):
    return (q_idx >= kv_idx) & (q_idx - kv_idx < WINDOW)


i = torch.arange(L)
dense = (i[:, None] >= i) & (i[:, None] - i < WINDOW)
block_mask = create_block_mask(sliding_window, None, None, L, L, device="cpu")

# compiled, Inductor writes one fused C++ kernel for x86 CPUs (forward only)
compiled = torch.compile(flex_attention)
out, code = run_and_get_code(compiled, q, k, v, block_mask=block_mask)
print(sorted(set(re.findall(r"cpp_fused_\w+", code[0]))))  # the kernels it generated
# > ['cpp_fused_flex_attention_0']
print(
    torch.allclose(
        out, F.scaled_dot_product_attention(q, k, v, attn_mask=dense), atol=1e-5
    )
)
# > True
