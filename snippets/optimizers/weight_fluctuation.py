import torch
from torch import nn
from torch.optim.swa_utils import AveragedModel

D, RUNS = 10, 100  # 10 weights per run, 100 independent runs side by side


def train(lr, batch, steps=2000):
    """SGD on 0.5 * |w - 1|**2, gradient noise of variance 1 / batch per weight"""
    torch.manual_seed(0)
    model = nn.Linear(D, RUNS, bias=False)  # row r holds run r's weights
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    avg = AveragedModel(model)  # an equal-weight average of the iterates it is fed
    for t in range(steps):
        noise = torch.randn(batch, RUNS, D).mean(0)  # a batch's mean noise
        model.weight.grad = model.weight.detach() - 1 + noise
        opt.step()
        if t >= steps // 2:  # average the second half only (SWA)
            avg.update_parameters(model)

    def loss(m):  # the mean over the runs
        return round(0.5 * (m.weight.detach() - 1).pow(2).sum(1).mean().item(), 4)

    n = steps - steps // 2  # iterates averaged
    theory = D * lr / (2 * batch * (2 - lr)), D / (2 * batch * n)
    return loss(model), round(theory[0], 4), loss(avg.module), round(theory[1], 4)


print(train(lr=0.5, batch=1))  # last iterate, its theory; the average, its theory
# > (1.7051, 1.6667, 0.005, 0.005)
print(train(lr=0.05, batch=1))  # a 10x lower lr
# > (0.1283, 0.1282, 0.005, 0.005)
print(train(lr=0.5, batch=10))  # a 10x larger batch
# > (0.1703, 0.1667, 0.0005, 0.0005)
