import torch
import torch.nn.functional as F

torch.manual_seed(0)


def dpo_loss(pi_w, pi_l, ref_w, ref_l, beta):
    """-log sigmoid(beta * ((pi_w - ref_w) - (pi_l - ref_l))), Rafailov et al. eq. 7.
    Arguments are summed log-probs log pi(y|x) of the chosen (w) and rejected (l)."""
    return -F.logsigmoid(beta * ((pi_w - ref_w) - (pi_l - ref_l))).mean()


ref_w, ref_l = torch.tensor([-12.0, -30.0]), torch.tensor([-15.0, -25.0])
# At the start the policy is the reference: the loss is log 2 whatever beta
for beta in (0.1, 0.5):
    print(f"{dpo_loss(ref_w, ref_l, ref_w, ref_l, beta).item():.4f}")
    # > 0.6931
    # > 0.6931

# Only log-ratios to the reference count, not raw likelihoods: pair 2's chosen
# answer is far less likely than its rejected one, and that does not matter
pi_w = (ref_w + torch.tensor([1.0, 1.0])).requires_grad_()
pi_l = (ref_l - torch.tensor([1.0, 1.0])).requires_grad_()
loss = dpo_loss(pi_w, pi_l, ref_w, ref_l, beta=0.1)
loss.backward()
print(f"{loss.item():.4f}", pi_w.grad, pi_l.grad)
# > 0.5981 tensor([-0.0225, -0.0225]) tensor([0.0225, 0.0225])

# The paper's gradient (section 4): -beta * sigmoid(r_l - r_w) per pair, with the
# implicit reward r = beta * log(pi / ref); mean over the batch of 2
r_w, r_l = 0.1 * (pi_w - ref_w), 0.1 * (pi_l - ref_l)
print(torch.allclose(pi_w.grad, -0.1 * torch.sigmoid(r_l - r_w) / 2))
# > True

# beta: the same margin of log-ratios (+2) gives a smaller loss at a larger beta,
# and the gradient weight sigmoid(-beta * margin) then falls off sooner: a large
# beta stops pushing once the policy is a little away from the reference
margin = torch.tensor(2.0)
for beta in (0.01, 0.1, 1.0):
    loss = -F.logsigmoid(beta * margin)
    weight = torch.sigmoid(-beta * margin)
    print(beta, f"{loss.item():.4f}", f"{weight.item():.3f}")
    # > 0.01 0.6832 0.495
    # > 0.1 0.5981 0.450
    # > 1.0 0.1269 0.119
# The log-ratio margin needed to bring the loss down to 0.1: it scales as 1 / beta
need = -torch.log(torch.expm1(torch.tensor(0.1)))  # beta * margin where loss = 0.1
print([f"{(need / beta).item():.1f}" for beta in (0.01, 0.1, 1.0)])
# > ['225.2', '22.5', '2.3']
# Checked on dpo_loss itself: the chosen answer's log-ratio moved up by that margin
z = torch.zeros(1)
print([f"{dpo_loss(need / b, z, z, z, b).item():.4f}" for b in (0.01, 0.1, 1.0)])
# > ['0.1000', '0.1000', '0.1000']

# The loss falls while the chosen answer gets less likely: both go down, the
# rejected one faster
down_w, down_l = ref_w - 1.0, ref_l - 3.0
print(f"{dpo_loss(down_w, down_l, ref_w, ref_l, beta=0.1).item():.4f}")
# > 0.5981
