import torch

graphs = []


def counting_backend(gm, example_inputs):
    graphs.append(gm)
    return gm.forward


@torch.compile(backend=counting_backend)
def f(x):
    return x * 2


# warm-up: the batch size is declared dynamic, so one graph serves every size
x = torch.ones(4)
torch._dynamo.mark_dynamic(x, 0)
f(x)
print(len(graphs))
# > 1
with torch.compiler.set_stance("fail_on_recompile"):
    f(torch.ones(7))  # a new size: the guards pass, no compile
    print(len(graphs))
    # > 1
    # batch 1 (dynamic sizes exclude 0 and 1) and a new dtype would recompile
    for bad in [torch.ones(1), torch.ones(7, dtype=torch.float64)]:
        try:
            f(bad)
        except RuntimeError as e:
            first, *_, last = str(e).splitlines()
            print(last.strip().split("  #")[0])  # the guard that failed
            # > - 0/0: 2 <= x.size()[0]
            # > - 0/0: tensor 'x' dtype mismatch. expected Float, actual Double
    print(first.split(". ")[0])
    # > Detected recompile when torch.compile stance is 'fail_on_recompile'


@torch.compile(backend=counting_backend)
def g(x):  # never called during the warm-up
    return x + 1


with torch.compiler.set_stance("fail_on_recompile"):
    try:
        g(torch.ones(7))  # a first compile, with nothing cached: refused too
    except RuntimeError as e:
        print(str(e).split(". ")[0])
        # > Detected recompile when torch.compile stance is 'fail_on_recompile'
print(len(graphs))  # nothing was compiled under the stance
# > 1
f(torch.ones(7, dtype=torch.float64))  # back to the default stance: it recompiles
print(len(graphs))
# > 2
