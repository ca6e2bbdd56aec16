import torch
from torch._inductor import config


def f(x):
    return torch.nn.functional.dropout(x, p=0.5, training=True)


x = torch.ones(10_000)
torch.manual_seed(0)
eager = f(x)
for fallback in [False, True]:
    torch._dynamo.reset()
    # vec_isa_ok, precompile_headers: only to make this demo compile faster
    fast = {"cpp.vec_isa_ok": False, "cpp_cache_precompile_headers": False}
    with config.patch(fallback_random=fallback, **fast):
        compiled = torch.compile(f)  # Inductor
        torch.manual_seed(0)  # the same seed as the eager run
        out = compiled(x)
    # Inductor's own RNG agrees with eager's mask at chance level (about half);
    # fallback_random calls eager's RNG, so the masks match
    agree = (out == eager).float().mean().item()
    print(f"fallback_random={fallback}: mask agrees with eager at {agree:.2f}")
    # > fallback_random=False: mask agrees with eager at 0.50
    # > fallback_random=True: mask agrees with eager at 1.00

# how the accuracy minifier decides "diverged": against a float64 reference
dynamo = torch._dynamo.config
print(dynamo.repro_tolerance, dynamo.same_two_models_use_fp64)
# > 0.001 True
