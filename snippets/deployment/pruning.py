import torch
from torch import nn
from torch.nn.utils import prune


def sparsity(t):
    return round((t == 0).float().mean().item(), 2)


torch.manual_seed(0)
layer = nn.Linear(8, 4)
prune.l1_unstructured(layer, "weight", amount=0.5)  # zero the 16 smallest |w|
print(sparsity(layer.weight), list(layer.state_dict()))
# > 0.5 ['bias', 'weight_orig', 'weight_mask']
print([name for name, _ in layer.named_parameters()], len(layer._forward_pre_hooks))
# > ['bias', 'weight_orig'] 1
# weight = weight_orig * weight_mask, recomputed by the hook before each forward
print(torch.equal(layer.weight, layer.weight_orig * layer.weight_mask))
# > True
try:
    nn.Linear(8, 4).load_state_dict(layer.state_dict())
except RuntimeError as e:
    for line in str(e).splitlines():
        print(line.strip())
        # > Error(s) in loading state_dict for Linear:
        # > Missing key(s) in state_dict: "weight".
        # > Unexpected key(s) in state_dict: "weight_orig", "weight_mask".

prune.remove(layer, "weight")  # make it permanent: a plain parameter with zeros
print(sparsity(layer.weight), list(layer.state_dict()), len(layer._forward_pre_hooks))
# > 0.5 ['bias', 'weight'] 0
print(layer.weight.shape, layer.weight.numel())  # still dense: same size, same matmul
# > torch.Size([4, 8]) 32
coo = layer.weight.detach().to_sparse()  # a sparse format stores indices too
sparse_bytes = sum(t.numel() * t.element_size() for t in (coo.values(), coo.indices()))
csr = layer.weight.detach().to_sparse_csr()
csr_parts = (csr.values(), csr.crow_indices(), csr.col_indices())
csr_bytes = sum(t.numel() * t.element_size() for t in csr_parts)
print(layer.weight.numel() * 4, sparse_bytes, csr_bytes)  # dense, COO, CSR bytes
# > 128 320 232

torch.manual_seed(0)
layer = nn.Linear(8, 4)
prune.ln_structured(layer, "weight", amount=0.5, n=2, dim=0)  # whole output rows
prune.remove(layer, "weight")
kept = layer.weight.abs().sum(1) != 0
print(kept.tolist())
# > [False, False, True, True]
small = nn.Linear(8, int(kept.sum()))  # rebuild with the kept rows: really smaller
with torch.no_grad():
    small.weight.copy_(layer.weight[kept])
    small.bias.copy_(layer.bias[kept])
x = torch.randn(5, 8)
print(torch.allclose(small(x), layer(x)[:, kept]), small.weight.numel())
# > True 16
# a pruned row outputs its bias whatever x is: the next layer can absorb it
print(torch.allclose(layer(x)[:, ~kept], layer.bias[~kept].expand(5, -1)))
# > True
act = nn.GELU()  # the activation between this layer and the next
after = nn.Linear(4, 3)  # the next layer reads all 4 outputs
constant = act(layer.bias[~kept])  # what a dropped row feeds it, whatever x is
print(
    "after GELU:",
    [round(c, 3) for c in constant.tolist()],
    "| after ReLU:",
    layer.bias[~kept].relu().tolist(),  # these biases are negative: nothing to fold
)
# > after GELU: [-0.094, -0.071] | after ReLU: [0.0, 0.0]
folded = nn.Linear(2, 3)  # reads only the 2 kept ones
with torch.no_grad():
    folded.weight.copy_(after.weight[:, kept])
    # the dropped rows' constant times their columns, into the bias
    folded.bias.copy_(after.bias + after.weight[:, ~kept] @ constant)
pruned_net = after(act(layer(x)))
not_folded = nn.functional.linear(act(small(x)), after.weight[:, kept], after.bias)
print(
    "folded:",
    torch.allclose(folded(act(small(x))), pruned_net, atol=1e-6),
    "| bias left as it was:",
    torch.allclose(not_folded, pruned_net, atol=1e-6),
)
# > folded: True | bias left as it was: False
