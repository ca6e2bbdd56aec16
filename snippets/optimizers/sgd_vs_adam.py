import torch

torch.manual_seed(0)
model = torch.nn.Linear(1000, 1000)  # 1,001,000 parameters
n = sum(p.numel() for p in model.parameters())
for opt in (
    torch.optim.SGD(model.parameters(), lr=0.1),
    torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9),
    torch.optim.Adam(model.parameters()),
    torch.optim.Adam(model.parameters(), amsgrad=True),  # a third buffer: the max of v
    torch.optim.Adafactor(model.parameters()),  # v factored: a row and a column
):
    model(torch.randn(8, 1000)).sum().backward()
    opt.step()  # state is created lazily, on the first step
    model.zero_grad()
    state = opt.state[model.weight]
    nbytes = sum(
        t.numel() * t.element_size() for s in opt.state.values() for t in s.values()
    )
    print(type(opt).__name__, sorted(state), f"{nbytes / n:.2f} bytes/param")
    # > SGD [] 0.00 bytes/param
    # > SGD ['momentum_buffer'] 4.00 bytes/param
    # > Adam ['exp_avg', 'exp_avg_sq', 'step'] 8.00 bytes/param
    # > Adam ['exp_avg', 'exp_avg_sq', 'max_exp_avg_sq', 'step'] 12.00 bytes/param
    # > Adafactor ['col_var', 'row_var', 'step'] 0.01 bytes/param

# Muon takes 2-D parameters only: a bias raises; an embedding, 2-D, is accepted
try:
    torch.optim.Muon(model.parameters())  # the Linear's bias is 1-D
except ValueError as e:
    print(str(e).split(" whereas")[0])
    # > Muon only supports 2D parameters
muon = torch.optim.Muon(torch.nn.Embedding(50, 8).parameters())
print([tuple(p.shape) for p in muon.param_groups[0]["params"]])
# > [(50, 8)]
