import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
n_users, n_items, dim = 100, 300, 16  # users, items, embedding width

# a synthetic world: each user's taste plus a Zipf-like item popularity
taste = torch.randn(n_users, 8) @ torch.randn(8, n_items)
popularity = -1.2 * torch.log(torch.arange(1, n_items + 1.0))[torch.randperm(n_items)]
true_logits = taste + popularity  # p(item | user) = softmax of the user's row
users = torch.randint(0, n_users, (20000,))
items = torch.multinomial(true_logits[users].softmax(-1), 1).squeeze(1)  # clicks
q = torch.bincount(items, minlength=n_items).float() / len(items)  # item frequency


class Tower(nn.Module):  # id -> embedding; real towers also take features and history
    def __init__(self, n):
        super().__init__()
        self.emb, self.mlp = nn.Embedding(n, dim), nn.Linear(dim, dim)

    def forward(self, ids):
        return self.mlp(F.relu(self.emb(ids)))


def train(log_q_correction, steps=150, batch=128):
    torch.manual_seed(1)
    user_tower, item_tower = Tower(n_users), Tower(n_items)
    params = [*user_tower.parameters(), *item_tower.parameters()]
    opt = torch.optim.Adam(params, lr=1e-2)
    for _ in range(steps):
        idx = torch.randint(0, len(users), (batch,))
        u, i = users[idx], items[idx]
        logits = user_tower(u) @ item_tower(i).T  # row b: its positive is column b,
        if log_q_correction:  # the other clicks in the batch are its negatives
            logits = logits - torch.log(q[i])  # Yi et al. 2019: s(u, i) - log q(i)
        same = (i[None, :] == i[:, None]) & ~torch.eye(batch, dtype=torch.bool)
        logits = logits.masked_fill(same, float("-inf"))  # a repeat is no negative
        loss = F.cross_entropy(logits, torch.arange(batch))
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        return user_tower(torch.arange(n_users)), item_tower(torch.arange(n_items))


def recall(top, truth):  # the share of the true top 10 that was retrieved
    hits = sum(
        len(set(a.tolist()) & set(b.tolist())) for a, b in zip(top, truth, strict=True)
    )
    return round(hits / truth.numel(), 3)


truth = true_logits.topk(10).indices
for corrected in (False, True):
    user_vecs, item_vecs = train(corrected)
    top = (user_vecs @ item_vecs.T).topk(10).indices
    print("logQ correction", corrected, "recall@10", recall(top, truth))
    # > logQ correction False recall@10 0.15
    # > logQ correction True recall@10 0.323

# serving: item vectors precomputed as the index; a query is one matmul and a top-k
query = user_vecs[:1]
scores, ids = (query @ item_vecs.T).topk(10)
brute = sorted(range(n_items), key=lambda j: -float(query[0] @ item_vecs[j]))[:10]
print(ids[0].tolist() == brute)  # the exact search, checked against a loop
# > True

# approximate search, the idea of an IVF index: cluster the items (k-means), then
# score only the items of the 3 clusters (of 10) whose centroids score highest
centroids = item_vecs[torch.randperm(n_items)[:10]]
for _ in range(10):
    cluster = torch.cdist(item_vecs, centroids).argmin(1)
    centroids = torch.stack(
        [
            item_vecs[cluster == c].mean(0) if (cluster == c).any() else centroids[c]
            for c in range(10)
        ]
    )
exact = (user_vecs @ item_vecs.T).topk(10).indices
approx, scored = [], 0
for u in range(n_users):
    probed = (user_vecs[u] @ centroids.T).topk(3).indices
    candidates = torch.isin(cluster, probed).nonzero().squeeze(1)
    scored += len(candidates)
    best = (user_vecs[u] @ item_vecs[candidates].T).topk(10).indices
    approx.append(candidates[best])
fraction = round(scored / (n_users * n_items), 2)
print("scored", fraction, "recall vs exact", recall(approx, exact))
# > scored 0.26 recall vs exact 0.917
