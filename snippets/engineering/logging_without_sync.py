import torch
from torch import nn
from torch.profiler import profile


def train(log_every, steps=20):
    torch.manual_seed(0)
    model = nn.Linear(8, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    running, logged = torch.zeros(()), []
    for step in range(1, steps + 1):
        x = torch.randn(16, 8)
        loss = nn.functional.mse_loss(model(x), x.sum(1, keepdim=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
        running += loss.detach()  # stays on the device: no copy, no graph
        if step % log_every == 0:
            logged.append(running.item() / log_every)  # one host copy per N steps
            running.zero_()
    return logged, loss


with profile() as every_step:
    per_step, loss = train(log_every=1)
with profile() as every_10:
    per_10, _ = train(log_every=10)


def host_copies(prof):  # aten::item: behind .item(); on CUDA a device-to-host read
    return sum(e.count for e in prof.key_averages() if e.key == "aten::item")


print("aten::item calls:", host_copies(every_step), host_copies(every_10))
# > aten::item calls: 20 2
# the same numbers, averaged on the device
means = torch.tensor(per_step).view(2, 10).mean(1)
print(torch.allclose(means, torch.tensor(per_10)), [round(v, 3) for v in per_10])
# > True [2.577, 0.055]
print(loss.grad_fn is not None, loss.detach().grad_fn, loss.detach().requires_grad)
# > True None False
with profile() as formatted:
    text = f"loss {loss.detach():.3f}"  # logging the tensor itself: still .item()
print(text, "aten::item calls:", host_copies(formatted))
# > loss 0.004 aten::item calls: 1
