import torch
import torch.nn.functional as F

# confident and wrong: the target is class 0
logits = torch.tensor([[0.0, 120.0]], requires_grad=True)
target = torch.tensor([0])

probs = torch.softmax(logits, dim=1)
print(probs)  # exp(-120) underflows float32 to exactly 0
# > tensor([[0., 1.]], grad_fn=<SoftmaxBackward0>)
loss = F.nll_loss(torch.log(probs), target)  # log(0) = -inf
loss.backward()
print(loss.item(), logits.grad)
# > inf tensor([[nan, nan]])

logits.grad = None
# log_softmax inside: x - logsumexp(x), never log(0)
loss = F.cross_entropy(logits, target)
loss.backward()
print(loss.item(), logits.grad)
# > 120.0 tensor([[-1.,  1.]])
print(torch.log_softmax(logits, dim=1))
# > tensor([[-120.,    0.]], grad_fn=<LogSoftmaxBackward0>)
