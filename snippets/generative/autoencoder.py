import torch
from torch import nn

torch.manual_seed(0)
A = torch.randn(2, 8)


def data(n):  # 8-D points on a curved 2-D surface
    u = torch.rand(n, 2) * 2 - 1
    return torch.sin(2 * u @ A)


def autoencoder(code):  # encoder -> bottleneck of `code` numbers -> decoder
    encoder = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, code))
    decoder = nn.Sequential(nn.Linear(code, 32), nn.Tanh(), nn.Linear(32, 8))
    return nn.Sequential(encoder, decoder)


def train(model, x, noise=0.0, steps=600):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):  # input (noisy if denoising) -> the clean x as target
        loss = (model(x + noise * torch.randn_like(x)) - x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model


def error(model, x):  # per-sample reconstruction error: the anomaly score
    with torch.no_grad():
        return (model(x) - x).pow(2).mean(1)


x_train, x_val, x_test = data(500), data(500), data(500)
# anomalies: Gaussian, with the data's own per-feature mean and std
anomalies = x_train.mean(0) + x_train.std(0) * torch.randn(500, 8)

ae = train(autoencoder(2), x_train)
with torch.no_grad():
    print(tuple(ae[0](x_test).shape), tuple(ae(x_test).shape))
    # > (500, 2) (500, 8)
normal, odd = error(ae, x_test), error(ae, anomalies)
print(f"mean error: normal {normal.mean():.3f}, anomalies {odd.mean():.3f}")
# > mean error: normal 0.018, anomalies 0.510
auroc = (odd[:, None] > normal[None, :]).float().mean()  # P(anomaly scores higher)
threshold = error(ae, x_val).quantile(0.99)  # set on held-out normal data
flagged = [(e > threshold).float().mean().item() for e in (normal, odd)]
print(
    f"AUROC {auroc:.3f}, flagged: normal {flagged[0]:.2f}, anomalies {flagged[1]:.2f}"
)
# > AUROC 0.994, flagged: normal 0.01, anomalies 0.77
# a per-feature baseline: the largest |z-score| over the 8 features
mu, sd = x_train.mean(0), x_train.std(0)
z_normal, z_odd = [((v - mu) / sd).abs().max(1).values for v in (x_test, anomalies)]
print(f"per-feature z-score AUROC {(z_odd[:, None] > z_normal).float().mean():.3f}")
# > per-feature z-score AUROC 0.742

# denoising: trained on noisy inputs against clean targets
dae = train(autoencoder(2), x_train, noise=0.3)
noisy = x_test + 0.3 * torch.randn_like(x_test)
with torch.no_grad():
    mse = [(y - x_test).pow(2).mean().item() for y in (noisy, ae(noisy), dae(noisy))]
print("error of noisy input, AE output, DAE output:", [round(m, 3) for m in mse])
# > error of noisy input, AE output, DAE output: [0.093, 0.093, 0.05]

# no bottleneck: an 8-wide code need not compress
wide = train(autoencoder(8), x_train)
wide_normal, wide_odd = error(wide, x_test), error(wide, anomalies)
print(f"8-wide: normal {wide_normal.mean():.4f}, anomalies {wide_odd.mean():.3f}")
# > 8-wide: normal 0.0001, anomalies 0.088
for name, e in (("2-wide", odd), ("8-wide", wide_odd)):  # a fixed cutoff of 0.1
    print(name, f"anomalies above 0.1: {(e > 0.1).float().mean():.2f}")
    # > 2-wide anomalies above 0.1: 0.97
    # > 8-wide anomalies above 0.1: 0.32
wide_threshold = error(wide, x_val).quantile(0.99)
wide_auroc = (wide_odd[:, None] > wide_normal[None, :]).float().mean()
print(
    f"8-wide, own threshold: flags {(wide_odd > wide_threshold).float().mean():.2f},"
    f" AUROC {wide_auroc:.3f}"
)
# > 8-wide, own threshold: flags 1.00, AUROC 1.000
# the loss's own minimum with no bottleneck: the best affine 8 -> 8 map (least
# squares, float64) is the identity, and reconstructs the anomalies exactly too
X = torch.cat([x_train, torch.ones(500, 1)], 1).double()
W = torch.linalg.lstsq(X, x_train.double()).solution  # rows 0-7: weights, row 8: bias
A1 = torch.cat([anomalies, torch.ones(500, 1)], 1).double()
best_odd = (A1 @ W - anomalies.double()).pow(2).mean(1)
print(
    "identity:",
    torch.allclose(W[:8], torch.eye(8, dtype=torch.float64), atol=1e-6),
    "| anomaly error below 1e-12:",
    (best_odd < 1e-12).all().item(),
)
# > identity: True | anomaly error below 1e-12: True
