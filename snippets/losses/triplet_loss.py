import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
N, D, margin = 4, 8, 1.0
anchor, positive, negative = torch.randn(3, N, D).unbind(0)
loss_fn = nn.TripletMarginLoss(margin=margin)  # p=2: Euclidean, not squared

# by hand: max(d(a, p) - d(a, n) + margin, 0), averaged over the batch
d_ap = (anchor - positive).norm(dim=1)
d_an = (anchor - negative).norm(dim=1)
by_hand = (d_ap - d_an + margin).clamp(min=0).mean()
print(torch.allclose(loss_fn(anchor, positive, negative), by_hand))
# > True

# easy triplets: the negative is already farther than the positive by the margin
a = torch.randn(N, D, requires_grad=True)
p = a.detach() + 0.1 * torch.randn(N, D)  # close
n = a.detach() + 3.0 * torch.randn(N, D)  # far
easy = loss_fn(a, p, n)
easy.backward()
print(easy.item(), a.grad.abs().max().item())
# > 0.0 0.0

# a batch of 8 identities, 4 embeddings each: random negatives vs the hardest one
centers = torch.randn(8, D)
emb = (centers[:, None] + 0.6 * torch.randn(8, 4, D)).reshape(32, D)
label = torch.arange(8).repeat_interleave(4)
dist = torch.cdist(emb, emb)
a_idx = torch.arange(32)
p_idx = a_idx - a_idx % 4 + (a_idx + 1) % 4  # another sample of the same identity
other = label[:, None] != label[None, :]
r_idx = torch.multinomial(other.float(), 1).squeeze(1)  # a random other identity
h_idx = dist.masked_fill(~other, float("inf")).argmin(1)  # the closest one
for name, n_idx in (("random", r_idx), ("hardest", h_idx)):
    per = F.triplet_margin_loss(
        emb[a_idx], emb[p_idx], emb[n_idx], margin=margin, reduction="none"
    )
    print(name, f"active {(per > 0).float().mean():.2f}", f"loss {per.mean():.3f}")
    # > random active 0.31 loss 0.239
    # > hardest active 0.81 loss 0.930
