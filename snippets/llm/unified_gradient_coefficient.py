import torch
import torch.nn.functional as F

torch.manual_seed(0)
# One prompt, 4 sampled one-token answers o_i (answers 0 and 2 are correct).
# Every method's gradient is sum_i GC_i * grad log pi(o_i): autograd on the
# log-probs themselves gives GC_i, the weight each method puts on each sample.
logp = torch.log(torch.tensor([0.30, 0.40, 0.20, 0.10]))  # policy log pi(o_i)
ref = torch.log(torch.tensor([0.25, 0.45, 0.15, 0.15]))  # reference log pi_ref(o_i)
reward = torch.tensor([1.0, 0.0, 1.0, 0.0])
beta = 0.1


def coef(objective):  # d objective / d log pi(o_i), per sample
    lp = logp.clone().requires_grad_()
    objective(lp).backward()
    return lp.grad


gc = {
    # SFT on demonstrations (here: samples 0 and 2 are the demonstrations)
    "SFT": coef(lambda lp: lp[[0, 2]].sum()),
    # rejection sampling fine-tuning: SFT on own samples, kept if correct
    "RFT": coef(lambda lp: (reward * lp).sum()),
    # DPO on the pair (chosen 0, rejected 1)
    "DPO": coef(lambda lp: F.logsigmoid(beta * ((lp[0] - ref[0]) - (lp[1] - ref[1])))),
    # GRPO at the sampling step (ratio 1): group advantage + k3 KL penalty
    "GRPO": coef(
        lambda lp: (
            torch.exp(lp - lp.detach()) * (reward - reward.mean()) / reward.std()
            - beta * (torch.exp(ref - lp) - (ref - lp) - 1)
        ).sum()
    ),
}
for name, g in gc.items():
    print(f"{name:4s}", [round(v, 3) for v in g.tolist()])
    # > SFT  [1.0, 0.0, 1.0, 0.0]
    # > RFT  [1.0, 0.0, 1.0, 0.0]
    # > DPO  [0.049, -0.049, 0.0, 0.0]
    # > GRPO [0.849, -0.854, 0.841, -0.816]

# the closed forms
adv = (reward - reward.mean()) / reward.std()
rw, rl = beta * (logp[0] - ref[0]), beta * (logp[1] - ref[1])
dpo = torch.tensor([1.0, -1.0, 0.0, 0.0]) * beta * torch.sigmoid(rl - rw)
grpo = adv + beta * (torch.exp(ref - logp) - 1)
print("RFT = 1[correct]:", torch.equal(gc["RFT"], reward))
# > RFT = 1[correct]: True
print("DPO = +-beta*sigmoid(r_l - r_w):", torch.allclose(gc["DPO"], dpo))
# > DPO = +-beta*sigmoid(r_l - r_w): True
print("GRPO = A + beta*(pi_ref/pi - 1):", torch.allclose(gc["GRPO"], grpo))
# > GRPO = A + beta*(pi_ref/pi - 1): True
