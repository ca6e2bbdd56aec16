import torch

torch.manual_seed(0)
k, n_test = 10, 100  # answer length in tokens, test problems per model
sizes = torch.logspace(7, 12, 11)  # parameters: 10M to 1T, half a decade apart
loss = 4.4 * (sizes / 1e7) ** -0.46  # per-token loss on the answer: a power law
p = torch.exp(-loss)  # per-token probability of the right token
print("params  per-token acc  expected EM  measured EM  tokens wrong")
# > params  per-token acc  expected EM  measured EM  tokens wrong
token_acc, exact = [], []
for n, pt in zip(sizes, p, strict=True):
    right = torch.rand(n_test, k) < pt  # a finite test set, tokens independent
    token_acc.append(right.float().mean())
    exact.append(right.all(1).float().mean())  # all k tokens right
    wrong = (~right).sum(1).float().mean()  # a linear metric: token edit distance
    print(
        f"{n:6.0e}  {token_acc[-1]:13.3f}  {pt**k:11.4f}  {exact[-1]:11.2f}"
        f"  {wrong:12.2f}"
    )
    # >  1e+07          0.014       0.0000         0.00          9.86
    # >  3e+07          0.083       0.0000         0.00          9.17
    # >  1e+08          0.210       0.0000         0.00          7.90
    # >  3e+08          0.430       0.0001         0.00          5.70
    # >  1e+09          0.604       0.0050         0.00          3.96
    # >  3e+09          0.729       0.0444         0.03          2.71
    # >  1e+10          0.816       0.1597         0.14          1.84
    # >  3e+10          0.893       0.3396         0.28          1.07
    # >  1e+11          0.938       0.5294         0.49          0.62
    # >  3e+11          0.962       0.6876         0.65          0.38
    # >  1e+12          0.983       0.8021         0.83          0.17

# predict the 1T model from the five smallest (10M to 1B)
X = torch.stack([sizes[:5].log10(), torch.ones(5)], 1)
measured_loss = -torch.stack(token_acc[:5]).log()
slope, icpt = torch.linalg.lstsq(X, measured_loss.log()[:, None])[0]
from_loss = torch.exp(-torch.exp(slope * 12 + icpt)) ** k  # a power law in the loss
slope, icpt = torch.linalg.lstsq(X, torch.stack(exact[:5])[:, None])[0]
from_em = round((slope * 12 + icpt).item(), 2) + 0.0  # a line through exact match
print(
    f"1T exact match: measured {exact[-1]:.2f}, from the per-token loss "
    f"{from_loss.item():.2f}, from exact match {from_em:.2f}"
)
# > 1T exact match: measured 0.83, from the per-token loss 0.82, from exact match 0.00
