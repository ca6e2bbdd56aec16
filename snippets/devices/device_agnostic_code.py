import torch
from torch import nn

# the same script runs on a GPU or a laptop
device = "cuda" if torch.cuda.is_available() else "cpu"

torch.manual_seed(0)
# moves parameters and buffers
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
# stands in for a DataLoader: batches are created on the CPU
loader = [(torch.randn(16, 4), torch.randint(0, 2, (16,))) for _ in range(5)]

losses = []
for _epoch in range(10):
    for xb, yb in loader:
        xb, yb = xb.to(device), yb.to(device)  # every batch, inputs and targets
        loss = nn.functional.cross_entropy(model(xb), yb)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    # .item() copies the scalar to the host (on a GPU: the host waits for it)
    losses.append(loss.item())

print(type(losses[0]).__name__, losses[-1] < losses[0])  # a Python float; it trains
# > float True
