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
for name, f in acts.items():
    (grad,) = torch.autograd.grad(f(x).sum(), x)
    print(
        f"{name:10}",
        "f(-50), f(50):",
        [round(v, 3) for v in f(ends).tolist()],
        "grad at -5, 0, 5:",
        [round(g, 4) for g in grad.tolist()],
        "mean on N(0,1):",
        round(f(z).mean().item(), 3),
    )
    # > sigmoid    f(-50), f(50): [0.0, 1.0] grad at -5, 0, 5: [0.0066, 0.25, 0.0066] mean on N(0,1): 0.5
    # > tanh       f(-50), f(50): [-1.0, 1.0] grad at -5, 0, 5: [0.0002, 1.0, 0.0002] mean on N(0,1): -0.001
    # > relu       f(-50), f(50): [0.0, 50.0] grad at -5, 0, 5: [0.0, 0.0, 1.0] mean on N(0,1): 0.398
    # > leaky_relu f(-50), f(50): [-0.5, 50.0] grad at -5, 0, 5: [0.01, 0.01, 1.0] mean on N(0,1): 0.394
    # > softplus   f(-50), f(50): [0.0, 50.0] grad at -5, 0, 5: [0.0067, 0.5, 0.9933] mean on N(0,1): 0.805
# softplus is a smooth ReLU: log 2 above it at 0, the gap vanishes for large |x|
t = torch.tensor([-20.0, -5.0, 0.0, 5.0, 20.0])
print([f"{d:.2g}" for d in (F.softplus(t) - torch.relu(t)).tolist()])
# > ['2.1e-09', '0.0067', '0.69', '0.0067', '0']
