import torch
from torch import nn

torch.manual_seed(0)
V, d = 1000, 64
# a "pretrained" LM's two vocabulary matrices (untied), with trained-looking rows:
# small norms and a shared mean direction, as real embedding rows have
emb = nn.Embedding(V, d)
head = nn.Linear(d, V, bias=False)
with torch.no_grad():
    for w in (emb.weight, head.weight):
        w.copy_(0.1 * torch.randn(V, d) + 0.3 * torch.randn(d))
hidden = torch.randn(256, d)  # hidden states of some contexts
old = torch.log_softmax(head(hidden), -1)
pieces = torch.tensor([17, 402, 9])  # "tokamak" = "tok" + "am" + "ak" today


def add_token(new_in, new_out):  # grow both matrices by one row
    e = nn.Embedding(V + 1, d)
    h = nn.Linear(d, V + 1, bias=False)
    with torch.no_grad():
        e.weight[:V], e.weight[V] = emb.weight, new_in
        h.weight[:V], h.weight[V] = head.weight, new_out
    return e, h


inits = {  # each module's own default init: N(0, 1) in, U(+-1/sqrt(d)) out
    "random, defaults": (nn.Embedding(1, d).weight[0], nn.Linear(d, 1).weight[0]),
    "random, both N(0,1)": (torch.randn(d), torch.randn(d)),  # a large output row
    "mean of all rows": (emb.weight.mean(0), head.weight.mean(0)),
    "mean of its pieces": (emb.weight[pieces].mean(0), head.weight[pieces].mean(0)),
}
for name, (i, o) in inits.items():
    e, h = add_token(i.detach(), o.detach())
    new = torch.log_softmax(h(hidden), -1)
    p_new = new[:, V].exp().mean().item()  # how often the model would emit it
    kl = (old.exp() * (old - new[:, :V])).sum(-1).mean().item()
    cos = torch.cosine_similarity(e.weight[V], emb.weight[pieces].mean(0), 0).item()
    print(f"{name:19s} P(new) {p_new:.4f}  KL(old||new) {kl:.4f}  cos {cos:.2f}")
    # > random, defaults    P(new) 0.0062  KL(old||new) 0.0064  cos -0.24
    # > random, both N(0,1) P(new) 0.1993  KL(old||new) 1.0699  cos 0.07
    # > mean of all rows    P(new) 0.0007  KL(old||new) 0.0007  cos 0.98
    # > mean of its pieces  P(new) 0.0008  KL(old||new) 0.0008  cos 1.00
print("uniform share 1/V:", round(1 / (V + 1), 4))
# > uniform share 1/V: 0.001
