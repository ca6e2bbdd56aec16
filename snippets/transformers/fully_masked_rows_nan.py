import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

torch.manual_seed(0)
q, k, v = (torch.randn(1, 1, 3, 4, requires_grad=True) for _ in range(3))
mask = torch.ones(3, 3, dtype=torch.bool)  # True = may attend
mask[1] = False  # query 1 may attend to no key at all

# by hand: a row of -inf goes through softmax as 0 / 0
scores = (q @ k.transpose(-2, -1)).masked_fill(~mask, float("-inf"))
out = torch.softmax(scores, dim=-1) @ v
print(out[0, 0, 1])
# > tensor([nan, nan, nan, nan], grad_fn=<SelectBackward0>)
out[:, :, [0, 2]].sum().backward()  # leave the NaN row out of the loss...
print(v.grad.isnan().all().item())  # ...and V's gradient is NaN anyway: NaN * 0
# > True

# F.scaled_dot_product_attention returns zeros for the row, with zero gradients
q.grad = k.grad = v.grad = None
out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
out.sum().backward()
print(out[0, 0, 1], q.grad.isnan().any().item(), v.grad.isnan().any().item())
# > tensor([0., 0., 0., 0.], grad_fn=<SelectBackward0>) False False
q.grad = k.grad = v.grad = None
with sdpa_kernel(SDPBackend.MATH):  # the math backend too
    out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
    out.sum().backward()
print(out[0, 0, 1], q.grad.isnan().any().item(), v.grad.isnan().any().item())
# > tensor([0., 0., 0., 0.], grad_fn=<SelectBackward0>) False False

# the common "fix", a large finite negative: no NaN, but the row silently
# averages the values of the keys it was told to ignore
finite = torch.zeros(3, 3).masked_fill(~mask, torch.finfo(torch.float32).min)
out = F.scaled_dot_product_attention(q, k, v, attn_mask=finite)
print(torch.allclose(out[0, 0, 1], v[0, 0].mean(0)))
# > True

# nn.MultiheadAttention: sample 1 is all padding (True = masked out)
mha = nn.MultiheadAttention(4, 2, batch_first=True)  # 2 heads: its fast path may run
nn.init.constant_(mha.out_proj.bias, 0.5)  # nonzero, so that out_proj shows
x = torch.randn(2, 3, 4)
pad = torch.tensor([[False, False, True], [True, True, True]])
out, weights = mha(x, x, x, key_padding_mask=pad)  # need_weights=True: its own softmax
print(out[1].isnan().all().item(), weights[1].isnan().all().item())
# > True True
out, _ = mha(x, x, x, key_padding_mask=pad, need_weights=False)  # goes through SDPA
print(out[1].unique().tolist())  # zeros, then out_proj: its bias
# > [0.5]
mha.eval()
with torch.no_grad():  # inference: the fast path, torch._native_multi_head_attention
    out, _ = mha(x, x, x, key_padding_mask=pad, need_weights=False)
    print(out[1].isnan().all().item())  # its own masked softmax: NaN again
    # > True
    torch.backends.mha.set_fastpath_enabled(False)  # back to the SDPA path
    out, _ = mha(x, x, x, key_padding_mask=pad, need_weights=False)
    print(out[1].unique().tolist())
    # > [0.5]
