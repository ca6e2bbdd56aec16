import textwrap

import torch
from torch import nn

torch.manual_seed(0)
old = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
state = old.state_dict()

# a layer inserted
new = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Dropout(0.1), nn.Linear(8, 2))
try:
    new.load_state_dict(state)  # strict=True: every key must match both ways
except RuntimeError as e:
    for line in str(e).splitlines():
        print(line.strip())
        # > Error(s) in loading state_dict for Sequential:
        # > Missing key(s) in state_dict: "3.weight", "3.bias".
        # > Unexpected key(s) in state_dict: "2.weight", "2.bias".

# no error: the last layer silently stays random
result = new.load_state_dict(state, strict=False)
print(result.missing_keys, result.unexpected_keys)
# > ['3.weight', '3.bias'] ['2.weight', '2.bias']

# a layer with parameters inserted, shapes that fit: the old head loads into it
old8 = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8))
new8 = nn.Sequential(
    nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8)
)
result = new8.load_state_dict(old8.state_dict(), strict=False)
print(result.missing_keys, result.unexpected_keys)
# > ['4.weight', '4.bias'] []
print(torch.equal(new8[2].weight, old8[2].weight))  # old head, new layer
# > True

head3 = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))  # a new 3-class head
try:
    # strict=False does not forgive a shape mismatch
    head3.load_state_dict(state, strict=False)
except RuntimeError as e:
    print(textwrap.fill(str(e).splitlines()[1].strip(), 80))
    # > size mismatch for 2.weight: copying a param with shape torch.Size([2, 8]) from
    # > checkpoint, the shape in current model is torch.Size([3, 8]).

# Fine-tuning: drop the keys you mean to replace, load the rest, and check what was
# skipped.
backbone = {k: v for k, v in state.items() if not k.startswith("2.")}
result = head3.load_state_dict(backbone, strict=False)
print(result.missing_keys, result.unexpected_keys)
# > ['2.weight', '2.bias'] []
print(torch.equal(head3[0].weight, old[0].weight))
# > True
