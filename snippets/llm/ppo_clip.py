import torch

torch.manual_seed(0)
eps = 0.2  # the paper's choice (Schulman et al. 2017, section 6.1)


def clipped_objective(ratio, adv):
    """L^CLIP = min(r * A, clip(r, 1 - eps, 1 + eps) * A): PPO eq. 7, maximized"""
    return torch.min(ratio * adv, ratio.clamp(1 - eps, 1 + eps) * adv)


ratios = torch.tensor([0.5, 0.9, 1.0, 1.1, 1.5])  # pi_new(a|s) / pi_old(a|s)
for a in (1.0, -1.0):
    r = ratios.clone().requires_grad_()
    obj = clipped_objective(r, torch.tensor(a))
    obj.sum().backward()
    print(f"A={a:+.0f}", [round(x, 2) for x in obj.tolist()], r.grad.tolist())
    # > A=+1 [0.5, 0.9, 1.0, 1.1, 1.2] [1.0, 1.0, 1.0, 1.0, 0.0]
    # > A=-1 [-0.8, -0.9, -1.0, -1.1, -1.5] [0.0, -1.0, -1.0, -1.0, -1.0]

# Why the min, not the clip alone: clip(r) * A would also zero the gradient of
# the bad directions (ratio 0.5 with A = +1, 1.5 with A = -1)
r = torch.tensor([0.5, 1.5], requires_grad=True)
(r.clamp(1 - eps, 1 + eps) * torch.tensor([1.0, -1.0])).sum().backward()
print(r.grad.abs().tolist())
# > [0.0, 0.0]

# Why: many gradient steps on one batch of samples. A softmax policy over 4
# actions, one sample each, advantages +1 for action 0, -1 for the others
adv = torch.tensor([1.0, -1.0, -1.0, -1.0])
old_logits = torch.zeros(4)
for clip in (True, False):
    logits = old_logits.clone().requires_grad_()
    opt = torch.optim.SGD([logits], lr=0.5)
    for _ in range(20):  # 20 epochs on the same samples
        ratio = (logits.log_softmax(0) - old_logits.log_softmax(0)).exp()
        obj = clipped_objective(ratio, adv) if clip else ratio * adv
        opt.zero_grad()
        (-obj.sum()).backward()
        opt.step()
    ratio = (logits.log_softmax(0) - old_logits.log_softmax(0)).exp()
    print("clipped" if clip else "unclipped", [f"{x:.2f}" for x in ratio.tolist()])
    # > clipped ['1.90', '0.70', '0.70', '0.70']
    # > unclipped ['3.96', '0.01', '0.01', '0.01']
