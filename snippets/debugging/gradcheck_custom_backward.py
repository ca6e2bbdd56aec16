import warnings

import torch
from torch.autograd.gradcheck import GradcheckError, gradcheck


class XSinX(torch.autograd.Function):  # y = x * sin(x), with a hand-written backward
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        # bug: the product rule's sin(x) term is missing
        return grad_out * x * torch.cos(x)


torch.manual_seed(0)
# float64: finite differences need the precision
x = torch.randn(3, dtype=torch.float64, requires_grad=True)
try:
    gradcheck(XSinX.apply, (x,))
except GradcheckError as e:  # a RuntimeError subclass
    print(str(e).rstrip())  # both Jacobians: the diagonal entries disagree
    # > Jacobian mismatch for output 0 with respect to input 0,
    # > numerical:tensor([[ 1.0455,  0.0000,  0.0000],
    # >         [ 0.0000, -0.5701,  0.0000],
    # >         [ 0.0000,  0.0000,  0.4238]], dtype=torch.float64)
    # > analytical:tensor([[ 0.0459,  0.0000,  0.0000],
    # >         [-0.0000, -0.2809, -0.0000],
    # >         [ 0.0000,  0.0000,  1.2446]], dtype=torch.float64)
    # autograd through the plain ops
    reference = torch.autograd.grad((x * torch.sin(x)).sum(), x)[0]
    custom = torch.autograd.grad(XSinX.apply(x).sum(), x)[0]
    # the gap is exactly the missing term
    print(torch.allclose(reference - custom, torch.sin(x)))
    # > True


class XSinXFixed(XSinX):
    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * (torch.sin(x) + x * torch.cos(x))


print(gradcheck(XSinXFixed.apply, (x,)))
# > True
x32 = x.detach().float().requires_grad_()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # correct code, float32: fails anyway
    print(gradcheck(XSinXFixed.apply, (x32,), raise_exception=False))
    # > False
print(str(caught[0].message).split(". ")[0])
# > Input #0 requires gradient and is not a double precision floating point or complex

# at a kink the central difference straddles it: torch's own relu fails at 0
at_kink = torch.tensor([0.0, 1.0], dtype=torch.float64, requires_grad=True)
away = torch.tensor([0.5, 1.0], dtype=torch.float64, requires_grad=True)
print(gradcheck(torch.relu, (at_kink,), raise_exception=False))
# > False
print(gradcheck(torch.relu, (away,), raise_exception=False))
# > True
