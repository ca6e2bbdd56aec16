import torch

torch.manual_seed(0)
# Rewards of G = 4 sampled answers for each of 3 prompts (1 = correct)
rewards = torch.tensor(
    [
        [1.0, 0.0, 0.0, 0.0],  # hard prompt: one of four right
        [1.0, 1.0, 1.0, 0.0],  # easy prompt: three of four right
        [1.0, 1.0, 1.0, 1.0],  # all right: nothing to learn from
        [0.0, 0.0, 0.0, 0.0],  # all wrong: nothing either
    ]
)


def group_advantages(r, eps=1e-4):
    """(r - mean) / std over each prompt's group (DeepSeekMath, section 4.1.2)"""
    return (r - r.mean(1, keepdim=True)) / (r.std(1, keepdim=True) + eps)


adv = group_advantages(rewards)
for row in adv.tolist():
    print([round(x, 2) for x in row])
    # > [1.5, -0.5, -0.5, -0.5]
    # > [0.5, 0.5, 0.5, -1.5]
    # > [0.0, 0.0, 0.0, 0.0]
    # > [0.0, 0.0, 0.0, 0.0]
print(group_advantages(rewards[2:], eps=0.0).isnan().all().item())  # 0 / 0 without eps
# > True
# The baseline is the group itself: a reward shifted or scaled per prompt gives
# the same advantages, which a single global baseline would not
print(torch.allclose(group_advantages(3 * rewards[:2] + 5), adv[:2], atol=1e-3))
# > True

# The per-token KL penalty estimator, pi_ref/pi - log(pi_ref/pi) - 1 (eq. 4):
# never negative, and its mean under pi is the KL(pi || pi_ref)
pi = torch.softmax(torch.randn(50), 0)
ref = torch.softmax(torch.randn(50), 0)
samples = torch.multinomial(pi, 200_000, replacement=True)
ratio = ref[samples] / pi[samples]
k3 = ratio - ratio.log() - 1
exact = (pi * (pi / ref).log()).sum()
print(bool((k3 >= 0).all()), f"{k3.mean().item():.3f}", f"{exact.item():.3f}")
# > True 1.020 1.028
# Unbiased, not just close: its expectation under pi, summed exactly, is the KL
# (the sample mean is about one standard error from it)
r = ref / pi
print(f"{(pi * (r - r.log() - 1)).sum().item():.4f} {exact.item():.4f}")
# > 1.0275 1.0275
print(f"{((k3.mean() - exact) / (k3.std() / len(k3) ** 0.5)).item():.1f}")
# > -1.1
