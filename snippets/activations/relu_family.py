import torch
from torch import nn

torch.manual_seed(0)
x = torch.tensor([-3.0, -1.0, 0.0, 1.0], requires_grad=True)
prelu = nn.PReLU()  # one learnable slope, starts at 0.25
for act in (nn.ReLU(), nn.LeakyReLU(), prelu, nn.ELU()):
    y = act(x)
    (grad,) = torch.autograd.grad(y.sum(), x)
    name = type(act).__name__
    print(f"{name:9} y={y.detach().numpy().round(3)} dy/dx={grad.numpy().round(3)}")
    # > ReLU      y=[0. 0. 0. 1.] dy/dx=[0. 0. 0. 1.]
    # > LeakyReLU y=[-0.03 -0.01  0.    1.  ] dy/dx=[0.01 0.01 0.01 1.  ]
    # > PReLU     y=[-0.75 -0.25  0.    1.  ] dy/dx=[0.25 0.25 0.25 1.  ]
    # > ELU       y=[-0.95  -0.632  0.     1.   ] dy/dx=[0.05  0.368 1.    1.   ]

# PReLU's slope is a Parameter: the optimizer learns it (one per channel if asked)
print([(n, p.shape) for n, p in nn.PReLU(num_parameters=16).named_parameters()])
# > [('weight', torch.Size([16]))]
# the gradient the slope receives is the sum of the negative inputs
(g,) = torch.autograd.grad(prelu(x).sum(), prelu.weight)
print(g)
# > tensor([-4.])
# at exactly 0 ELU takes its negative branch: the gradient there is alpha, not 1
(g,) = torch.autograd.grad(nn.ELU(alpha=2.0)(x).sum(), x)
print(g)
# > tensor([0.0996, 0.7358, 2.0000, 1.0000])
