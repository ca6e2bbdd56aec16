"""Features from a pretrained CNN: drop the head, eval mode, no graph."""

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)


class Net(nn.Module):  # built like torchvision's ResNet: children, plus ops in forward
    def __init__(self, classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8))
        self.body = nn.Sequential(
            nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU()
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.dropout = nn.Dropout(0.2)
        self.fc = nn.Linear(16, classes)

    def forward(self, x):
        x = F.relu(self.stem(x))  # a functional op: not one of the children
        x = torch.flatten(self.pool(self.body(x)), 1)
        return self.fc(self.dropout(x))


# "pretraining": forward passes set the BatchNorm statistics; then save and load
trained = Net()
with torch.no_grad():
    for _ in range(20):
        trained(torch.randn(32, 3, 16, 16) * 2 + 1)
torch.save(trained.state_dict(), "pretrained.pt")
model = Net()
model.load_state_dict(torch.load("pretrained.pt", weights_only=True))
x = torch.randn(4, 3, 16, 16) * 2 + 1

# 1) drop the head: nn.Identity in its place, and forward's own ops still run
model.fc = nn.Identity()
model.eval()
with torch.no_grad():
    features = model(x)
print(tuple(features.shape), features.requires_grad, features.grad_fn)
# > (4, 16) False None

# 2) a Sequential of the children skips what forward does between them
chopped = nn.Sequential(*model.children())[:-1]  # stem, body, pool, dropout
fixed = nn.Sequential(model.stem, nn.ReLU(), model.body, model.pool)
with torch.no_grad():
    a, b = chopped(x), fixed(x)
print(tuple(a.shape), torch.allclose(a.flatten(1), features))
# > (4, 16, 1, 1) False
print(torch.allclose(b.flatten(1), features))
# > True

# 3) a forward hook on the pool: the same features, the model left whole
store = {}
hook = model.pool.register_forward_hook(lambda m, args, out: store.update(pool=out))
with torch.no_grad():
    model(x)
hook.remove()
print(torch.allclose(store["pool"].flatten(1), features))
# > True

# 4) in train mode the same image gets other features: dropout zeroes some, and
# BatchNorm normalizes by the batch, so the image's batch-mates change its features
model.train()
with torch.no_grad():
    print((model(x)[0] == 0).sum().item() > 0, torch.allclose(model(x), model(x)))
    # > True False
    model.dropout.p = 0.0
    print(torch.allclose(model(x[:2])[0], model(x)[0]))
    # > False
# those forwards also moved the pretrained running statistics
print(torch.equal(model.stem[1].running_mean, trained.stem[1].running_mean))
# > False
model.eval()
with torch.no_grad():
    print(torch.allclose(model(x[:2])[0], model(x)[0], atol=1e-6))
    # > True

# 5) eval() is not no_grad: without it the features carry the backbone's graph
features = model(x)
print(model.training, features.requires_grad, type(features.grad_fn).__name__)
# > False True ViewBackward0
