import warnings

import torch


class Gate(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:  # data-dependent control flow
            return x * 2
        return -x


class WithLambda(torch.nn.Module):
    def forward(self, x):
        add_one = lambda t: t + 1  # noqa: E731 (plain Python, outside TorchScript)
        return add_one(x)


pos, neg = torch.ones(3), -torch.ones(3)
with warnings.catch_warnings(record=True) as caught:  # both warn in 2.13
    warnings.simplefilter("always")
    traced = torch.jit.trace(Gate(), pos)  # runs forward once on pos, records ops
    scripted = torch.jit.script(Gate())  # compiles the Python source
    traced_lambda = torch.jit.trace(WithLambda(), pos)
    try:
        torch.jit.script(WithLambda())
    except Exception as e:
        refused = str(e).splitlines()[0]

for category in dict.fromkeys(w.category.__name__ for w in caught):
    print(category)
    # > DeprecationWarning
    # > TracerWarning
tracer = next(w for w in caught if w.category.__name__ == "TracerWarning")
print(str(tracer.message).split(". ")[0])
# > Converting a tensor to a Python boolean might cause the trace to be incorrect

# the trace kept the branch it took on pos; the script kept both
print(Gate()(neg), traced(neg), scripted(neg))
# > tensor([1., 1., 1.]) tensor([-2., -2., -2.]) tensor([1., 1., 1.])
print(traced.code.strip().splitlines()[-1])
# >   return torch.mul(x, CONSTANTS.c0)
print("if" in scripted.code, "if" in traced.code)
# > True False

# tracing records tensor ops whatever Python made them; script refuses what is
# outside its subset of Python
print(traced_lambda(pos), refused)
# > tensor([2., 2., 2.]) Lambda aren't supported:

# torch.compile breaks the graph at the branch and runs the if in Python
print(torch._dynamo.explain(Gate())(pos).graph_break_count)
# > 1
compiled = torch.compile(Gate(), backend="eager")
print(compiled(pos), compiled(neg))
# > tensor([2., 2., 2.]) tensor([1., 1., 1.])
