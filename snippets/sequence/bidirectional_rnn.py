import torch
from torch import nn

torch.manual_seed(0)
N, L, IN, H, LAYERS = 2, 6, 3, 4, 2
gru = nn.GRU(IN, H, num_layers=LAYERS, bidirectional=True, batch_first=True)
x = torch.randn(N, L, IN, requires_grad=True)
out, h_n = gru(x)
print(tuple(out.shape), tuple(h_n.shape))  # (N, L, 2H); (LAYERS * 2, N, H)
# > (2, 6, 8) (4, 2, 4)

h = h_n.view(LAYERS, 2, N, H)  # layer, direction (0 forward, 1 backward)
fwd, bwd = out[..., :H], out[..., H:]
print(torch.equal(fwd[:, -1], h[-1, 0]))  # forward ends at the last step
# > True
print(torch.equal(bwd[:, 0], h[-1, 1]))  # backward ends at the first step
# > True
print(torch.equal(bwd[:, -1], h[-1, 1]))  # out[:, -1] holds the backward's FIRST step
# > False

# Does output step 2 depend on the future inputs 3..5? The backward half does; in a
# stacked model the forward half does too: layer 2 reads layer 1's backward half


def reads_future(model, half):
    out = model(x)[0][0, 2]
    part = out[:H] if half == "fwd" else out[H:]
    grad = torch.autograd.grad(part.sum(), x)[0]
    return (grad[0, 3:] != 0).any().item()


torch.manual_seed(0)
one = nn.GRU(IN, H, num_layers=1, bidirectional=True, batch_first=True)
print(reads_future(one, "fwd"), reads_future(one, "bwd"), reads_future(gru, "fwd"))
# > False True True
