import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)  # so the comparisons are tight
torch.manual_seed(0)
N, D, eps = 6, 3, 1e-5
x = (2 + 3 * torch.randn(N, D)).requires_grad_()
gamma = torch.randn(D).requires_grad_()
beta = torch.randn(D).requires_grad_()
dy = torch.randn(N, D)  # the upstream gradient dL/dy

# forward, train mode: per feature, over the batch
y = F.batch_norm(x, None, None, gamma, beta, training=True, eps=eps)
y.backward(dy)  # autograd's gradients

# backward by hand
mu = x.detach().mean(0)
inv_std = (x.detach().var(0, unbiased=False) + eps).rsqrt()  # the biased variance
xhat = (x.detach() - mu) * inv_std
dbeta = dy.sum(0)
dgamma = (dy * xhat).sum(0)
dxhat = dy * gamma.detach()
dx = inv_std / N * (N * dxhat - dxhat.sum(0) - xhat * (dxhat * xhat).sum(0))
print(
    torch.allclose(dx, x.grad),
    torch.allclose(dgamma, gamma.grad),
    torch.allclose(dbeta, beta.grad),
)
# > True True True

# the two subtracted terms come from the mean and the variance depending on x;
# treating them as constants gives a different, wrong gradient
naive = dxhat * inv_std
print(torch.allclose(naive, x.grad), round((naive - x.grad).abs().max().item(), 3))
# > False 0.23

# so dx is projected: per feature it sums to 0, and is orthogonal to xhat up to a
# term of order eps / var (exactly orthogonal at eps=0)
print(bool(dx.sum(0).abs().max() < 1e-12), bool((dx * xhat).sum(0).abs().max() < 1e-6))
# > True True
# a loss that only shifts the outputs (sum of y) gives x no gradient at all
x.grad = None
F.batch_norm(x, None, None, gamma, beta, training=True, eps=eps).sum().backward()
print(x.grad.abs().max().item() < 1e-12)
# > True

# eval mode: the running statistics are constants, the naive formula is right
rm, rv = torch.zeros(D), torch.ones(D)
x.grad = None
F.batch_norm(x, rm, rv, gamma, beta, training=False, eps=eps).backward(dy)
print(torch.allclose(x.grad, dy * gamma.detach() * (rv + eps).rsqrt()))
# > True

# BatchNorm2d: the same formula per channel, the sums over batch and space (N -> N*H*W)
x4, dy4 = torch.randn(2, 3, 4, 4, requires_grad=True), torch.randn(2, 3, 4, 4)
F.batch_norm(x4, None, None, training=True, eps=eps).backward(dy4)
M, dims = 2 * 4 * 4, (0, 2, 3)
xd = x4.detach()
xhat4 = (xd - xd.mean(dims, True)) * (xd.var(dims, False, True) + eps).rsqrt()
s, sx = dy4.sum(dims, True), (dy4 * xhat4).sum(dims, True)
dx4 = (M * dy4 - s - xhat4 * sx) * (xd.var(dims, False, True) + eps).rsqrt() / M
print(torch.allclose(dx4, x4.grad))
# > True
