import torch
from torch import nn

torch.manual_seed(0)
bn = nn.BatchNorm1d(3)  # num_features=3; momentum=0.1, eps=1e-5, affine=True,
# track_running_stats=True by default
# learned: two Parameters per channel, gamma (weight, ones) and beta (bias, zeros)
print([(n, tuple(p.shape), p.requires_grad) for n, p in bn.named_parameters()])
# > [('weight', (3,), True), ('bias', (3,), True)]
print(bn.weight.tolist(), bn.bias.tolist())
# > [1.0, 1.0, 1.0] [0.0, 0.0, 0.0]
# estimated, not learned: buffers, saved in the state_dict, no gradient
print([n for n, _ in bn.named_buffers()])
# > ['running_mean', 'running_var', 'num_batches_tracked']
# the hyperparameters are plain attributes: in neither list, not in the state_dict
print(list(bn.state_dict()), bn.momentum, bn.eps)
# > ['weight', 'bias', 'running_mean', 'running_var', 'num_batches_tracked'] 0.1 1e-05

opt = torch.optim.SGD(bn.parameters(), lr=0.1)
print(sum(len(g["params"]) for g in opt.param_groups))  # the optimizer holds 2 tensors
# > 2
x = 5 + torch.randn(8, 3)
bn(x).pow(3).sum().backward()  # the forward, in train mode, moved the buffers
print(bn.running_mean.round(decimals=2), bn.num_batches_tracked.item())
# > tensor([0.5000, 0.5000, 0.5100]) 1
before, gamma0 = bn.running_mean.clone(), bn.weight.detach().clone()
opt.step()  # the step moves gamma and beta, never the buffers
print(torch.equal(bn.running_mean, before), torch.equal(bn.weight, gamma0))
# > True False
bn.eval()
bn(x)  # eval mode: the buffers are read, not updated
print(torch.equal(bn.running_mean, before), bn.num_batches_tracked.item())
# > True 1

# affine=False removes both Parameters, bias=False (keyword-only) beta alone,
# track_running_stats=False the buffers
print(len(list(nn.BatchNorm1d(3, affine=False).parameters())))
# > 0
print([n for n, _ in nn.BatchNorm1d(3, bias=False).named_parameters()])
# > ['weight']
print(list(nn.BatchNorm1d(3, track_running_stats=False).state_dict()))
# > ['weight', 'bias']
