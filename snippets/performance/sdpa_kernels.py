import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
from torch.profiler import profile

torch.manual_seed(0)
B, H, L, D = 2, 4, 64, 8
q, k, v = torch.randn(B, H, L, D), torch.randn(B, H, L, D), torch.randn(B, H, L, D)


def run(backends):
    """The kernel SDPA picked, and the ops that received an L x L tensor."""
    with sdpa_kernel(backends), profile(record_shapes=True) as prof:
        F.scaled_dot_product_attention(q, k, v)
    events = prof.events()
    kernel = [e.name for e in events if e.name.startswith("aten::_scaled_dot")]
    square = {e.name for e in events for s in e.input_shapes if s[-2:] == [L, L]}
    return kernel, sorted(square & {"aten::bmm", "aten::softmax"})


# on CPU the fused flash kernel: no op ever sees the score matrix
print(*run([SDPBackend.FLASH_ATTENTION, SDPBackend.MATH]))
# > ['aten::_scaled_dot_product_flash_attention_for_cpu'] []
# the math fallback is the reference formula: it builds the L x L scores
print(*run([SDPBackend.MATH]))
# > ['aten::_scaled_dot_product_attention_math'] ['aten::bmm', 'aten::softmax']
