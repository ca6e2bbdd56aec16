import torch
from torch import nn

torch.manual_seed(0)
# assign=True keeps the checkpoint's dtype: a bf16 file makes a bf16 model
bf16 = {k: v.to(torch.bfloat16) for k, v in nn.Linear(4, 2).state_dict().items()}
copied = nn.Linear(4, 2)
copied.load_state_dict(bf16)  # copy_ into the existing float32 parameters
with torch.device("meta"):
    assigned = nn.Linear(4, 2)
assigned.load_state_dict(bf16, assign=True)
print(copied.weight.dtype, assigned.weight.dtype)
# > torch.float32 torch.bfloat16

# assign=True also writes a flag into the caller's state_dict._metadata
state = nn.Linear(4, 2).state_dict()
with torch.device("meta"):
    nn.Linear(4, 2).load_state_dict(state, assign=True)
print(state._metadata[""])
# > {'version': 1, 'assign_to_params_buffers': True}
other = nn.Linear(4, 2)
before = other.weight
other.load_state_dict(state)  # the default, assign=False...
# ...assigns anyway: `other` now shares its memory with `state`
print(other.weight is before, other.weight.data_ptr() == state["weight"].data_ptr())
# > False True

# The flag is saved with the dict: every later default load of the file assigns too.
torch.save(state, "converted.pt")
loaded = torch.load("converted.pt")
print(loaded._metadata[""])
# > {'version': 1, 'assign_to_params_buffers': True}
fresh = nn.Linear(4, 2)
before = fresh.weight  # what an optimizer built on `fresh` already holds
fresh.load_state_dict(loaded)
print(fresh.weight is before)
# > False
