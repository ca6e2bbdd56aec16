import torch
import torch.nn.functional as F
from torch.utils.flop_counter import FlopCounterMode

# A Llama-2-7B-shaped model: 6.7e9 parameters, 32 layers, hidden 4096, 32 heads;
# one sequence of 4096 tokens per micro-batch
P, L, h, a, s, b = 6.7e9, 32, 4096, 32, 4096, 1
GB = 1e9

# model states, bytes per parameter (weights, gradients, optimizer)
states = {
    "full, fp32 AdamW": 4 + 4 + 8,
    "full, bf16 + fp32 master (ZeRO's 16)": 2 + 2 + 4 + 8,
    "full, 8-bit AdamW states": 2 + 2 + 4 + 2,
    "LoRA, frozen bf16 base": 2,
    "QLoRA, NF4 base": (4 + 0.127) / 8,
}
for name, per_param in states.items():
    print(f"{name:37} {P * per_param / GB:6.1f} GB")
    # > full, fp32 AdamW                       107.2 GB
    # > full, bf16 + fp32 master (ZeRO's 16)   107.2 GB
    # > full, 8-bit AdamW states                67.0 GB
    # > LoRA, frozen bf16 base                  13.4 GB
    # > QLoRA, NF4 base                          3.5 GB

# activations of a GPT-style block in 16-bit, per layer: s*b*h*(34 + 5*a*s/h) bytes
# (Korthikanti et al. 2022, eq. 1); 5*a*s/h is the attention scores and softmax
eager = L * s * b * h * (34 + 5 * a * s / h)
flash = L * s * b * h * 34  # SDPA's fused kernels never store the s x s scores
ckpt = L * s * b * h * 2  # full checkpointing keeps each block's 16-bit input
activations = {"eager attention": eager, "SDPA": flash, "checkpointed": ckpt}
for name, nbytes in activations.items():
    print(f"activations, {name:15} {nbytes / GB:6.1f} GB")
    # > activations, eager attention  104.2 GB
    # > activations, SDPA              18.3 GB
    # > activations, checkpointed       1.1 GB

# packing: padding to the longest sequence computes tokens that are thrown away
torch.manual_seed(0)
lengths = torch.randint(50, 2048, (64,))
padded = len(lengths) * lengths.max().item()
print(f"padded batch: {lengths.sum().item() / padded:.0%} of the tokens are real")
# > padded batch: 49% of the tokens are real
# packed into one row, a block-diagonal causal mask keeps the sequences apart:
q = torch.randn(1, 2, 8, 4)  # (batch, heads, 3 + 5 tokens, head dim)
seq = torch.tensor([0, 0, 0, 1, 1, 1, 1, 1])  # which sequence each token is from
mask = (seq[:, None] == seq[None, :]) & torch.ones(8, 8, dtype=torch.bool).tril()
packed = F.scaled_dot_product_attention(q, q, q, attn_mask=mask)
alone = [
    F.scaled_dot_product_attention(part, part, part, is_causal=True)
    for part in (q[:, :, :3], q[:, :, 3:])
]
print(torch.allclose(packed, torch.cat(alone, dim=2), atol=1e-6))
# > True

# a fused optimizer: the step in fused kernels, the same update
torch.manual_seed(0)
w1 = torch.nn.Parameter(torch.randn(8, 8))
w2 = torch.nn.Parameter(w1.detach().clone())
opts = [torch.optim.AdamW([w1], lr=0.1), torch.optim.AdamW([w2], lr=0.1, fused=True)]
for _ in range(5):
    for w, opt in zip((w1, w2), opts, strict=True):
        opt.zero_grad()
        w.pow(2).sum().backward()
        opt.step()
print(torch.allclose(w1, w2, atol=1e-6))
# > True

# frozen weights (LoRA's base) get no weight gradients: backward halves
torch.manual_seed(0)
net = torch.nn.Sequential(*[torch.nn.Linear(64, 64, bias=False) for _ in range(4)])
x = torch.randn(32, 64, requires_grad=True)  # stands in for an adapter below
for frozen in (False, True):
    net.requires_grad_(not frozen)
    with FlopCounterMode(display=False) as fwd:
        loss = net(x).sum()
    with FlopCounterMode(display=False) as bwd:
        loss.backward()
    ratio = bwd.get_total_flops() / fwd.get_total_flops()
    print("frozen" if frozen else "full  ", "backward / forward FLOPs:", ratio)
    # > full   backward / forward FLOPs: 2.0
    # > frozen backward / forward FLOPs: 1.0
