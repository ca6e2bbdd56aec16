import copy

import torch
from torch import nn

torch.manual_seed(0)


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        self.norm = nn.BatchNorm1d(4)  # running_mean, running_var: buffers
        self.frozen = nn.Linear(4, 4)
        self.frozen.requires_grad_(False)
        self.head = nn.Linear(4, 2)
        self.unused = nn.Linear(4, 2)  # never called in forward: grad stays None

    def forward(self, ids):
        return self.head(self.frozen(self.norm(self.emb(ids))))


base = Tiny()
ids = torch.tensor([1, 2, 3, 2])  # the batch uses rows 1, 2, 3 of 10


def step(opt_cls, batches, **kw):
    m = copy.deepcopy(base)
    opt = opt_cls(m.parameters(), lr=0.1, **kw)
    for b in batches:
        prev = m.emb.weight.detach().clone()  # the rows as the last step found them
        opt.zero_grad()
        m(b).square().mean().backward()
        opt.step()
    before = dict(base.named_parameters())
    moved = [n for n, q in m.named_parameters() if not q.equal(before[n])]
    rows = (m.emb.weight != base.emb.weight).any(1).nonzero().flatten().tolist()
    last = (m.emb.weight != prev).any(1).nonzero().flatten().tolist()
    return moved, rows, last


moved_sgd, rows, _ = step(torch.optim.SGD, [ids])
print(moved_sgd)
# > ['emb.weight', 'norm.weight', 'norm.bias', 'head.weight', 'head.bias']
print("SGD rows", rows)
# > SGD rows [1, 2, 3]
moved, rows, _ = step(torch.optim.AdamW, [ids], weight_decay=0.01)
print("AdamW rows", rows, "same parameters moved:", moved == moved_sgd)
# > AdamW rows [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] same parameters moved: True
# Adam without weight decay: step 2 uses rows 7, 8 only, yet rows 1-3 move in it
# (compared with the weights after step 1, not with the initial ones)
_, _, last = step(torch.optim.Adam, [ids, torch.tensor([7, 8, 7, 8])])
print("Adam rows moved in step 2", last)
# > Adam rows moved in step 2 [1, 2, 3, 7, 8]
_, _, last = step(torch.optim.SGD, [ids, torch.tensor([7, 8, 7, 8])])
print("SGD rows moved in step 2", last)
# > SGD rows moved in step 2 [7, 8]

# Buffers change in forward (train mode), with no optimizer at all
m = copy.deepcopy(base)
m(ids)
print(m.norm.running_mean.equal(base.norm.running_mean), m.norm.num_batches_tracked)
# > False tensor(1)

# "Unused is skipped" needs grad None: zero_grad(set_to_none=False) leaves zeros
m = copy.deepcopy(base)
opt = torch.optim.AdamW(m.parameters(), lr=0.1, weight_decay=0.01)
m.unused(m.emb(ids)).sum().backward()  # step 1 uses `unused`, so it gets a .grad
opt.zero_grad(set_to_none=False)
w = m.unused.weight.clone()
m(ids).square().mean().backward()
opt.step()  # `unused` has a zero .grad, not None: AdamW decays it
print("unused moved:", not m.unused.weight.equal(w))
# > unused moved: True
