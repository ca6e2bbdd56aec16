import torch

# one ill-conditioned quadratic: f = 0.5 * (10 x**2 + 0.1 y**2), minimum at (0, 0)
scale = torch.tensor([10.0, 0.1])


def loss_fn(w):
    return 0.5 * (scale * w**2).sum()


family = {  # name: (class, options); lrs picked per method, not tuned to rank them
    "SGD": (torch.optim.SGD, dict(lr=0.12)),
    "momentum": (torch.optim.SGD, dict(lr=0.12, momentum=0.9)),
    "Nesterov": (torch.optim.SGD, dict(lr=0.12, momentum=0.9, nesterov=True)),
    "Adagrad": (torch.optim.Adagrad, dict(lr=0.1)),
    "RMSprop": (torch.optim.RMSprop, dict(lr=0.01)),
    "Adam": (torch.optim.Adam, dict(lr=0.1)),
}

print("name      first step   after 100 steps: loss, state bytes per parameter")
# > name      first step   after 100 steps: loss, state bytes per parameter
for name, (cls, opts) in family.items():
    w = torch.nn.Parameter(torch.tensor([1.0, 1.0]))
    opt = cls([w], **opts)
    for t in range(100):
        opt.zero_grad()
        loss_fn(w).backward()  # the gradient at (1, 1) is (10, 0.1)
        before = w.detach().clone()
        opt.step()
        if t == 0:
            first = [round(v, 3) for v in (w.detach() - before).tolist()]
    state = opt.state[w]
    per_elem = (
        sum(  # per-element buffers; "step" is one scalar per tensor
            v.nbytes for k, v in state.items() if torch.is_tensor(v) and v.numel() > 1
        )
        / w.numel()
    )
    end = f"{loss_fn(w).item():.1e}"
    print(f"{name:9} {str(first):16} {end} {per_elem:.0f}", sorted(state))
    # > SGD       [-1.2, -0.012]   4.5e-03 0 []
    # > momentum  [-1.2, -0.012]   1.5e-04 4 ['momentum_buffer']
    # > Nesterov  [-2.28, -0.023]  4.5e-07 4 ['momentum_buffer']
    # > Adagrad   [-0.1, -0.1]     3.8e-03 4 ['step', 'sum']
    # > RMSprop   [-0.1, -0.1]     7.0e-04 4 ['square_avg', 'step']
    # > Adam      [-0.1, -0.1]     4.4e-05 8 ['exp_avg', 'exp_avg_sq', 'step']
