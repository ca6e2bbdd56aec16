import textwrap
import warnings

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.attention import SDPBackend, sdpa_kernel

x = torch.tensor(2.0, requires_grad=True)
y = x**3

# returns the gradient, does not touch x.grad
(dy,) = torch.autograd.grad(y, x, create_graph=True)
print(dy, x.grad)  # 3x^2 = 12, and the result has a graph of its own
# > tensor(12., grad_fn=<MulBackward0>) None
(d2y,) = torch.autograd.grad(dy, x)  # 6x = 12
print(d2y)
# > tensor(12.)
(again,) = torch.autograd.grad(y, x)  # create_graph=True also retained y's graph
print(again)
# > tensor(12.)

# backward(create_graph=True) stores a .grad with a graph back to x: a reference cycle
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    (x**3).backward(create_graph=True)
print(x.grad)
# > tensor(12., grad_fn=<CopyBackwards>)
print(textwrap.fill(str(caught[0].message).split(". If")[0], 80))
# > Using backward() with create_graph=True will create a reference cycle between
# > the parameter and its gradient which can cause a memory leak. We recommend using
# > autograd.grad when creating the graph to avoid this
x.grad = None  # what the warning asks, to break the cycle

(g,) = torch.autograd.grad(x**3, x)  # without create_graph the result is a constant
try:
    torch.autograd.grad(g, x)
except RuntimeError as e:
    print(e)
    # > element 0 of tensors does not require grad and does not have a grad_fn


def new_bytes_saved(fn, known):
    """KiB of new storage autograd keeps for backward while fn runs."""
    held = {}

    def pack(t):
        s = t.untyped_storage()
        if s.data_ptr() not in known:
            held[s.data_ptr()] = s.nbytes()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = fn()
    known.update(held)
    return out, sum(held.values()) // 1024


# Gradient penalty (WGAN-GP, input-gradient regularizers): backward through a gradient
torch.manual_seed(0)
critic = nn.Sequential(nn.Linear(2, 256), nn.Tanh(), nn.Linear(256, 1))
inp = torch.randn(64, 2, requires_grad=True)
known = {t.untyped_storage().data_ptr() for t in (inp, *critic.parameters())}
score, fwd_kib = new_bytes_saved(lambda: critic(inp).sum(), known)
(grad_inp,), bwd_kib = new_bytes_saved(
    lambda: torch.autograd.grad(score, inp, create_graph=True), known
)
print(f"forward kept {fwd_kib} KiB, the create_graph backward {bwd_kib} KiB more")
# > forward kept 64 KiB, the create_graph backward 128 KiB more
penalty = ((grad_inp.norm(dim=1) - 1) ** 2).mean()
penalty.backward()  # second-order terms reach the critic's weights
print(critic[0].weight.grad.shape, bool(critic[0].weight.grad.abs().sum() > 0))
# > torch.Size([256, 2]) True


def penalty_error(out, x):
    """The error a gradient penalty's backward raises through out, or None."""
    (g,) = torch.autograd.grad(out.sum(), x, create_graph=True)
    try:
        g.pow(2).sum().backward()
    except RuntimeError as e:
        return str(e)
    return None


# Not every op has a double backward: the fused attention kernels have none
q = torch.randn(1, 2, 4, 8, requires_grad=True)
sdpa_error = penalty_error(F.scaled_dot_product_attention(q, q, q), q)
print("no derivative for", sdpa_error.split()[2])
# > no derivative for aten::_scaled_dot_product_flash_attention_for_cpu_backward


def verdict(error):
    return (
        "double backward works"
        if error is None
        else f"the same error: {error == sdpa_error}"
    )


# nn.MultiheadAttention calls the fused kernel when it need not return the weights
mha = nn.MultiheadAttention(8, 2, batch_first=True)
xa = torch.randn(2, 4, 8, requires_grad=True)
for need_weights in (True, False):
    error = penalty_error(mha(xa, xa, xa, need_weights=need_weights)[0], xa)
    print(f"need_weights={need_weights}:", verdict(error))
    # > need_weights=True: double backward works
    # > need_weights=False: the same error: True
# the stock Transformer layers call it with need_weights=False. On CPU the fused kernel
# takes no dropout, so train mode with the default dropout=0.1 runs the math path
xs = torch.randn(2, 4, 8, requires_grad=True)
cases = (
    ("encoder, train, dropout=0.1", nn.TransformerEncoderLayer, "train", 0.1),
    ("encoder, train, dropout=0.0", nn.TransformerEncoderLayer, "train", 0.0),
    ("encoder, eval", nn.TransformerEncoderLayer, "eval", 0.1),
    ("decoder, eval", nn.TransformerDecoderLayer, "eval", 0.1),
)
for name, cls, mode, p in cases:
    block = getattr(cls(8, 2, 16, dropout=p, batch_first=True), mode)()
    out = block(xs) if cls is nn.TransformerEncoderLayer else block(xs, xs)
    print(f"{name}:", verdict(penalty_error(out, xs)))
    # > encoder, train, dropout=0.1: double backward works
    # > encoder, train, dropout=0.0: the same error: True
    # > encoder, eval: the same error: True
    # > decoder, eval: the same error: True
# CUDA's fused kernels, checked on the meta device (autograd's formulas are the same
# on every device; no GPU needed)
aten = torch.ops.aten
kernels = (
    lambda t: aten._scaled_dot_product_flash_attention(t, t, t)[0],
    lambda t: aten._scaled_dot_product_efficient_attention(t, t, t, None, True)[0],
    lambda t: aten._scaled_dot_product_cudnn_attention(t, t, t, None, True)[0],
)
for kernel in kernels:
    qm = torch.randn(1, 2, 4, 8, device="meta", requires_grad=True)
    print("no derivative for", penalty_error(kernel(qm), qm).split()[2])
    # > no derivative for aten::_scaled_dot_product_flash_attention_backward
    # > no derivative for aten::_scaled_dot_product_efficient_attention_backward
    # > no derivative for aten::_scaled_dot_product_cudnn_attention_backward
# CUDA's flash and memory-efficient kernels take dropout: an argument of their ops
for op in (
    aten._scaled_dot_product_flash_attention,
    aten._scaled_dot_product_efficient_attention,
):
    schema = op.default._schema
    print(schema.name, [a.name for a in schema.arguments if "dropout" in a.name])
    # > aten::_scaled_dot_product_flash_attention ['dropout_p']
    # > aten::_scaled_dot_product_efficient_attention ['dropout_p']
# the math backend is made of ordinary ops: the penalty step works
with sdpa_kernel(SDPBackend.MATH):
    out = F.scaled_dot_product_attention(q, q, q)
(g,) = torch.autograd.grad(out.sum(), q, create_graph=True)
g.pow(2).sum().backward()
print(q.grad.shape)
# > torch.Size([1, 2, 4, 8])


def f(v):
    return (v**3).sum()


# functional API: Hessian = diag(6v), reverse-over-reverse
print(torch.func.jacrev(torch.func.jacrev(f))(torch.tensor([1.0, 2.0])))
# > tensor([[ 6.,  0.],
# >         [ 0., 12.]])
