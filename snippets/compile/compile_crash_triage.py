import torch
from torch._inductor import config

torch.manual_seed(0)


def f(x):
    return torch.relu(x) * 2


x = torch.randn(8)
bug = {
    # a test-only switch that makes Inductor's C++ code for relu fail to compile
    "cpp.inject_relu_bug_TESTING_ONLY": "compile_error",
    # only to make this demo faster: no CPU-feature probes, no precompiled header
    "cpp.vec_isa_ok": False,
    "cpp_cache_precompile_headers": False,
}
with config.patch(bug):
    # climb the ladder: Dynamo only, + AOTAutograd, + Inductor
    for backend in ["eager", "aot_eager", "inductor"]:
        torch._dynamo.reset()
        try:
            torch.compile(f, backend=backend)(x)
            print(backend, "ok")
            # > eager ok
            # > aot_eager ok
        except Exception as e:
            print(backend, type(e).__name__, "-", str(e).splitlines()[0])
            # > inductor InductorError - CppCompileError: C++ compile error

# the minifier's switches, off by default (TORCHDYNAMO_REPRO_AFTER / _LEVEL)
print(torch._dynamo.config.repro_after, torch._dynamo.config.repro_level)
# > None 2
