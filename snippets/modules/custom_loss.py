import torch
import torch.nn.functional as F
from torch import nn


# a function: enough when the loss holds no state
def weighted_mse(pred, target, weight):
    return (weight * (pred - target) ** 2).mean()


# a Module: when the loss owns tensors that must follow .to() and state_dict()
class WeightedMSE(nn.Module):
    def __init__(self, weight):
        super().__init__()
        self.register_buffer("weight", weight)

    def forward(self, pred, target):
        return weighted_mse(pred, target, self.weight)


torch.manual_seed(0)
pred = torch.randn(4, 2, requires_grad=True)
target = torch.randn(4, 2)
w = torch.tensor([1.0, 3.0])

loss_fn = WeightedMSE(w)
loss = loss_fn(pred, target)
loss.backward()  # built from tensor ops: autograd derives the backward, no code needed
print(torch.allclose(loss, weighted_mse(pred, target, w)), pred.grad.shape)
# > True torch.Size([4, 2])
print(list(loss_fn.state_dict()), loss_fn.to(torch.float64).weight.dtype)
# > ['weight'] torch.float64

# Rounding has a zero gradient almost everywhere: nothing flows back through it.
x = torch.tensor([0.3, 1.7], requires_grad=True)
torch.round(x).sum().backward()
print(x.grad)
# > tensor([0., 0.])


# a custom backward: the straight-through estimator
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output  # pretend round() was the identity


x.grad = None
RoundSTE.apply(x).sum().backward()
print(x.grad)
# > tensor([1., 1.])

# The same estimator without a Function: the forward value is round(x), and the detached
# correction carries no gradient, so x's gradient is the identity's
x.grad = None
y = x + (torch.round(x) - x).detach()
y.sum().backward()
print(y.detach(), x.grad)
# > tensor([0., 2.]) tensor([1., 1.])

# Composed by hand, a loss must stay finite: log(sigmoid(x)) underflows to -inf, with a
# nan gradient, where logsigmoid, computed in one piece, does not; log(softmax) alike
x = torch.tensor([-200.0], requires_grad=True)
torch.log(torch.sigmoid(x)).sum().backward()
print(torch.log(torch.sigmoid(x)).item(), F.logsigmoid(x).item(), x.grad.item())
# > -inf -200.0 nan
z = torch.tensor([0.0, 200.0])
print(torch.log(z.softmax(0))[0].item(), z.log_softmax(0)[0].item())
# > -inf -200.0
