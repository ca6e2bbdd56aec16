import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
N, D = 1024, 20
X = torch.randn(N, D)
y = (X @ torch.randn(D) + 0.5 * torch.randn(N) > 0).float()  # noisy labels


def new_model():
    torch.manual_seed(1)
    return nn.Sequential(nn.Linear(D, 32), nn.ReLU(), nn.Linear(32, 1))


def loss_on(model, idx):
    return F.binary_cross_entropy_with_logits(model(X[idx]).squeeze(1), y[idx])


# 1. noise: how well one batch's gradient points along the full gradient
model = new_model()


def grad(idx):
    model.zero_grad()
    loss_on(model, idx).backward()
    return torch.cat([p.grad.flatten() for p in model.parameters()])


full = grad(torch.arange(N))
for B in (1, 32, 256):
    batches = [torch.randperm(N)[:B] for _ in range(200)]
    cos = torch.stack([F.cosine_similarity(grad(idx), full, dim=0) for idx in batches])
    # uphill: a small step along this batch's gradient raises the full loss
    print(f"B={B:3}: cosine {cos.mean():.2f}, uphill {(cos < 0).float().mean():.2f}")
    # > B=  1: cosine 0.07, uphill 0.53
    # > B= 32: cosine 0.60, uphill 0.01
    # > B=256: cosine 0.92, uphill 0.00


# 2. the learning rate: two epochs of SGD, full-data loss at the end
def train(B, lr, epochs=2):
    model, g = new_model(), torch.Generator().manual_seed(2)
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for _ in range(epochs):
        for idx in torch.randperm(N, generator=g).split(B):
            opt.zero_grad()
            loss_on(model, idx).backward()
            opt.step()
    with torch.no_grad():
        return f"{loss_on(model, torch.arange(N)).item():.3f}"


for B, lr in [(32, 0.1), (32, 1.0), (1, 0.1), (1, 1.0)]:
    print(f"B={B:2}, lr={lr}: {N // B * 2:4} steps, loss {train(B, lr)}")
    # > B=32, lr=0.1:   64 steps, loss 0.415
    # > B=32, lr=1.0:   64 steps, loss 0.093
    # > B= 1, lr=0.1: 2048 steps, loss 0.088
    # > B= 1, lr=1.0: 2048 steps, loss nan

# 3. BatchNorm in train mode: one value per channel raises
bn = nn.BatchNorm1d(4)
try:
    bn(torch.randn(1, 4))
except ValueError as e:
    print(str(e).split(", got")[0])
    # > Expected more than 1 value per channel when training
out = bn(torch.randn(2, 4))  # two values per channel: each becomes -1 or +1
print(torch.allclose(out.abs(), torch.ones(2, 4), atol=1e-3))
# > True
close = bn(torch.tensor([[0.0] * 4, [1e-3] * 4]))  # within sqrt(eps) = 0.003: shrunk
print(close[1, 0].item() > 0, round(close[1, 0].item(), 2))
# > True 0.16
print(nn.BatchNorm2d(3)(torch.randn(1, 3, 8, 8)).shape)  # one image, 64 positions: runs
# > torch.Size([1, 3, 8, 8])
print(bn.eval()(torch.randn(1, 4)).shape)  # eval mode: running statistics, runs
# > torch.Size([1, 4])

# the same error at the end of an epoch: 33 samples in batches of 32 leave one
net = nn.Sequential(nn.Linear(D, 4), nn.BatchNorm1d(4))
data = TensorDataset(X[:33])
for drop_last in (False, True):
    try:
        for (xb,) in DataLoader(data, batch_size=32, drop_last=drop_last):
            net(xb)
        print(f"drop_last={drop_last}: epoch done")
        # > drop_last=True: epoch done
    except ValueError:
        print(f"drop_last={drop_last}: ValueError on the last batch of {len(xb)}")
        # > drop_last=False: ValueError on the last batch of 1


# 4. hardware: FLOPs per byte of one 4096 x 4096 float32 layer's forward matmul
def intensity(B):
    a, w = (torch.empty(*s, device="meta") for s in ((B, 4096), (4096, 4096)))
    with FlopCounterMode(display=False) as counter:
        out = a @ w
    return counter.get_total_flops() / (a.nbytes + w.nbytes + out.nbytes)


print([round(intensity(B), 1) for B in (1, 32, 256)])
# > [0.5, 15.8, 113.8]
