import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
compiled = torch.compile(model)  # an OptimizedModule holding the model as `._orig_mod`; compiles on first call
print(list(compiled.state_dict())[:2])
# > ['_orig_mod.0.weight', '_orig_mod.0.bias']
print(compiled._orig_mod is model)  # same parameters: save model.state_dict() and no prefix appears
# > True
print(list(model.state_dict())[:2])
# > ['0.weight', '0.bias']

try:
    compiled.load_state_dict(model.state_dict())  # the reverse mismatch: plain keys into the wrapper
except RuntimeError as e:
    print(str(e).splitlines()[0])
    # > Error(s) in loading state_dict for OptimizedModule:
print(model.load_state_dict(model.state_dict()))  # load into the original module instead
# > <All keys matched successfully>
