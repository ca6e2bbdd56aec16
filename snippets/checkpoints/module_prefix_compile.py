import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
# an OptimizedModule holding the model as `._orig_mod`; compiles on first call
compiled = torch.compile(model)
print(list(compiled.state_dict())[:2])
# > ['_orig_mod.0.weight', '_orig_mod.0.bias']
# same parameters: save model.state_dict() and no prefix appears
print(compiled._orig_mod is model)
# > True
print(list(model.state_dict())[:2])
# > ['0.weight', '0.bias']

try:
    # the reverse mismatch: plain keys into the wrapper
    compiled.load_state_dict(model.state_dict())
except RuntimeError as e:
    print(str(e).splitlines()[0])
    # > Error(s) in loading state_dict for OptimizedModule:
# load into the original module instead
print(model.load_state_dict(model.state_dict()))
# > <All keys matched successfully>

# nn.Module.compile() compiles in place: no wrapper, so no prefix at all
other = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
other.compile()
print(type(other).__name__, list(other.state_dict())[:2])
# > Sequential ['0.weight', '0.bias']
