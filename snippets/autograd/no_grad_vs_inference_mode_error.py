import textwrap

import torch
from torch import nn

torch.manual_seed(0)
encoder, head = nn.Linear(8, 8), nn.Linear(8, 1)
x = torch.randn(4, 8)

with torch.inference_mode():
    feats = encoder(x)  # e.g. features cached once for training a head

try:
    head(feats)  # the forward call raises: Linear saves its input for backward
except RuntimeError as e:
    print(textwrap.fill(str(e), 80))
    # > Inference tensors cannot be saved for backward. Please do not use Tensors
    # > created in inference mode in computation tracked by autograd. To work around
    # > this, you can make a clone to get a normal tensor and use it in autograd, or use
    # > `torch.no_grad()` instead of `torch.inference_mode()`.

bias = torch.zeros(8, requires_grad=True)
(feats + bias).sum().backward()  # add saves nothing: the inference tensor is accepted
print(bias.grad)
# > tensor([4., 4., 4., 4., 4., 4., 4., 4.])

try:
    feats.add_(1)  # nor can it be modified outside inference mode
except RuntimeError as e:
    print(str(e).split(".")[0])
    # > Inplace update to inference tensor outside InferenceMode is not allowed

with torch.no_grad():
    feats = encoder(x)  # a normal tensor that simply has no history
head(feats).sum().backward()
print(head.weight.grad.shape, encoder.weight.grad)
# > torch.Size([1, 8]) None

with torch.inference_mode():
    feats = encoder(x)
# clone() outside inference mode makes a normal tensor
head(feats.clone()).sum().backward()
print(head.weight.grad.shape)
# > torch.Size([1, 8])
