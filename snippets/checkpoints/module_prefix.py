import torch
from torch import nn
from torch.nn.modules.utils import consume_prefix_in_state_dict_if_present

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
# DistributedDataParallel wraps the same way: the model is `.module`
wrapped = nn.DataParallel(model)
print(list(wrapped.state_dict())[:2])
# > ['module.0.weight', 'module.0.bias']

fresh = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
try:
    fresh.load_state_dict(wrapped.state_dict())
except RuntimeError as e:
    for line in str(e).splitlines():
        print(line.strip())
        # > Error(s) in loading state_dict for Sequential:
        # > Missing key(s) in state_dict: "0.weight", "0.bias", "2.weight", "2.bias".
        # > Unexpected key(s) in state_dict: "module.0.weight", "module.0.bias", "module.2.weight", "module.2.bias".

# Best fix: save the inner model's state_dict, then no prefix ever reaches the file.
print(fresh.load_state_dict(wrapped.module.state_dict()))
# > <All keys matched successfully>

# Fix at load time: strip the prefix in place, only from keys that start with it.
state = wrapped.state_dict()
consume_prefix_in_state_dict_if_present(state, "module.")
print(fresh.load_state_dict(state))
# > <All keys matched successfully>
