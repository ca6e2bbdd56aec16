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
# > x
torch.manual_seed(0)
print("2 units, lr 1e-2:", curve(mlp(2), 1e-2))
# > x
torch.manual_seed(0)
print("64 units, lr 1e-5:", curve(mlp(64), 1e-5))
# > x
torch.manual_seed(0)
print("64 units, lr 1e-2:", curve(mlp(64), 1e-2))
# > x
