import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
n = 512
label = torch.randint(0, 2, (n,))
# dims 0-1: nuisance with large variance; dim 2: the class; dim 3: small detail
x = torch.stack(
    [
        3 * torch.randn(n),
        3 * torch.randn(n),
        2 * label - 1 + 0.3 * torch.randn(n),
        0.5 * torch.randn(n),
    ],
    1,
)


def augment(x):  # a view: new nuisance, a little noise, the content kept
    v = x + 0.05 * torch.randn_like(x)
    v[:, :2] = 3 * torch.randn(len(x), 2)
    return v


def probe(features):  # linear probe: logistic regression on frozen features
    torch.manual_seed(0)
    features = (features - features.mean(0)) / features.std(0)
    clf = nn.Linear(features.shape[1], 1)
    opt = torch.optim.Adam(clf.parameters(), lr=0.05)
    for _ in range(500):
        loss = F.binary_cross_entropy_with_logits(clf(features)[:, 0], label.float())
        opt.zero_grad()
        loss.backward()
        opt.step()
    return ((clf(features)[:, 0] > 0) == label.bool()).float().mean().item()


# reconstruction keeps the directions of largest variance (PCA, 2 components)
pca = torch.linalg.svd(x - x.mean(0), full_matrices=False).Vh[:2].T
print(f"PCA features: probe accuracy {probe(x @ pca):.2f}")
# > PCA features: probe accuracy 0.53

# contrastive (InfoNCE): two views of a sample must match each other, not others
enc = nn.Linear(4, 2)
opt = torch.optim.Adam(enc.parameters(), lr=0.02)
for _ in range(300):
    a = F.normalize(enc(augment(x)), dim=1)
    b = F.normalize(enc(augment(x)), dim=1)
    loss = F.cross_entropy(a @ b.T / 0.1, torch.arange(n))
    opt.zero_grad()
    loss.backward()
    opt.step()
with torch.no_grad():
    z = enc(x)  # probe the encoder output, before the normalization
print(f"contrastive features: probe accuracy {probe(z):.2f}")
# > contrastive features: probe accuracy 0.93
# the encoder learned to ignore what the augmentation changes
print("|weight| per input dim:", enc.weight.abs().sum(0).detach().numpy().round(2))
# > |weight| per input dim: [0.   0.   1.43 2.94]
# the ceiling: the class dimension alone
print(f"class dim alone: probe accuracy {probe(x[:, 2:3]):.2f}")
# > class dim alone: probe accuracy 1.00
