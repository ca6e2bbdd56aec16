import textwrap

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
emb = nn.Embedding(5, 3, padding_idx=0)  # 5 tokens, 3 dimensions; token 0 pads
print(emb.weight[0].tolist())  # the padding row starts at zero
# > [0.0, 0.0, 0.0]

ids = torch.tensor([[0, 2, 2], [4, 0, 1]])
# a lookup is a one-hot row times the weight matrix, without the matmul
print(torch.allclose(emb(ids), F.one_hot(ids, 5).float() @ emb.weight))
# > True

# so the gradient of row i is the sum of the output gradients where i was looked up:
# row 2 twice, rows 1 and 4 once, row 3 never, row 0 (padding) masked to zero
emb(ids).sum().backward()
print(emb.weight.grad[:, 0].tolist())
# > [0.0, 1.0, 2.0, 0.0, 1.0]

# padding_idx masks the gradient; it does not zero the row: loaded weights keep theirs
pretrained = nn.Embedding.from_pretrained(torch.ones(5, 3), padding_idx=0)
print(pretrained.weight[0].tolist())
# > [1.0, 1.0, 1.0]

# trained, that row keeps its value under Adam and momentum (its gradient, and so its
# moments, are always zero); only weight decay moves it
for make_opt in (
    lambda ps: torch.optim.Adam(ps, lr=0.1),
    lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9),
    lambda ps: torch.optim.AdamW(ps, lr=0.1, weight_decay=0.01),
):
    pre = nn.Embedding.from_pretrained(torch.ones(5, 3), padding_idx=0, freeze=False)
    opt = make_opt(pre.parameters())
    for _ in range(3):
        opt.zero_grad()
        pre(ids).sum().backward()
        opt.step()
    # row 0 (padding), row 1 (looked up)
    print(type(opt).__name__, [round(w, 4) for w in pre.weight[:2, 0].tolist()])
    # > Adam [1.0, 0.7]
    # > SGD [1.0, 0.439]
    # > AdamW [0.997, 0.6973]

# out of range, negative, float, int16: each raises
bad_ids = [[5], [-1], [1.0], torch.tensor([1], dtype=torch.int16)]
for bad in map(torch.as_tensor, bad_ids):
    try:
        emb(bad)
    except (IndexError, RuntimeError) as e:
        print(textwrap.fill(f"{type(e).__name__}: {e}", 72))
        # > IndexError: index out of range in self
        # > IndexError: index out of range in self
        # > RuntimeError: Expected tensor for argument #1 'indices' to have one of
        # > the following scalar types: Long, Int; but got torch.FloatTensor instead
        # > (while checking arguments for embedding)
        # > RuntimeError: Expected tensor for argument #1 'indices' to have one of
        # > the following scalar types: Long, Int; but got torch.ShortTensor instead
        # > (while checking arguments for embedding)

# max_norm renormalizes the rows it looks up, in place, during the forward (no_grad or
# not): the weights change without an optimizer step
capped = nn.Embedding(4, 3, max_norm=1.0)
before = capped.weight.detach().clone()
with torch.no_grad():
    capped(torch.tensor([1]))
print(
    round(before[1].norm().item(), 2),
    round(capped.weight[1].norm().item(), 2),
    torch.equal(before[2], capped.weight[2]),
)
# > 1.79 1.0 True

# sparse=True: the gradient is a sparse tensor of the looked-up rows, which only some
# optimizers accept
optim = torch.optim
for make_opt in (optim.SGD, optim.SparseAdam, optim.Adam, optim.AdamW):
    sparse = nn.Embedding(10, 3, sparse=True)
    opt = make_opt(sparse.parameters(), lr=0.1)
    sparse(torch.tensor([1, 2])).sum().backward()
    try:
        opt.step()
        result = f"{sparse.weight.grad.layout} stepped"
    except RuntimeError as e:
        result = str(e)
    print(make_opt.__name__, result)
    # > SGD torch.sparse_coo stepped
    # > SparseAdam torch.sparse_coo stepped
    # > Adam Adam does not support sparse gradients, please consider SparseAdam instead
    # > AdamW Adam does not support sparse gradients, please consider SparseAdam instead
