import itertools
import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
T, C, BLANK = 4, 3, 0  # 4 frames; classes: blank, "a" = 1, "b" = 2
logits = torch.randn(T, C, dtype=torch.float64, requires_grad=True)
log_probs = F.log_softmax(logits, dim=1)


def collapse(path):  # merge repeats, then drop blanks
    merged = [k for i, k in enumerate(path) if i == 0 or k != path[i - 1]]
    return [k for k in merged if k != BLANK]


def brute_force(lp, target):  # sum over all C**T frame-level paths
    probs = [
        math.exp(sum(lp[t, k].item() for t, k in enumerate(path)))
        for path in itertools.product(range(C), repeat=T)
        if collapse(list(path)) == target
    ]
    return len(probs), -math.log(sum(probs))


def forward(lp, target):  # alpha over the extended sequence: blank, l1, blank, ...
    ext = [BLANK]
    for k in target:
        ext += [k, BLANK]
    S, neg_inf = len(ext), torch.tensor(-math.inf, dtype=lp.dtype)
    alpha = [lp[0, ext[0]], lp[0, ext[1]]] + [neg_inf] * (S - 2)
    for t in range(1, T):
        new = []
        for s in range(S):
            prev = [alpha[s]] + ([alpha[s - 1]] if s >= 1 else [])
            if s >= 2 and ext[s] != BLANK and ext[s] != ext[s - 2]:
                prev.append(alpha[s - 2])  # skip the blank between two labels
            new.append(torch.logsumexp(torch.stack(prev), 0) + lp[t, ext[s]])
        alpha = new
    return -torch.logaddexp(alpha[-1], alpha[-2])  # end on the last label or blank


target = [1, 2]  # "ab"
n_paths, loss_bf = brute_force(log_probs, target)
print(n_paths, "of", C**T, "paths collapse to 'ab'")
# > 15 of 81 paths collapse to 'ab'
print(collapse([1, 1, 0, 2]), collapse([1, 0, 1, 2]), collapse([0, 1, 2, 2]))
# > [1, 2] [1, 1, 2] [1, 2]

loss_fw = forward(log_probs, target)
loss_pt = F.ctc_loss(
    log_probs,
    torch.tensor(target),
    input_lengths=(T,),
    target_lengths=(2,),
    blank=BLANK,
    reduction="sum",
)
print(round(loss_bf, 6), round(loss_fw.item(), 6), round(loss_pt.item(), 6))
# > 1.299563 1.299563 1.299563
(g_fw,) = torch.autograd.grad(loss_fw, logits, retain_graph=True)
(g_pt,) = torch.autograd.grad(loss_pt, logits)
print(torch.allclose(g_fw, g_pt))  # with respect to the logits, through log_softmax
# > True
# With respect to log_probs itself, torch returns the gradient through a log_softmax:
# the true one plus exp(log_probs), so log_softmax must sit in the graph
lp_leaf = log_probs.detach().requires_grad_()
(g_true,) = torch.autograd.grad(forward(lp_leaf, target), lp_leaf)
loss_leaf = F.ctc_loss(lp_leaf, torch.tensor(target), (T,), (2,), reduction="sum")
(g_torch,) = torch.autograd.grad(loss_leaf, lp_leaf)
print(torch.allclose(g_torch, g_true), torch.allclose(g_torch, g_true + lp_leaf.exp()))
# > False True

# A repeat needs a blank between: "aa" in 4 frames has fewer paths than "ab"
print(brute_force(log_probs, [1, 1])[0], "paths collapse to 'aa'")
# > 5 paths collapse to 'aa'

# reduction="mean" (the default) divides each loss by its target length
lp3 = log_probs.detach()[:, None].expand(T, 2, C)
tgt = torch.tensor([[1, 2], [1, 0]])  # "ab" and "a" (padded)
per = F.ctc_loss(lp3, tgt, (T, T), (2, 1), reduction="none")
mean = F.ctc_loss(lp3, tgt, (T, T), (2, 1))
print(torch.allclose(mean, (per / torch.tensor([2.0, 1.0])).mean()))
# > True

# Frames needed: one per label, plus a blank between repeats ("aa" is a, blank, a)
lp = log_probs.detach()
for word, frames in (([1, 2], 2), ([1, 1], 2), ([1, 1], 3)):
    loss = F.ctc_loss(lp[:frames], torch.tensor(word), (frames,), (2,), reduction="sum")
    print(word, frames, round(loss.item(), 4))
    # > [1, 2] 2 4.2565
    # > [1, 1] 2 inf
    # > [1, 1] 3 2.9091
print(F.ctc_loss(lp[:2], torch.tensor([1, 1]), (2,), (2,), zero_infinity=True).item())
# > 0.0

# One sample too short makes the batch's mean inf
lp2 = lp[:2, None].expand(2, 2, C)
both = F.ctc_loss(lp2, torch.tensor([[1, 2], [1, 1]]), (2, 2), (2, 2))
print(both.item())
# > inf

# Best path is not the best labelling: 2 frames, p(blank) = 0.6, p(a) = 0.4
lp_dec = torch.tensor([[0.6, 0.4], [0.6, 0.4]]).log()
best_path = collapse(lp_dec.argmax(1).tolist())
p_a = math.exp(-F.ctc_loss(lp_dec, torch.tensor([1]), (2,), (1,), reduction="sum"))
p_empty = lp_dec[:, BLANK].sum().exp().item()  # its one path: blank, blank
print(best_path, round(p_empty, 2), round(p_a, 2))
# > [] 0.36 0.64
