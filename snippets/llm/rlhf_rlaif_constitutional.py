import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)  # so that CPUs' rounding stays below the digits
torch.manual_seed(0)
P, K, beta = 64, 6, 0.5  # 64 prompts, 6 candidate responses to each
# Each response's features: helpful, harmful, long, accurate
x = torch.randn(P, K, 4)
true_r = x @ torch.tensor([1.0, -1.0, 0.3, 0.5])  # what people prefer (hidden)
a, b = torch.triu_indices(K, K, 1)  # every pair of responses: 15 per prompt

# RLHF's labels: people, noisy (Bradley-Terry sampling from their hidden reward)
human = torch.rand(P, len(a)) < torch.sigmoid(true_r[:, a] - true_r[:, b])

# RLAIF / Constitutional AI's labels: a judge that scores against written principles
CONSTITUTION = {  # principle: (feature, weight)
    "Choose the more helpful response": (0, 1.0),
    "Choose the less harmful response": (1, -1.0),
    "Choose the more concise response": (2, -0.5),  # people like long answers
    "Choose the more accurate response": (3, 0.5),
}


def ai_judge(feats):
    return sum(w * feats[..., f] for f, w in CONSTITUTION.values())


ai = ai_judge(x[:, a]) > ai_judge(x[:, b])
print(f"AI labels agree with human labels: {(ai == human).double().mean():.3f}")
# > AI labels agree with human labels: 0.742
truth = true_r[:, a] > true_r[:, b]  # the hidden reward's own ranking
print(
    f"with the hidden reward: human {(human == truth).double().mean():.3f},",
    f"AI {(ai == truth).double().mean():.3f}",
)
# > with the hidden reward: human 0.802, AI 0.825


def train_dpo(first_wins, steps=100):
    """The same DPO loss, whoever labelled the pairs; the reference is uniform."""
    w = torch.where(first_wins, a, b)
    lose = torch.where(first_wins, b, a)
    logits = torch.zeros(P, K, requires_grad=True)  # policy starts at the reference
    opt = torch.optim.Adam([logits], lr=0.1)
    losses = []
    for _ in range(steps):
        logp = logits.log_softmax(1) - torch.log(torch.tensor(K))  # log(pi / ref)
        margin = logp.gather(1, w) - logp.gather(1, lose)
        loss = -F.logsigmoid(beta * margin).mean()
        losses.append(loss.item())
        opt.zero_grad()
        loss.backward()
        opt.step()
    return losses, logits.detach().softmax(1)


for name, labels in (("human", human), ("AI", ai)):
    losses, pi = train_dpo(labels)
    reward = (pi * true_r).sum(1).mean()
    length = (pi * x[..., 2]).sum(1).mean()
    print(
        f"{name:5s} labels: DPO loss {losses[0]:.4f} -> {losses[-1]:.4f},",
        f"true reward {reward:.3f}, length {length:+.3f}",
    )
    # > human labels: DPO loss 0.6931 -> 0.2453, true reward 1.801, length +0.362
    # > AI    labels: DPO loss 0.6931 -> 0.1079, true reward 1.795, length -0.140
print(
    f"uniform reference: true reward {true_r.mean():.3f},",
    f"best responses {true_r.max(1).values.mean():.3f}",
)
# > uniform reference: true reward 0.061, best responses 2.104
# A judge that scores each answer alone ranks the six consistently, however poorly
poor = true_r + 2.5 * torch.randn(P, K)  # a noisy judge, one score per answer
poor_labels = poor[:, a] > poor[:, b]
losses, _ = train_dpo(poor_labels)
agree = (poor_labels == truth).double().mean()
print(f"poor judge: {agree:.3f} with the hidden reward, DPO loss {losses[-1]:.4f}")
# > poor judge: 0.723 with the hidden reward, DPO loss 0.1079
