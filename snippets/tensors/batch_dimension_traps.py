import torch
from torch import nn

torch.manual_seed(0)
lin = nn.Linear(4, 2)
print(lin(torch.randn(4)).shape)  # one sample, no batch dim: runs, output (2,)
# > torch.Size([2])

gray = torch.randn(3, 5, 5)  # meant as 3 one-channel images
conv3 = nn.Conv2d(3, 8, 3)
print(conv3(gray).shape)  # read as ONE 3-channel image (C, H, W): no error
# > torch.Size([8, 3, 3])
try:
    nn.Conv2d(1, 8, 3)(gray)  # the right layer refuses the missing channel dim
except RuntimeError as e:
    print(str(e).split(", but")[0].replace(", expected", ",\n  expected"))
    # > Given groups=1, weight of size [8, 1, 3, 3],
    # >   expected input[1, 3, 5, 5] to have 1 channels
print(nn.Conv2d(1, 8, 3)(gray.unsqueeze(1)).shape)  # (N, C, H, W)
# > torch.Size([3, 8, 3, 3])

bn = nn.BatchNorm1d(4)
for x in (torch.randn(4), torch.randn(1, 4)):
    try:
        bn(x)
    except ValueError as e:
        print(str(e).replace(", got", ",\n  got"))
        # > expected 2D or 3D input (got 1D input)
        # > Expected more than 1 value per channel when training,
        # >   got input size torch.Size([1, 4])

imgs = torch.randn(8, 3, 2, 2)
print(torch.flatten(imgs).shape, imgs.flatten(1).shape, nn.Flatten()(imgs).shape)
# > torch.Size([96]) torch.Size([8, 12]) torch.Size([8, 12])

out = torch.randn(1, 1)  # a batch of 1 with one logit
print(out.squeeze().shape, out.squeeze(1).shape)
# > torch.Size([]) torch.Size([1])
