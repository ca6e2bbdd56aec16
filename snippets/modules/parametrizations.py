import torch
from torch import nn
from torch.nn.utils import parametrize
from torch.nn.utils.parametrizations import orthogonal, weight_norm

torch.manual_seed(0)
x, y = torch.randn(64, 4), torch.randn(64, 4)
eye = torch.eye(4)

# orthogonal(): weight is recomputed from an unconstrained tensor on every access
ortho = orthogonal(nn.Linear(4, 4))
plain = nn.Linear(4, 4)
with torch.no_grad():
    plain.weight.copy_(ortho.weight)  # both start orthogonal
for model in (ortho, plain):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(20):
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    # W @ W.T == I after 20 steps? only where the constraint is built in
    print(
        type(model).__name__,
        torch.allclose(model.weight @ model.weight.T, eye, atol=1e-5),
    )
    # > ParametrizedLinear True
    # > Linear False

# the optimizer trains `original`; the state_dict holds it (and any buffers), not weight
print([n for n, _ in ortho.named_parameters()])
# > ['bias', 'parametrizations.weight.original']
print(list(ortho.state_dict()))
# > ['bias', 'parametrizations.weight.original', 'parametrizations.weight.0.base']

# a plain Linear cannot load that checkpoint
try:
    nn.Linear(4, 4).load_state_dict(ortho.state_dict())
except RuntimeError as e:
    print(str(e).splitlines()[1].strip())
    # > Missing key(s) in state_dict: "weight".

# weight_norm(): weight = g * v / ||v||, stored as original0 (g) and original1 (v)
wn = weight_norm(nn.Linear(4, 3))
for name, tensor in wn.state_dict().items():
    print(name, tuple(tensor.shape))
    # > bias (3,)
    # > parametrizations.weight.original0 (3, 1)
    # > parametrizations.weight.original1 (3, 4)


# your own: any nn.Module whose forward maps the stored tensor to the weight
class Symmetric(nn.Module):
    def forward(self, w):
        return w.triu() + w.triu(1).T


sym = nn.Linear(3, 3)
parametrize.register_parametrization(sym, "weight", Symmetric())
print(torch.equal(sym.weight, sym.weight.T), sym.weight is sym.weight)
# > True False
with parametrize.cached():  # compute once per forward instead of once per access
    print(sym.weight is sym.weight)
    # > True
# bake the current value back into a plain Parameter (for export or inference)
parametrize.remove_parametrizations(sym, "weight")
print(type(sym).__name__, list(sym.state_dict()))
# > Linear ['bias', 'weight']
