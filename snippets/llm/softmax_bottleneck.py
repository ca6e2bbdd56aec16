import torch
import torch.nn.functional as F

torch.manual_seed(0)
N, V, d, K = 200, 100, 8, 4  # contexts, vocabulary, hidden width, mixture size
rank = torch.linalg.matrix_rank
H, W, b = torch.randn(N, d), torch.randn(V, d), torch.randn(V)
# the log-probability matrix A[i, j] = log P(word j | context i) of a softmax head
print(rank(H @ W.T).item(), rank((H @ W.T).log_softmax(-1)).item())
# > 8 9
print(rank((H @ W.T + b).log_softmax(-1)).item())  # with a bias: one more
# > 10
# a mixture of K softmaxes, same width: the log of a sum is not low-rank
Hk, pi = torch.randn(K, N, d), torch.randn(N, K).softmax(-1)
mos = torch.einsum("nk,knv->nv", pi, (Hk @ W.T).softmax(-1)).log()
print(rank(mos).item())
# > 100

# fit a full-rank target distribution: a softmax of width d cannot get below a floor
target = (2 * torch.randn(N, V)).log_softmax(-1)
print(rank(target).item())
# > 100


def fit(d, mixture, steps=1200):
    torch.manual_seed(1)
    H, W = torch.randn(N, d, requires_grad=True), torch.randn(V, d, requires_grad=True)
    P = torch.randn(K, d, d, requires_grad=True)  # MoS: K context vectors per context
    W_pi = torch.randn(d, K, requires_grad=True)  # and their mixture weights
    params = [H, W] + ([P, W_pi] if mixture else [])
    opt = torch.optim.Adam(params, lr=0.05)
    for _ in range(steps):
        if mixture:
            hk = torch.tanh(torch.einsum("kij,nj->kni", P, H))
            log_pi = (H @ W_pi).log_softmax(-1).T[..., None]  # (K, N, 1)
            logp = torch.logsumexp((hk @ W.T).log_softmax(-1) + log_pi, dim=0)
        else:
            logp = (H @ W.T).log_softmax(-1)
        kl = F.kl_div(logp, target, log_target=True, reduction="batchmean")
        opt.zero_grad()
        kl.backward()
        opt.step()
    n = sum(p.numel() for p in params)
    return f"{n:5d} parameters, KL {kl.item():.2f}, rank {rank(logp.detach()).item()}"


print("softmax, d = 8: ", fit(8, False))
# > softmax, d = 8:   2400 parameters, KL 0.73, rank 9
print("softmax, d = 9: ", fit(9, False))
# > softmax, d = 9:   2700 parameters, KL 0.67, rank 10
print("MoS K=4, d = 8: ", fit(8, True))
# > MoS K=4, d = 8:   2688 parameters, KL 0.60, rank 100
print("softmax, d = 99:", fit(99, False))
# > softmax, d = 99: 29700 parameters, KL 0.00, rank 100
