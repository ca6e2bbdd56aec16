import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
features = {}


def save_output(name, detach=True):
    def hook(module, inputs, output):  # runs right after module.forward
        # detach: keep the value, not the autograd graph
        features[name] = output.detach() if detach else output

    return hook


handle = model[1].register_forward_hook(save_output("relu"))
raw = model[1].register_forward_hook(save_output("raw", detach=False))
out = model(torch.randn(3, 4))
print(features["relu"].shape, features["relu"].requires_grad)
# > torch.Size([3, 8]) False
# without detach the stored tensor holds the batch's graph (and its saved activations)
node = features["raw"].grad_fn
print(node.name(), "<-", node.next_functions[0][0].name())
# > ReluBackward0 <- AddmmBackward0
raw.remove()

features.clear()
# calling .forward directly bypasses __call__, so no hooks fire
model[1].forward(torch.randn(3, 8))
print(len(features))
# > 0

handle.remove()  # otherwise the hook runs (and holds memory) on every later call
model(torch.randn(3, 4))
print(len(features))
# > 0
