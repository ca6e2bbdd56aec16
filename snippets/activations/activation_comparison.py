import torch
import torch.nn.functional as F

torch.manual_seed(0)
acts = {
    "sigmoid": torch.sigmoid,
    "tanh": torch.tanh,
    "relu": torch.relu,
    "leaky_relu": F.leaky_relu,
    "softplus": F.softplus,
}
x = torch.tensor([-5.0, 0.0, 5.0], requires_grad=True)
ends = torch.tensor([-50.0, 50.0])
z = torch.randn(100_000)  # zero-mean pre-activations
print("name       f(-50), f(50)   grad at -5, 0, 5     mean on N(0, 1)")
# > name       f(-50), f(50)   grad at -5, 0, 5     mean on N(0, 1)
for name, f in acts.items():
    (grad,) = torch.autograd.grad(f(x).sum(), x)
    ends_out = ", ".join(f"{v:.2g}" for v in f(ends).tolist())
    grads = ", ".join(f"{g:.2g}" for g in grad.tolist())
    print(f"{name:10} {ends_out:15} {grads:20} {f(z).mean().item():.3f}")
    # > sigmoid    1.9e-22, 1      0.0066, 0.25, 0.0066 0.500
    # > tanh       -1, 1           0.00018, 1, 0.00018  -0.001
    # > relu       0, 50           0, 0, 1              0.398
    # > leaky_relu -0.5, 50        0.01, 0.01, 1        0.394
    # > softplus   1.9e-22, 50     0.0067, 0.5, 0.99    0.805
# softplus is a smooth ReLU: log 2 above it at 0, the gap vanishes for large |x|
t = torch.tensor([-20.0, -5.0, 0.0, 5.0, 20.0])
print([f"{d:.2g}" for d in (F.softplus(t) - torch.relu(t)).tolist()])
# > ['2.1e-09', '0.0067', '0.69', '0.0067', '0']
# "always positive" holds for real numbers: in float32 softplus underflows to 0
print([f"{v:.2g}" for v in F.softplus(torch.tensor([-100.0, -104.0])).tolist()])
# > ['3.8e-44', '0']
