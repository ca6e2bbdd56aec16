import torch

torch.manual_seed(10)
a, b = torch.randn(5, 3), torch.randn(4, 3)

d_bcast = (a[:, None, :] - b[None, :, :]).norm(dim=-1)  # (5, 4, 3) intermediate
sq = (a * a).sum(1)[:, None] + (b * b).sum(1)[None, :] - 2 * a @ b.T
d_expand = sq.clamp_min(0).sqrt()
d_cdist = torch.cdist(a, b)
print(d_bcast.shape, torch.allclose(d_bcast, d_expand, atol=1e-5))
# > torch.Size([5, 4]) True
print(torch.allclose(d_bcast, d_cdist, atol=1e-5))
# > True

# cancellation: points far from the origin and a few 1e-3 apart
p = torch.full((3, 3), 1000.0) + torch.randn(3, 3) * 1e-3
x, y, z = p.unbind(1)  # written per coordinate: each op rounds once, in a fixed order
norm2 = x * x + y * y + z * z  # about 3e6: float32 spacing there is 0.25
dot = x[:, None] * x[None, :] + y[:, None] * y[None, :] + z[:, None] * z[None, :]
sq = norm2[:, None] + norm2[None, :] - 2 * dot  # the true values are below 2e-5
print(sq)
# > tensor([[ 0.0000,  0.0000,  0.5000],
# >         [ 0.0000,  0.0000, -0.5000],
# >         [ 0.5000, -0.5000,  0.0000]])
print(sq.sqrt().isnan().any().item(), sq.clamp_min(0).sqrt().isnan().any().item())
# > True False
pd = p.double()
exact_p = torch.cdist(pd, pd, compute_mode="donot_use_mm_for_euclid_dist")
err = (sq.clamp_min(0).sqrt() - exact_p).abs().max()  # clamped: no nan, still wrong
print(round(exact_p.max().item(), 4), round(err.item(), 4))
# > 0.0041 0.703

# the gradient: sqrt has an infinite slope at 0, so a zero distance gives nan
w = torch.tensor([[1.0, 2.0, 3.0], [0.0, 1.0, -1.0]], requires_grad=True)  # exact sums
for eps in (0.0, 1e-12):
    sq = (w * w).sum(1)[:, None] + (w * w).sum(1)[None, :] - 2 * w @ w.T
    (g,) = torch.autograd.grad((sq.clamp_min(0) + eps).sqrt().sum(), w)
    print(eps, g.isnan().any().item())
    # > 0.0 True
    # > 1e-12 False

# cdist: the mm path (used when P or R > 25 by default) vs the exact difference path
q = torch.full((30, 3), 1000.0) + torch.randn(30, 3) * 1e-3
mm = torch.cdist(q, q, compute_mode="use_mm_for_euclid_dist")
exact = torch.cdist(q, q, compute_mode="donot_use_mm_for_euclid_dist")
print(mm.diagonal().max().item() > 0, exact.diagonal().max().item())
# > True 0.0
print(torch.equal(torch.cdist(q, q), mm))  # 30 rows: the default took the mm path
# > True
q25 = q[:25]  # 25 rows: the default keeps the exact path
exact25 = torch.cdist(q25, q25, compute_mode="donot_use_mm_for_euclid_dist")
print(torch.equal(torch.cdist(q25, q25), exact25))
# > True
