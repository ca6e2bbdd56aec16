import warnings

import torch
from torch import nn


def build():
    return nn.Sequential(nn.Linear(1024, 1024), nn.ReLU(), nn.Linear(1024, 10))


torch.save(build().state_dict(), "model.pt")  # stands for a checkpoint of many GB

with torch.device("meta"):  # shapes and dtypes only: no memory, no random init
    model = build()
print(model[0].weight.device)
# > meta

# the tensors stay in the file; pages are read when touched
state = torch.load("model.pt", mmap=True)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    model.load_state_dict(state)  # copies into meta tensors: nothing happens
print(model[0].weight.device)
# > meta
print(str(caught[0].message).split(": ", 1)[1].split(" (Did")[0])
# > copying from a non-meta parameter in the checkpoint to a meta parameter in the current model, which is a no-op.

# the parameters become the loaded tensors: no second copy
model.load_state_dict(state, assign=True)
weight = model[0].weight
print(weight.device, weight.data_ptr() == state["0.weight"].data_ptr())
# > cpu True
print(type(weight).__name__, weight.requires_grad)
# > Parameter True
print(model(torch.randn(2, 1024)).shape)
# > torch.Size([2, 10])
