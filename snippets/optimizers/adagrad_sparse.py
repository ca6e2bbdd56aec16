import torch
from torch import nn

# without it, sparse Adagrad warns: Sparse invariant checks are implicitly disabled
torch.sparse.check_sparse_tensor_invariants.enable()


def train(opt_cls, sparse=False, steps=100, **kw):
    """row 0 of the embedding is looked up every step, row 1 every 10th step"""
    torch.manual_seed(0)
    emb = nn.Embedding(2, 1, sparse=sparse)
    opt = opt_cls(emb.parameters(), **kw)
    for t in range(steps):
        idx = torch.tensor([0, 1]) if t % 10 == 9 else torch.tensor([0])
        before = emb.weight.detach().clone()
        opt.zero_grad()
        emb(idx).sum().backward()  # a gradient of 1 on each row looked up
        opt.step()
    return (before - emb.weight.detach()).squeeze(1)  # the last step, per row


# step 100: row 0 has 100 gradients behind it, row 1 has 10
print([round(v, 4) for v in train(torch.optim.SGD, lr=0.1).tolist()])
# > [0.1, 0.1]
print([round(v, 4) for v in train(torch.optim.Adagrad, lr=0.1).tolist()])
# > [0.01, 0.0316]
print([round(v, 4) for v in train(torch.optim.Adagrad, sparse=True, lr=0.1).tolist()])
# > [0.01, 0.0316]
try:  # sparse gradients: Adagrad, SGD and SparseAdam take them, Adam does not
    train(torch.optim.Adam, sparse=True, lr=0.1)
except RuntimeError as e:
    print(e)
    # > Adam does not support sparse gradients, please consider SparseAdam instead


# a constant gradient of 1: each optimizer's step, in units of lr, at steps 1, 100, 2500
def steps(opt_cls, **kw):
    p = torch.zeros(1, requires_grad=True)
    opt = opt_cls([p], lr=0.01, **kw)
    out = []
    for t in range(1, 2501):
        before = p.item()
        p.grad = torch.ones(1)
        opt.step()
        if t in (1, 100, 2500):
            out.append(round((before - p.item()) / 0.01, 3))
    return out


print(steps(torch.optim.Adagrad))  # lr / sqrt(t): decays forever
# > [1.0, 0.1, 0.02]
print(steps(torch.optim.RMSprop))  # moving average: no decay, no bias correction
# > [10.0, 1.256, 1.0]
print(steps(torch.optim.Adam))
# > [1.0, 1.0, 1.0]
