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
