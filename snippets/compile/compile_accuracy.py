import torch
from torch._dynamo.utils import same
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
# its test, torch._dynamo.utils.same: outputs that fail allclose at repro_tolerance
# still pass while their RMSE against float64 is at most 2x eager's (+ tol/10)
torch.manual_seed(0)
fp64 = torch.randn(10_000, dtype=torch.float64)
noise = torch.randn(10_000, dtype=torch.float64)
eager_out = (fp64 + 0.01 * noise).float()  # eager: RMSE 0.01 against float64
logged = []


def minifier_same(compiled_out, fp64_ref):
    """The minifier's verdict on compiled_out against eager_out; why, in logged."""
    return same(
        eager_out,
        compiled_out,
        fp64_ref,
        tol=dynamo.repro_tolerance,
        equal_nan=True,
        log_error=lambda msg, *args: logged.append(msg % args),
    )


for worse in [1.8, 2.5]:  # compiled: 1.8x and 2.5x eager's error
    compiled_out = (fp64 + 0.01 * worse * noise).float()
    close = torch.allclose(eager_out, compiled_out, atol=1e-3, rtol=1e-3)
    ok = minifier_same(compiled_out, fp64)
    print(f"{worse}x eager's error: allclose {close}, same {ok}")
    # > 1.8x eager's error: allclose False, same True
    # > 2.5x eager's error: allclose False, same False
print(logged[0].split(" and ")[0])  # why the 2.5x run failed: 0.025 > 2 x 0.010 + 1e-4
# > RMSE (res-fp64): 0.02534, (ref-fp64): 0.01014
print(logged[0].split(", ")[2])
# > multiplier: 2.000000
# with no float64 run (fp64_ref=None, what the minifier passes when the cast fails),
# allclose alone decides: the 1.8x output now fails
logged.clear()
compiled_out = (fp64 + 0.018 * noise).float()
print(minifier_same(compiled_out, None), logged)
# > False ['Accuracy failed: allclose not within tol=0.001']
