import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
# the gradient reaching the generator, per fake sample, through D's logit l
# (D(G(z)) = sigmoid(l)); early in training D is confident: l very negative
logit = torch.tensor([-8.0, -4.0, 0.0, 4.0], requires_grad=True)
saturating = torch.log(1 - torch.sigmoid(logit)).sum()  # G minimizes this
(g_sat,) = torch.autograd.grad(saturating, logit)
non_saturating = -F.logsigmoid(logit).sum()  # G minimizes -log D(G(z))
(g_ns,) = torch.autograd.grad(non_saturating, logit)
for name, v in [
    ("D(G(z))", torch.sigmoid(logit)),
    ("saturating", g_sat),
    ("non-sat.", g_ns),
]:
    print(f"{name:>10}", " ".join(f"{x:+.4f}" for x in v.tolist()))
    # >    D(G(z)) +0.0003 +0.0180 +0.5000 +0.9820
    # > saturating -0.0003 -0.0180 -0.5000 -0.9820
    # >   non-sat. -0.9997 -0.9820 -0.5000 -0.0180

# one training step of each, written with BCE on logits
G = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2))
D = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))
opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
real, z = torch.randn(8, 2) + 3, torch.randn(8, 4)
ones, zeros = torch.ones(8, 1), torch.zeros(8, 1)

fake = G(z)
# D step: real -> 1, fake -> 0; detach so this loss does not reach G
d_loss = F.binary_cross_entropy_with_logits(D(real), ones)
d_loss = d_loss + F.binary_cross_entropy_with_logits(D(fake.detach()), zeros)
opt_d.zero_grad()
d_loss.backward()
opt_d.step()
print(all(p.grad is None for p in G.parameters()))
# > True
# G step: label the fakes 1, i.e. minimize -log D(G(z))
d_grad = D[0].weight.grad.clone()
g_loss = F.binary_cross_entropy_with_logits(D(fake), ones)
opt_g.zero_grad()
g_loss.backward()
opt_g.step()
# the G step also added to D's .grad: the next D step must zero it first
print(torch.equal(d_grad, D[0].weight.grad))
# > False

# the same D step without .detach(): D's loss backpropagates into G as well
fake = G(z)
d_loss = F.binary_cross_entropy_with_logits(D(real), ones)
d_loss = d_loss + F.binary_cross_entropy_with_logits(D(fake), zeros)
opt_d.zero_grad()
opt_g.zero_grad()
d_loss.backward()
print("G got grads:", [n for n, p in G.named_parameters() if p.grad is not None])
# > G got grads: ['0.weight', '0.bias', '2.weight', '2.bias']
# and it freed G's graph, which the G step then needs
g_loss = F.binary_cross_entropy_with_logits(D(fake), ones)
try:
    g_loss.backward()
except RuntimeError as e:
    print(str(e)[:54])
    # > Trying to backward through the graph a second time (or
