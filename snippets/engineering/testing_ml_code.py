import torch
from torch import nn
from torch.autograd.gradcheck import gradcheck


class Pool(nn.Module):  # (batch, tokens, dim) -> (batch, classes)
    def __init__(self, dim=4, tokens=3, classes=5, buggy=False):
        super().__init__()
        self.head = nn.Linear(dim * tokens, classes)
        self.buggy = buggy

    def forward(self, x):
        if self.buggy:  # flattens in the wrong order: mixes samples, same shape
            return self.head(x.transpose(0, 1).reshape(x.shape[0], -1))
        return self.head(x.flatten(1))


class Center(Pool):  # subtracts the batch mean: mixes samples, yet equivariant
    def forward(self, x):
        x = x.flatten(1)
        return self.head(x - x.mean(0))  # what BatchNorm in train mode does


def test_shapes(model):
    return all(model(torch.randn(b, 3, 4)).shape == (b, 5) for b in (1, 2, 7))


def test_batch_permutation(model):  # each sample's output depends on it alone
    x, perm = torch.randn(6, 3, 4), torch.randperm(6)
    return torch.allclose(model(x)[perm], model(x[perm]), atol=1e-6)


def test_sample_isolation(model):  # output 0 has no gradient from samples 1..5
    x = torch.randn(6, 3, 4, requires_grad=True)
    model(x)[0].sum().backward()
    return bool((x.grad[1:] == 0).all())


def test_overfit_one_batch(make_model, steps=100):
    torch.manual_seed(0)
    model = make_model()
    x, y = torch.randn(8, 3, 4), torch.randint(0, 5, (8,))
    opt = torch.optim.Adam(model.parameters(), lr=0.1)
    for _ in range(steps):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item() < 0.01


def run_seeded(seed):  # the same seed -> the same weights, data and result
    torch.manual_seed(seed)
    model = Pool()
    return model(torch.randn(2, 3, 4))


class Square(torch.autograd.Function):  # a hand-written backward, gradchecked
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 2 * x * grad


class SquareWrong(Square):
    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return x * grad  # forgot the 2


torch.manual_seed(0)
good, bad, center = Pool(), Pool(buggy=True), Center()
print("shapes:", test_shapes(good), test_shapes(bad))
# > shapes: True True
models = (good, bad, center)
print("batch permutation:", *[test_batch_permutation(m) for m in models])
# > batch permutation: True False True
print("sample isolation:", *[test_sample_isolation(m) for m in models])
# > sample isolation: True False False
buggy = test_overfit_one_batch(lambda: Pool(buggy=True))
print("overfit one batch:", test_overfit_one_batch(Pool), buggy)
# > overfit one batch: True True
print("seeded runs equal:", torch.equal(run_seeded(0), run_seeded(0)))
# > seeded runs equal: True
x = torch.randn(4, dtype=torch.float64, requires_grad=True)  # float64 for gradcheck
print("gradcheck:", gradcheck(Square.apply, (x,)))
# > gradcheck: True
print("wrong backward:", gradcheck(SquareWrong.apply, (x,), raise_exception=False))
# > wrong backward: False
