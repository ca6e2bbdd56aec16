import torch
from torch import nn

# What a tensor costs: elements x bytes per element, held by its storage.
x = torch.zeros(1000, 1000)
print(x.element_size(), x.nelement() * x.element_size(), x.untyped_storage().nbytes())
# > 4 4000000 4000000
print(x.to(torch.bfloat16).untyped_storage().nbytes())  # half the bytes
# > 2000000

# A view keeps its whole storage alive: one row "costs" the full 4 MB until you clone
# it.
row = x[0]
print(row.untyped_storage().nbytes(), row.clone().untyped_storage().nbytes())
# > 4000000 4000

# Model states with Adam in float32: parameters + gradients + two moments = 4x the
# parameter bytes.
model = nn.Sequential(nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 10))
optimizer = torch.optim.Adam(model.parameters())


def nbytes(tensors):
    return sum(t.untyped_storage().nbytes() for t in tensors)


def saved_for_backward(batch):
    """Bytes autograd keeps for backward: activations, plus the weights it saves."""
    storages = {}

    def pack(t):
        # count each storage once
        storages[t.untyped_storage().data_ptr()] = t.untyped_storage().nbytes()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        model(torch.randn(batch, 256)).sum()
    return sum(storages.values())


model(torch.randn(8, 256)).sum().backward()
optimizer.step()
params = nbytes(model.parameters())
state = nbytes(t for s in optimizer.state.values() for t in s.values() if t.dim() > 0)
print(params, nbytes(p.grad for p in model.parameters()) / params, state / params)
# > 273448 1.0 2.0

# Activation memory grows linearly with the batch: each extra 32 samples adds the same
# amount.
a, b, c = (saved_for_backward(n) for n in (32, 64, 96))
# 32 more rows of two saved (32, 256) float32 activations
print(b - a == c - b, b - a == 32 * 256 * 4 * 2)
# > True True

# Mixed precision shrinks the activations, not the model states: under autocast the
# saved activations are bfloat16, but new gradients are float32 like the weights.
optimizer.zero_grad()
with torch.autocast("cpu", dtype=torch.bfloat16):
    a16, b16 = saved_for_backward(32), saved_for_backward(64)
    model(torch.randn(8, 256)).sum().backward()
print(b16 - a16, "bytes per 32 rows instead of", b - a)
# > 32768 bytes per 32 rows instead of 65536
grads = [p.grad for p in model.parameters()]
print({g.dtype for g in grads}, nbytes(grads) == params)
# > {torch.float32} True


def saved_weights(autocast, input_needs_grad=True):
    """The weights autograd saves, as (layer, dtype, is the parameter itself)."""
    found = []
    weights = {p.numel(): (n, p) for n, p in model.named_parameters() if p.dim() == 2}

    def pack(t):
        if t.numel() in weights:  # 65,536 or 2,560 values: a weight, not an activation
            name, p = weights[t.numel()]
            same = t.untyped_storage().data_ptr() == p.untyped_storage().data_ptr()
            found.append((name, t.dtype, same))
        return t

    h = torch.randn(32, 256, requires_grad=input_needs_grad)  # from an earlier layer?
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=autocast):
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            model(h).sum()
    return found


# float32: backward keeps the parameters themselves, no extra bytes
print(saved_weights(False))
# > [('0.weight', torch.float32, True), ('2.weight', torch.float32, True)]
# autocast: a bfloat16 copy of each weight, 2 more bytes a parameter until backward
print(saved_weights(True))
# > [('0.weight', torch.bfloat16, False), ('2.weight', torch.bfloat16, False)]
# backward keeps the first layer's copy only if its input needs a gradient (data not)
print(saved_weights(True, input_needs_grad=False))
# > [('2.weight', torch.bfloat16, False)]

with torch.no_grad():  # evaluation: nothing is saved for backward
    print(saved_for_backward(32), "bytes instead of", a)
    # > 0 bytes instead of 75776
