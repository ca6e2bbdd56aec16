import torch

torch.manual_seed(0)
model = torch.nn.Linear(1000, 1000)  # 1,001,000 parameters
n = sum(p.numel() for p in model.parameters())
for opt in (
    torch.optim.SGD(model.parameters(), lr=0.1),
    torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9),
    torch.optim.Adam(model.parameters()),
):
    model(torch.randn(8, 1000)).sum().backward()
    opt.step()  # state is created lazily, on the first step
    model.zero_grad()
    state = opt.state[model.weight]
    nbytes = sum(
        t.numel() * t.element_size() for s in opt.state.values() for t in s.values()
    )
    print(type(opt).__name__, sorted(state), f"{nbytes / n:.2f} bytes per parameter")
    # > SGD [] 0.00 bytes per parameter
    # > SGD ['momentum_buffer'] 4.00 bytes per parameter
    # > Adam ['exp_avg', 'exp_avg_sq', 'step'] 8.00 bytes per parameter


# Multiply the loss by 1000: SGD's step grows 1000x, Adam's does not move
def distance(opt_cls, scale, **kw):
    torch.manual_seed(0)
    w = torch.nn.Parameter(torch.randn(5))
    start = w.detach().clone()
    opt = opt_cls([w], **kw)
    for _ in range(3):
        opt.zero_grad()
        (scale * ((w - 1) ** 2).sum()).backward()
        opt.step()
    return (w - start).norm().item()


for scale in (1.0, 1000.0):
    sgd = distance(torch.optim.SGD, scale, lr=0.01, momentum=0.9)
    adam = distance(torch.optim.Adam, scale, lr=0.01)
    print(scale, f"SGD {sgd:.4g}", f"Adam {adam:.4g}")
    # > 1.0 SGD 0.4494 Adam 0.06706
    # > 1000.0 SGD 2.523e+04 Adam 0.06706
