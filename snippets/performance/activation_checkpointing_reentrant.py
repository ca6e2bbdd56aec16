import textwrap
import warnings

import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
layer = torch.nn.Linear(4, 4)
frozen = torch.nn.Embedding(10, 4).requires_grad_(False)  # LoRA's frozen embedding
x = frozen(torch.tensor([1, 2]))  # the first block's input: requires_grad=False
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out = checkpoint(layer, x)  # use_reentrant not passed: the reentrant variant
for w in caught:
    print(w.category.__name__, "-", textwrap.fill(str(w.message).split(". ")[0], 64))
    # > UserWarning - torch.utils.checkpoint: the use_reentrant parameter should be
    # > passed explicitly
    # > UserWarning - None of the inputs have requires_grad=True
# the output is cut off from the layer's weights; the non-reentrant one is not
print(out.requires_grad, checkpoint(layer, x, use_reentrant=False).requires_grad)
# > False True
# the remedy HF's enable_input_require_grads() applies: mark the embedding's output
frozen.register_forward_hook(lambda module, args, out: out.requires_grad_(True))
x = frozen(torch.tensor([1, 2]))
checkpoint(layer, x, use_reentrant=True).sum().backward()
# the layer now gets its gradient; the frozen embedding still gets none
print(layer.weight.grad is not None, frozen.weight.grad)
# > True None

x = torch.randn(2, 4, requires_grad=True)
try:
    torch.autograd.grad(checkpoint(layer, x, use_reentrant=True).sum(), x)
except RuntimeError as e:
    print(textwrap.fill(str(e).split(". ")[0], 80))
    # > When use_reentrant=True, torch.utils.checkpoint is incompatible with .grad() or
    # > passing an `inputs` parameter to .backward()
print(torch.autograd.grad(checkpoint(layer, x, use_reentrant=False).sum(), x)[0].shape)
# > torch.Size([2, 4])
