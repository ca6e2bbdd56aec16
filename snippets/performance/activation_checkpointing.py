import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
block = torch.nn.Sequential(
    torch.nn.Linear(64, 64),
    torch.nn.GELU(),
    torch.nn.Linear(64, 64),
    torch.nn.GELU(),
    torch.nn.Linear(64, 64),
)
x = torch.randn(32, 64, requires_grad=True)
params = {p.data_ptr() for p in block.parameters()}


def run(forward):
    """Forward + backward; count the activations saved for backward (not parameters)."""
    saved = []

    def pack(t):
        if t.data_ptr() not in params:
            saved.append(t.numel())
        return t

    block.zero_grad()
    x.grad = None
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        loss = forward().sum()
    loss.backward()
    return (
        len(saved),
        sum(saved),
        [p.grad.clone() for p in block.parameters()] + [x.grad.clone()],
    )


n_plain, numel_plain, grads_plain = run(lambda: block(x))
n_ckpt, numel_ckpt, grads_ckpt = run(lambda: checkpoint(block, x, use_reentrant=False))
# every Linear input and every GELU input is kept until backward
print(n_plain, numel_plain)
# > 5 10240
# only the block's input; the rest is recomputed during backward
print(n_ckpt, numel_ckpt)
# > 1 2048
print(all(torch.allclose(a, b) for a, b in zip(grads_plain, grads_ckpt, strict=True)))
# > True
