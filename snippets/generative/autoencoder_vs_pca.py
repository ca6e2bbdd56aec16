import torch
from torch import nn

torch.manual_seed(0)
# 512 points in 6-D whose variance lies mostly along 2 directions
basis = torch.linalg.qr(torch.randn(6, 6)).Q
scales = torch.tensor([3.0, 2.0, 0.3, 0.2, 0.1, 0.1])
x = (torch.randn(512, 6) * scales) @ basis.T
x = x - x.mean(0)

# PCA: the top-2 right singular vectors of the centred data
pca = torch.linalg.svd(x, full_matrices=False).Vh[:2].T  # (6, 2)

# a linear autoencoder with a 2-wide bottleneck, trained on MSE
enc, dec = nn.Linear(6, 2, bias=False), nn.Linear(2, 6, bias=False)
opt = torch.optim.Adam([*enc.parameters(), *dec.parameters()], lr=1e-2)
for _ in range(1500):
    loss = ((dec(enc(x)) - x) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()

# the decoder's columns span the subspace the reconstructions lie in
w = dec.weight.detach()  # (6, 2)
ae = torch.linalg.qr(w).Q
# cosines of the principal angles between the two subspaces: 1 = same
print(torch.linalg.svdvals(pca.T @ ae).round(decimals=4))
# > tensor([1., 1.])
# same reconstruction error as PCA's projection, the best any rank-2 map gets
pca_loss = ((x @ pca @ pca.T - x) ** 2).mean()
print(f"AE {loss.item():.5f}  PCA {pca_loss.item():.5f}")
# > AE 0.02569  PCA 0.02568
# and the same reconstructions, point by point: the AE's map is PCA's projection
with torch.no_grad():
    x_ae, x_pca = dec(enc(x)), x @ pca @ pca.T
gap, residual = (x_ae - x_pca).abs().max(), (x_ae - x).abs().max()
print(f"max |AE - PCA| {gap:.3f}, max |AE - x| {residual:.3f}")
# > max |AE - PCA| 0.016, max |AE - x| 0.710
# but the weights are not the principal directions: not orthonormal
print((w.T @ w).round(decimals=2))
# > tensor([[ 0.9100, -0.0900],
# >         [-0.0900,  1.4400]])
# and each column mixes the two components
print((pca.T @ w / w.norm(dim=0)).abs().round(decimals=2))
# > tensor([[0.4000, 0.9400],
# >         [0.9100, 0.3300]])
# the components themselves: PCA of the reconstructions gives them, PCA of the codes
# (mapped back through the decoder) does not, since the codes' basis is not orthonormal
with torch.no_grad():
    codes = enc(x)
from_codes = w @ torch.linalg.svd(codes, full_matrices=False).Vh.T
from_codes = from_codes / from_codes.norm(dim=0)
from_recon = torch.linalg.svd(x_ae, full_matrices=False).Vh[:2].T
print("codes", (pca.T @ from_codes).diagonal().abs().round(decimals=3))
# > codes tensor([0.9900, 0.9470])
print("reconstructions", (pca.T @ from_recon).diagonal().abs().round(decimals=3))
# > reconstructions tensor([1., 1.])
