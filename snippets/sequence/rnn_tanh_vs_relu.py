import torch
from torch import nn

torch.manual_seed(0)
H, L = 32, 100
x = torch.randn(1, L, H)
W = torch.randn(H, H)
W = 1.5 * W / torch.linalg.eigvals(W).abs().max()  # spectral radius 1.5
print(round(torch.linalg.eigvals(W).abs().max().item(), 3))
# > 1.5


def run(nonlinearity, W_hh, x):
    n = len(W_hh)
    rnn = nn.RNN(n, n, nonlinearity=nonlinearity, bias=False, batch_first=True)
    with torch.no_grad():
        rnn.weight_hh_l0.copy_(W_hh)
        rnn.weight_ih_l0.copy_(torch.eye(n))  # the input is added as it is
    return rnn, rnn(x)[0][0]  # (L, H): the state at every step


for nl in ("tanh", "relu"):
    _, out = run(nl, W, x)
    print(nl, [f"{out[t].abs().max():.1e}" for t in (9, 49, 99)])
    # > tanh ['1.0e+00', '1.0e+00', '9.8e-01']
    # > relu ['1.5e+01', '4.4e+04', '9.4e+08']

# IRNN (Le et al., 2015): ReLU, W_hh = identity, zero bias. On the units that stay
# active the Jacobian of one step is exactly I, so the gradient does not shrink
x = torch.rand(1, L, H, requires_grad=True)  # positive inputs: every unit active
for nl in ("tanh", "relu"):
    _, out = run(nl, torch.eye(H), x)
    g = torch.autograd.grad(out[-1].sum(), x)[0][0]
    print(
        nl, f"state {out[-1].max():.2f}", f"grads {g[90].mean():.1e} {g[0].mean():.1e}"
    )
    # > tanh state 0.96 grads 9.1e-07 0.0e+00
    # > relu state 54.85 grads 1.0e+00 1.0e+00
    if nl == "relu":  # h_t = h_{t-1} + x_t: the state is the running sum
        print(torch.allclose(out[-1], x[0].sum(0)))
        # > True

# W_hh's spectral radius does not decide it: ReLU is linear on the active units only
for name, W2 in (
    ("nilpotent", torch.tensor([[2.0, 4.0], [-1.0, -2.0]])),  # radius 0
    ("-1.5 I", -1.5 * torch.eye(2)),  # radius 1.5
):
    _, out = run("relu", W2, torch.ones(1, 60, 2))  # positive inputs, 60 steps
    radius = torch.linalg.eigvals(W2).abs().max().item()
    print(name, f"radius {radius:.1f}", f"max |h| {out.abs().max():.1e}")
    # > nilpotent radius 0.0 max |h| 2.3e+18
    # > -1.5 I radius 1.5 max |h| 1.0e+00
    if name == "nilpotent":  # unit 2 stays off, so unit 1 follows h <- 2 h + x
        print("unit 2 off after step 0:", (out[1:, 1] == 0).all().item())
        # > unit 2 off after step 0: True
