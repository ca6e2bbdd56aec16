import torch
from torch import nn

torch.manual_seed(0)
# an in-place ReLU right after the layer we hook
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(inplace=True), nn.Linear(8, 2))
features = {}


def save_output(module, inputs, output):  # runs right after module.forward
    features["view"] = output.detach()  # shares memory with output
    features["copy"] = output.detach().clone()  # its own memory
    features["raw"] = output  # holds the graph that produced it


handle = model[0].register_forward_hook(save_output)

# the other two: the inputs before forward runs, the gradients during backward
seen, last = [], model[2]
last.register_forward_pre_hook(lambda m, args: seen.append(("pre", args[0].shape)))
last.register_forward_hook(lambda m, args, out: seen.append(("forward", out.shape)))
last.register_full_backward_hook(lambda m, gi, go: seen.append(("grad", go[0].shape)))
model(torch.randn(3, 4)).sum().backward()
print([(name, tuple(shape)) for name, shape in seen])
# > [('pre', (3, 8)), ('forward', (3, 2)), ('grad', (3, 2))]

# The ReLU overwrote the detached view in place: its negatives are gone
print((features["view"] < 0).any().item(), (features["copy"] < 0).any().item())
# > False True
print(features["copy"].requires_grad)
# > False

# A forward without backward (feature extraction outside no_grad): the stored output
# keeps its graph, and the graph keeps what it saved for backward, here the batch
batch = torch.randn(3, 4)
out = model(batch)
addmm = features["raw"].grad_fn.next_functions[0][0]  # the node before the ReLU's
print(type(addmm).__name__, addmm._saved_mat1 is batch)
# > AddmmBackward0 True
out.sum().backward()  # backward frees the saved tensors; the graph's nodes stay
try:
    _ = addmm._saved_mat1
except RuntimeError as e:
    print(str(e).split(" (")[0])
    # > Trying to backward through the graph a second time

features.clear()
# calling .forward directly bypasses __call__, so no hooks fire
model[0].forward(torch.randn(3, 4))
print(len(features))
# > 0

handle.remove()  # otherwise the hook runs (and holds memory) on every later call
model(torch.randn(3, 4))
print(len(features))
# > 0

# A forward hook that returns a value replaces the module's output
lin = nn.Linear(2, 2)
lin.register_forward_hook(lambda module, args, output: torch.zeros_like(output))
print(lin(torch.ones(2)).tolist())
# > [0.0, 0.0]
