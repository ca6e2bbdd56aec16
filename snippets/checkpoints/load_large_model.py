import textwrap
import warnings

import torch
from torch import nn


def build():
    model = nn.Sequential(nn.Linear(1024, 1024), nn.ReLU(), nn.Linear(1024, 10))
    # computed in __init__, never saved (a rotary or mask table, say)
    model.register_buffer("scale", torch.ones(10), persistent=False)
    return model


torch.manual_seed(0)
torch.save(build().state_dict(), "model.pt")  # stands for a checkpoint of many GB

with torch.device("meta"):  # shapes and dtypes only: no memory, no random init
    model = build()
print(model[0].weight.device)
# > meta
before = model[0].weight

# the tensors stay in the file; pages are read when touched
state = torch.load("model.pt", mmap=True)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    model.load_state_dict(state)  # copies into meta tensors: nothing happens
print(model[0].weight.device)
# > meta
message = str(caught[0].message).split(": ", 1)[1].split(" (Did")[0]
print(textwrap.fill(message, 80))
# > copying from a non-meta parameter in the checkpoint to a meta parameter in the
# > current model, which is a no-op.

# the parameters become the loaded tensors: no second copy
model.load_state_dict(state, assign=True)
weight = model[0].weight
print(weight.device, weight.data_ptr() == state["0.weight"].data_ptr())
# > cpu True
# requires_grad is the one property the module keeps: the file's tensor has False
print(type(weight).__name__, weight.requires_grad, state["0.weight"].requires_grad)
# > Parameter True False
# a new object: an optimizer built before this still holds the meta one
print(weight is before)
# > False
# not in the file, so still on meta: recompute it
print(model.scale.device)
# > meta
model.scale = torch.ones(10)
print(model(torch.randn(2, 1024)).shape)
# > torch.Size([2, 10])

# mmap needs the zip format torch.save writes by default, not the legacy one.
torch.save(build().state_dict(), "legacy.pt", _use_new_zipfile_serialization=False)
try:
    torch.load("legacy.pt", mmap=True)
except RuntimeError as e:
    print(str(e).split(" `")[0])
    # > mmap can only be used with files saved with
