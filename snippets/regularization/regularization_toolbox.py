import torch
from torch import nn

torch.manual_seed(0)
# more features (50) than training samples (20): the fit can memorize the noise
w_true = torch.randn(50, 1) * 0.3
x_train, x_val = torch.randn(20, 50), torch.randn(500, 50)
y_train = x_train @ w_true + 0.5 * torch.randn(20, 1)
y_val = x_val @ w_true + 0.5 * torch.randn(500, 1)

for wd in (0.0, 0.1, 1.0):
    torch.manual_seed(0)
    model = nn.Linear(50, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.02, weight_decay=wd)
    for _ in range(2000):
        loss = nn.functional.mse_loss(model(x_train), y_train)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        val = nn.functional.mse_loss(model(x_val), y_val).item()
    norm = model.weight.norm().item()
    print(f"wd {wd}: |w| {norm:.2f}  train {loss.item():.3f}  val {val:.3f}")
    # > wd 0.0: |w| 1.74  train 0.000  val 3.660
    # > wd 0.1: |w| 1.63  train 0.005  val 2.966
    # > wd 1.0: |w| 1.25  train 0.262  val 3.202
print(f"|w_true| {w_true.norm().item():.2f}")
# > |w_true| 2.29
