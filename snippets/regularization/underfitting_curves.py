import torch
from torch import nn

torch.manual_seed(0)
x_train, x_val = torch.rand(200, 1) * 4 - 2, torch.rand(200, 1) * 4 - 2
y_train = torch.sin(3 * x_train) + 0.1 * torch.randn(200, 1)  # noise floor 0.01
y_val = torch.sin(3 * x_val) + 0.1 * torch.randn(200, 1)


def curve(model, lr, epochs=300):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    points = []
    for epoch in range(1, epochs + 1):
        loss = nn.functional.mse_loss(model(x_train), y_train)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch in (50, 150, 300):
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


# train/val loss at epochs 50, 150, 300
torch.manual_seed(0)
print("linear, lr 1e-2:", curve(nn.Linear(1, 1), 1e-2))
# > linear, lr 1e-2: 0.440/0.482  0.426/0.474  0.426/0.474
torch.manual_seed(0)
print("2 units, lr 1e-2:", curve(mlp(2), 1e-2))
# > 2 units, lr 1e-2: 0.430/0.456  0.407/0.421  0.378/0.384
torch.manual_seed(0)
print("64 units, lr 1e-5:", curve(mlp(64), 1e-5))
# > 64 units, lr 1e-5: 0.505/0.554  0.467/0.517  0.443/0.493
torch.manual_seed(0)
print("64 units, lr 1e-2:", curve(mlp(64), 1e-2))
# > 64 units, lr 1e-2: 0.043/0.040  0.020/0.021  0.011/0.012
