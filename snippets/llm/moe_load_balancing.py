import torch

torch.manual_seed(0)
E, T, k = 4, 64, 2  # experts, tokens in the batch, experts per token


def route(logits, k):
    probs = logits.softmax(-1)  # softmax over experts, per token
    gates, experts = probs.topk(k, dim=-1)
    return probs, gates / gates.sum(-1, keepdim=True), experts  # renormalized top-k


def switch_aux_loss(probs, experts):
    """N * sum_i f_i * P_i (Switch Transformer eq. 4-6) with f_i the fraction of
    routing slots sent to expert i (top-1 in Switch; all k choices here)"""
    f = torch.bincount(experts.flatten(), minlength=E).float() / experts.numel()
    P = probs.mean(0)  # the mean router probability of expert i
    return E * (f * P).sum()


logits = (torch.randn(T, E) + torch.tensor([1.5, 0.0, 0.0, 0.0])).requires_grad_()
probs, gates, experts = route(logits, k)  # a router that favours expert 0
print(tuple(experts.shape), torch.allclose(gates.sum(-1), torch.ones(T)))
# > (64, 2) True

balanced = torch.zeros(T, E)  # equal logits, and each expert chosen by T*k/E slots
uniform_experts = torch.arange(T * k).remainder(E).view(T, k)
print(switch_aux_loss(balanced.softmax(-1), uniform_experts).item())
# > 1.0
collapsed = torch.tensor([8.0, 0.0, 0.0, 0.0]).expand(T, E)  # every token prefers 0
p = collapsed.softmax(-1)
print(f"{switch_aux_loss(p, p.topk(1, -1).indices).item():.2f}")  # top-1: -> E = 4
# > 4.00
aux = switch_aux_loss(probs, experts)  # the skewed router: between 1 and E
aux.backward()  # f counts (no gradient); the gradient flows through P
print(f"{aux.item():.2f}", [f"{g:+.3f}" for g in logits.grad.mean(0).tolist()])
# > 1.25 ['+0.003', '-0.001', '-0.001', '-0.001']

# Capacity: each expert takes at most capacity_factor * T * k / E tokens; the rest
# overflow (dropped, passed on by the residual connection in Switch)
capacity = int(1.25 * T * k / E)
load = torch.bincount(experts.flatten(), minlength=E)
print(capacity, load.tolist(), (load - capacity).clamp(min=0).sum().item())
# > 40 [56, 22, 26, 24] 16
