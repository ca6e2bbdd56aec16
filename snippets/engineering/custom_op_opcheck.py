import textwrap

import numpy as np
import torch


# NumPy code PyTorch cannot trace into: custom_op makes it an operator
@torch.library.custom_op("demo::scaled_tanh", mutates_args=())
def scaled_tanh(x: torch.Tensor, scale: float) -> torch.Tensor:
    return torch.from_numpy(scale * np.tanh(x.detach().cpu().numpy())).to(x.device)


@scaled_tanh.register_fake  # the output's shape, dtype and device, no data
def _(x, scale):
    return torch.empty_like(x)


def setup_context(ctx, inputs, output):
    _, scale = inputs
    ctx.save_for_backward(output)
    ctx.scale = scale


def backward(ctx, grad):  # d/dx scale * tanh(x) = scale - out**2 / scale
    (out,) = ctx.saved_tensors
    return grad * (ctx.scale - out * out / ctx.scale), None  # None: no grad for scale


scaled_tanh.register_autograd(backward, setup_context=setup_context)

torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
print(torch.allclose(scaled_tanh(x, 2.0), 2 * torch.tanh(x)))
# > True
for test, result in torch.library.opcheck(scaled_tanh, (x, 2.0)).items():
    print(test, result)
    # > test_schema SUCCESS
    # > test_autograd_registration SUCCESS
    # > test_faketensor SUCCESS
    # > test_aot_dispatch_dynamic SUCCESS
xd = x.detach().double().requires_grad_()
print(torch.autograd.gradcheck(lambda t: scaled_tanh(t, 2.0), (xd,)))
# > True


@torch.library.custom_op("demo::scaled_tanh_bad", mutates_args=())
def bad(x: torch.Tensor, scale: float) -> torch.Tensor:
    return scale * torch.tanh(x)


@bad.register_fake
def _(x, scale):
    return x.new_empty(x.shape[0])  # wrong: drops the last dimension


try:
    torch.library.opcheck(bad, (x.detach(), 2.0))
except Exception as e:  # OpCheckError, from torch.testing._internal
    print(textwrap.fill(str(e).splitlines()[0], 76))
    # > opcheck(op, ...): test_faketensor failed with When comparing the output of
    # > demo.scaled_tanh_bad.default on FakeTensor and concrete Tensors, found
    # > mismatched tensor metadata: Shapes torch.Size([3, 4]) and torch.Size([3])
    # > are not equal! (scroll up for stack trace)


def wrong_backward(ctx, grad):
    return grad * ctx.scale, None  # forgot the 1 - tanh**2 factor


# opcheck compares eager with compiled, both using this formula: it passes
scaled_tanh.register_autograd(wrong_backward, setup_context=setup_context)
checks = torch.library.opcheck(
    scaled_tanh, (x, 2.0), test_utils="test_aot_dispatch_dynamic"
)
wrong = torch.autograd.gradcheck(
    lambda t: scaled_tanh(t, 2.0), (xd,), raise_exception=False
)
print(checks, "gradcheck:", wrong)
# > {'test_aot_dispatch_dynamic': 'SUCCESS'} gradcheck: False
