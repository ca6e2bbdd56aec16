import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
# Stage 2 of RLHF: a reward model from pairwise preferences. Answers are feature
# vectors; a hidden "true" reward decides which of two answers people prefer.
dim, pairs = 16, 2000
true_w = torch.randn(dim)
a, b = torch.randn(pairs, dim), torch.randn(pairs, dim)
prefer_a = torch.rand(pairs) < torch.sigmoid(a @ true_w - b @ true_w)  # Bradley-Terry
chosen = torch.where(prefer_a[:, None], a, b)
rejected = torch.where(prefer_a[:, None], b, a)

reward_model = nn.Linear(dim, 1)
opt = torch.optim.Adam(reward_model.parameters(), lr=0.05)
for _ in range(200):
    # -log sigmoid(r(chosen) - r(rejected)): only the difference is trained
    loss = -F.logsigmoid(reward_model(chosen) - reward_model(rejected)).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()

x, y = torch.randn(1000, dim), torch.randn(1000, dim)  # held-out pairs
with torch.no_grad():
    learned = reward_model(x).squeeze(1) > reward_model(y).squeeze(1)
agree = (learned == (x @ true_w > y @ true_w)).float().mean()
print(f"held-out pairs ranked as the true reward ranks them: {agree:.2f}")
# > held-out pairs ranked as the true reward ranks them: 0.98
cos = F.cosine_similarity(reward_model.weight[0], true_w, dim=0)
print(f"direction recovered: cosine {cos.item():.2f}")
# > direction recovered: cosine 1.00

# The bias never gets a gradient: a reward model's scale is fixed only up to a shift
print(reward_model.bias.grad)
# > tensor([0.])
