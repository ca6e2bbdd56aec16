import torch

torch.manual_seed(0)
logits = torch.tensor([1000.0, 1001.0, 1002.0])  # float32, CPU
naive = logits.exp() / logits.exp().sum()
shifted = (logits - logits.max()).exp() / (logits - logits.max()).exp().sum()
print(naive)
# > tensor([nan, nan, nan])
print(shifted, torch.softmax(logits, dim=0))
# > tensor([0.0900, 0.2447, 0.6652]) tensor([0.0900, 0.2447, 0.6652])
# softmax(x) = softmax(x - c) for any c: subtracting the max changes nothing but range
print(torch.allclose(torch.softmax(logits - 1000, 0), torch.softmax(logits, 0)))
# > True

# log(softmax(x)) vs log_softmax(x): a probability below float32's smallest (~1e-45)
x = torch.tensor([0.0, -120.0], requires_grad=True)
p = torch.softmax(x, dim=0).detach()
print(p, torch.log(p), torch.log_softmax(x, dim=0).detach())
# > tensor([1., 0.]) tensor([0., -inf]) tensor([   0., -120.])
# the gradient through log(0): inf * 0 = nan
(g_naive,) = torch.autograd.grad(torch.log(torch.softmax(x, 0))[1], x)
(g_stable,) = torch.autograd.grad(torch.log_softmax(x, 0)[1], x)
print(g_naive, g_stable)
# > tensor([nan, nan]) tensor([-1.,  1.])
# log_softmax(x) = x - logsumexp(x): one shift, no exp of anything positive
print(torch.allclose(torch.log_softmax(x, 0), x - torch.logsumexp(x, 0)))
# > True
# half precision: exp overflows already at 11.1 (float16's max is 65504)
h = torch.tensor([12.0, 0.0], dtype=torch.float16)
print(h.exp())
# > tensor([inf, 1.], dtype=torch.float16)
print(torch.softmax(h, 0))
# > tensor([1.0000e+00, 6.1393e-06], dtype=torch.float16)
