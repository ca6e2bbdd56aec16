import torch
import torch.nn.functional as F

torch.manual_seed(0)
N, C = 4, 5
z = torch.randn(N, C, requires_grad=True)
y = torch.randint(0, C, (N,))

# CE = -z_y + logsumexp(z), so dCE/dz_j = softmax(z)_j - [j == y]
expected = z.detach().softmax(1) - F.one_hot(y, C).float()
(g_sum,) = torch.autograd.grad(F.cross_entropy(z, y, reduction="sum"), z)
(g_mean,) = torch.autograd.grad(F.cross_entropy(z, y), z)
print(torch.allclose(g_sum, expected), torch.allclose(g_mean, expected / N))
# > True True
print([round(v, 4) for v in g_sum[0].tolist()], y[0].item())
# > [0.0835, 0.0813, -0.7997, 0.1667, 0.4683] 2
# each row sums to 0: adding a constant to all logits changes nothing
print(g_sum.sum(1).abs().max().item() < 1e-6)
# > True

# a soft target t (here label smoothing) gives softmax(z) - t
eps = 0.1
t = (1 - eps) * F.one_hot(y, C).float() + eps / C
ls = F.cross_entropy(z, y, label_smoothing=eps, reduction="sum")
(g_ls,) = torch.autograd.grad(ls, z)
print(torch.allclose(g_ls, z.detach().softmax(1) - t))
# > True

# the same rule by hand: the Jacobian of softmax, diag(s) - s s^T, times -onehot / s_y
s = z.detach()[0].softmax(0)
jac = torch.diag(s) - torch.outer(s, s)
dloss_ds = -F.one_hot(y[0], C).float() / s[y[0]]
print(torch.allclose(jac @ dloss_ds, expected[0]))
# > True
print(
    torch.allclose(
        torch.autograd.functional.jacobian(lambda v: v.softmax(0), z.detach()[0]), jac
    )
)
# > True
