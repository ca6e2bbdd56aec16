import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
features = {}


def save_output(name):
    def hook(module, inputs, output):  # runs right after module.forward
        # detach: keep the value, not the autograd graph
        features[name] = output.detach()

    return hook


handle = model[1].register_forward_hook(save_output("relu"))
out = model(torch.randn(3, 4))
print(features["relu"].shape, features["relu"].requires_grad)
# > torch.Size([3, 8]) False

features.clear()
# calling .forward directly bypasses __call__, so no hooks fire
model[1].forward(torch.randn(3, 8))
print(len(features))
# > 0

handle.remove()  # otherwise the hook runs (and holds memory) on every later call
model(torch.randn(3, 4))
print(len(features))
# > 0
