import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
from torch.profiler import profile

torch.manual_seed(0)
torch.set_num_threads(1)  # the flash kernel allocates its scratch blocks per thread
B, H, L, D = 2, 4, 256, 8
q, k, v = torch.randn(B, H, L, D), torch.randn(B, H, L, D), torch.randn(B, H, L, D)
score_bytes = B * H * L * L * 4  # the float32 L x L scores of every head


def run(backends):
    """The kernel SDPA picked, the ops that received an L x L tensor, and whether
    any op allocated as much memory as the scores need."""
    with (
        sdpa_kernel(backends),
        profile(record_shapes=True, profile_memory=True) as prof,
    ):
        F.scaled_dot_product_attention(q, k, v)
    events = prof.events()
    kernel = [e.name for e in events if e.name.startswith("aten::_scaled_dot")]
    square = {e.name for e in events for s in e.input_shapes if s[-2:] == [L, L]}
    largest = max(e.cpu_memory_usage for e in events)
    return kernel, sorted(square), largest >= score_bytes


# on CPU the fused flash kernel: no op receives the scores, none allocates room for them
print(*run([SDPBackend.FLASH_ATTENTION, SDPBackend.MATH]))
# > ['aten::_scaled_dot_product_flash_attention_for_cpu'] [] False
# the math fallback is the reference formula: it builds the L x L scores
kernel, square, allocated = run([SDPBackend.MATH])
print(kernel, allocated, {"aten::bmm", "aten::softmax"} <= set(square))
# > ['aten::_scaled_dot_product_attention_math'] True True
