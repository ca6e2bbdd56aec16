import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)  # so that CPUs' rounding stays below the digits
torch.manual_seed(0)
P, K, beta = 32, 8, 0.1  # 32 prompts, 8 possible responses to each
true_r = torch.randn(P, K)  # what people prefer (hidden from every method)
ref = torch.randn(P, K)  # the SFT model's logits: the reference of every method


def summary(logits, samples):
    p, p_ref = logits.softmax(1), ref.softmax(1)
    reward = (p * true_r).sum(1).mean()
    kl = (p * (p.log() - p_ref.log())).sum(1).mean()
    return f"true reward {reward:6.3f}, KL to the reference {kl:.2f}, samples {samples}"


def train(params, loss_fn, steps=200):
    opt = torch.optim.Adam(params, lr=0.05)
    for _ in range(steps):
        loss = loss_fn()
        opt.zero_grad()
        loss.backward()
        opt.step()


# 32 preference pairs per prompt, sampled from the reference, labelled by people
a, b = torch.distributions.Categorical(logits=ref).sample((2, 32)).permute(0, 2, 1)
win = torch.rand(P, 32) < torch.sigmoid(true_r.gather(1, a) - true_r.gather(1, b))
yw, yl = torch.where(win, a, b), torch.where(win, b, a)
print(f"best responses: true reward {true_r.max(1).values.mean():.3f}")
# > best responses: true reward 1.367
print("reference (SFT):", summary(ref, 0))
# > reference (SFT): true reward -0.140, KL to the reference 0.00, samples 0

# DPO: the policy trained on the pairs; the reference's log-probs, nothing else
pi = ref.clone().requires_grad_()


def dpo_loss():
    lp, lr = pi.log_softmax(1), ref.log_softmax(1)
    w = lp.gather(1, yw) - lr.gather(1, yw)
    return -F.logsigmoid(beta * (w - lp.gather(1, yl) + lr.gather(1, yl))).mean()


train([pi], dpo_loss)
print("DPO:", summary(pi.detach(), 0))
# > DPO: true reward  0.874, KL to the reference 1.54, samples 0

# RLHF stage 2: a reward model fitted to the same pairs (Bradley-Terry)
rm = torch.zeros(P, K, requires_grad=True)
train([rm], lambda: -F.logsigmoid(rm.gather(1, yw) - rm.gather(1, yl)).mean())
rm = rm.detach()


def online_rl(reward, group, critic, iters=100, epochs=4, eps=0.2):
    """Sample from the current policy, score, clipped update (PPO's objective)."""
    pi = ref.clone().requires_grad_()
    value = torch.zeros(P, 1, requires_grad=True)  # PPO's critic: a value per prompt
    opt = torch.optim.Adam([pi, value], lr=0.05)
    samples = 0
    for _ in range(iters):
        with torch.no_grad():
            old = pi.log_softmax(1)
            y = torch.distributions.Categorical(logits=pi).sample((group,)).T
            samples += y.numel()
            r = reward.gather(1, y)
            ref_lp = ref.log_softmax(1).gather(1, y)
        for _ in range(epochs):
            lp = pi.log_softmax(1).gather(1, y)
            ratio = (lp - old.gather(1, y)).exp()
            if critic:  # PPO: KL penalty in the reward, advantage = return - value
                ret = r - beta * (old.gather(1, y) - ref_lp)
                adv, extra = (ret - value).detach(), ((value - ret) ** 2).mean()
            else:  # GRPO: standardized within the group; k3 KL estimator in the loss
                adv = (r - r.mean(1, keepdim=True)) / (r.std(1, keepdim=True) + 1e-4)
                extra = beta * ((ref_lp - lp).exp() - (ref_lp - lp) - 1).mean()
            clipped = torch.min(ratio * adv, ratio.clamp(1 - eps, 1 + eps) * adv)
            loss = -clipped.mean() + extra
            opt.zero_grad()
            loss.backward()
            opt.step()
    return pi.detach(), samples


print("PPO:", summary(*online_rl(rm, group=1, critic=True)))
# > PPO: true reward  0.797, KL to the reference 2.11, samples 3200
print("GRPO:", summary(*online_rl(rm, group=8, critic=False)))
# > GRPO: true reward  0.863, KL to the reference 2.47, samples 25600
print("GRPO, verifier:", summary(*online_rl(true_r, group=8, critic=False)))
# > GRPO, verifier: true reward  1.288, KL to the reference 2.20, samples 25600

# What each holds during training, for a 7e9-parameter policy: 16 bytes per trained
# parameter (bf16 weights and grads, fp32 master, Adam), 2 per frozen one (bf16)
for name, trained, frozen in [
    ("PPO", 2, 2),  # policy + value model; reference + reward model
    ("DPO", 1, 1),  # policy; reference (or its log-probs computed once)
    ("GRPO", 1, 2),  # policy; reference + reward model (0 with a verifier)
]:
    print(f"{name}: {7e9 * (16 * trained + 2 * frozen) / 2**30:.0f} GiB")
    # > PPO: 235 GiB
    # > DPO: 117 GiB
    # > GRPO: 130 GiB
