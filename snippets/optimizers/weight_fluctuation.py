import torch
from torch import nn
from torch.optim.swa_utils import AveragedModel


def train(lr, batch, steps=2000):
    """SGD on the quadratic 0.5 * |w - 1|**2, gradient noise std 1 / sqrt(batch)"""
    torch.manual_seed(0)
    model = nn.Linear(10, 1, bias=False)
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    avg = AveragedModel(model)  # an equal-weight average of the iterates it is fed
    for t in range(steps):
        noise = torch.randn(batch, 10).mean(0)  # a batch's mean noise
        model.weight.grad = model.weight.detach() - 1 + noise
        opt.step()
        if t >= steps // 2:  # average the second half only (SWA)
            avg.update_parameters(model)

    def loss(m):
        return round(0.5 * (m.weight.detach() - 1).pow(2).sum().item(), 4)

    expected = round(10 * lr / (2 * batch * (2 - lr)), 4)  # the stationary mean loss
    return loss(model), loss(avg.module), expected


print(train(lr=0.5, batch=1))  # last iterate, average, theory
# > (1.6167, 0.006, 1.6667)
print(train(lr=0.05, batch=1))  # a 10x lower lr
# > (0.1125, 0.0065, 0.1282)
print(train(lr=0.5, batch=10))  # a 10x larger batch
# > (0.144, 0.0003, 0.1667)
