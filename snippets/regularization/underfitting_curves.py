import torch
from torch import nn

torch.set_num_threads(1)  # tensors this small: more threads only wait on each other
torch.manual_seed(0)
x_train, x_val = torch.rand(200, 1) * 4 - 2, torch.rand(200, 1) * 4 - 2
y_train = torch.sin(3 * x_train) + 0.1 * torch.randn(200, 1)  # noise floor 0.01
y_val = torch.sin(3 * x_val) + 0.1 * torch.randn(200, 1)


def curve(model, lr, epochs=300, marks=(100, 300)):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    points = []
    for epoch in range(1, epochs + 1):
        loss = nn.functional.mse_loss(model(x_train), y_train)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch in marks:
            with torch.no_grad():
                val = nn.functional.mse_loss(model(x_val), y_val).item()
            points.append(f"{loss.item():.3f}/{val:.3f}")
    return "  ".join(points)


def mlp(width):
    return nn.Sequential(
        nn.Linear(1, width),
        nn.Tanh(),
        nn.Linear(width, width),
        nn.Tanh(),
        nn.Linear(width, 1),
    )


# train/val loss at epochs 100 and 300 (and later, for the model still falling at 300)
torch.manual_seed(0)
print("linear, lr 1e-2:", curve(nn.Linear(1, 1), 1e-2))
# > linear, lr 1e-2: 0.426/0.474  0.426/0.474
torch.manual_seed(0)
steps = (100, 300, 1000, 3000, 10000)
print("2x2 tanh, lr 1e-2:", curve(mlp(2), 1e-2, 10000, steps))
# > 2x2 tanh, lr 1e-2: 0.419/0.440  0.378/0.384  0.055/0.056  0.050/0.051  0.020/0.023
torch.manual_seed(0)  # one unit wider: does the floor come within reach?
print("2x3 tanh, lr 1e-2:", curve(mlp(3), 1e-2, 1000, (100, 300, 1000)))
# > 2x3 tanh, lr 1e-2: 0.433/0.483  0.425/0.479  0.016/0.015
torch.manual_seed(0)
print("2x64 tanh, lr 1e-5:", curve(mlp(64), 1e-5))
# > 2x64 tanh, lr 1e-5: 0.483/0.533  0.443/0.493
torch.manual_seed(0)
print("2x64 tanh, lr 1e-2:", curve(mlp(64), 1e-2))
# > 2x64 tanh, lr 1e-2: 0.023/0.024  0.011/0.012
