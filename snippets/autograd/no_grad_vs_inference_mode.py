import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Dropout(0.5), nn.Linear(8, 1))
x = torch.randn(4, 8)


def saved_for_backward(fn):
    """Count the tensors autograd keeps alive for a backward pass while fn runs."""
    count = 0

    def pack(t):
        nonlocal count
        count += 1
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = fn()
    return out, count


model.eval()  # sets training=False: switches Dropout's behaviour, not autograd's
with_graph, n = saved_for_backward(lambda: model(x))
print("eval():", with_graph.requires_grad, n, "tensors saved")
# > eval(): True 4 tensors saved

with torch.no_grad():
    out, n = saved_for_backward(lambda: model(x))
print("eval() + no_grad():", out.requires_grad, n, "tensors saved")
# > eval() + no_grad(): False 0 tensors saved
print("same outputs:", torch.equal(with_graph, out))  # no_grad() changed the cost only
# > same outputs: True

model.train()
with torch.no_grad():  # no graph, but dropout is still active: two calls differ
    print("train() + no_grad() deterministic:", torch.equal(model(x), model(x)))
    # > train() + no_grad() deterministic: False

with torch.inference_mode():
    out = model(x)
    view = x.view(32)  # a view of a normal tensor stays a normal tensor
print(out.requires_grad, out.is_inference(), view.is_inference())
# > False True False
try:
    print(out._version)  # the bookkeeping inference mode skips
except RuntimeError as e:
    print(e)
    # > Inference tensors do not track version counter.
