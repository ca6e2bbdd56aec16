import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)


def random_graph(n, p=0.05):
    A = (torch.rand(n, n) < p).float().triu(1)
    A = A + A.T
    x = torch.randn(n, 4)
    # a node's label depends on its neighbours: the sign of their mean first feature
    nb_mean = (A @ x[:, :1]) / A.sum(1, keepdim=True).clamp(min=1)
    return A, x, (nb_mean.squeeze(1) > 0).long()


class SAGE(nn.Module):  # mean aggregator; the weights do not depend on the node count
    def __init__(self, d_in, d_out):
        super().__init__()
        self.self_lin = nn.Linear(d_in, d_out)
        self.nb_lin = nn.Linear(d_in, d_out, bias=False)

    def forward(self, A, x):
        nb = A @ x / A.sum(1, keepdim=True).clamp(min=1)
        return self.self_lin(x) + self.nb_lin(nb)


A_train, x_train, y_train = random_graph(200)
model = SAGE(4, 2)
opt = torch.optim.Adam(model.parameters(), lr=0.05)
for _ in range(100):
    opt.zero_grad()
    F.cross_entropy(model(A_train, x_train), y_train).backward()
    opt.step()

# a graph never seen in training, with a different number of nodes
A_new, x_new, y_new = random_graph(300)
with torch.no_grad():
    acc = (model(A_new, x_new).argmax(1) == y_new).float().mean()
print(f"GraphSAGE on a new 300-node graph: accuracy {acc:.2f}")
# > GraphSAGE on a new 300-node graph: accuracy 0.92
print("weights:", [tuple(p.shape) for p in model.parameters()])
# > weights: [(2, 4), (2,), (2, 4)]

# a GCN layer, too, has weights of a size independent of N: it runs on the new graph
gcn = nn.Linear(4, 2)
A_hat = A_new + torch.eye(300)
d = A_hat.sum(1).rsqrt()
print("GCN layer on the new graph:", tuple(gcn(d[:, None] * A_hat * d @ x_new).shape))
# > GCN layer on the new graph: (300, 2)

# a transductive model with a learned vector per node id (as in DeepWalk or node2vec)
# has nothing for nodes it never saw
node_emb = nn.Embedding(200, 2)
try:
    node_emb(torch.arange(300))
except IndexError as e:
    print("per-node embedding on the new graph:", type(e).__name__, "-", e)
    # > per-node embedding on the new graph: IndexError - index out of range in self
