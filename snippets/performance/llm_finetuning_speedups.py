import torch
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint, set_checkpoint_early_stop
from torch.utils.flop_counter import FlopCounterMode

# A Llama-2-7B-shaped model: 6.7e9 parameters, 32 layers, hidden 4096, 32 heads;
# one sequence of 4096 tokens per micro-batch
P, L, h, a, s, b = 6.7e9, 32, 4096, 32, 4096, 1
GB = 1e9

# model states, bytes per parameter (weights, gradients, optimizer)
emb = 2 * 32000 * h  # input embedding and output head, 32000-token vocabulary
states = {
    "full, fp32 AdamW": 4 + 4 + 8,
    "full, bf16 autocast": 4 + 4 + 8,  # fp32 weights, grads and Adam, as in fp32
    "full, bf16 + fp32 master (ZeRO's 16)": 2 + 2 + 4 + 8,  # the ZeRO paper's count
    "full, bf16, fp32 grads (Megatron's 18)": 2 + 4 + 4 + 8,  # fp32 main grads
    "full, 8-bit AdamW states": 2 + 2 + 4 + 2,
    "LoRA, frozen bf16 base": 2,
    "QLoRA, NF4 blocks, bf16 embeddings": ((P - emb) * (4 + 0.127) / 8 + emb * 2) / P,
}
for name, per_param in states.items():
    print(f"{name:38} {P * per_param / GB:6.1f} GB")
    # > full, fp32 AdamW                        107.2 GB
    # > full, bf16 autocast                     107.2 GB
    # > full, bf16 + fp32 master (ZeRO's 16)    107.2 GB
    # > full, bf16, fp32 grads (Megatron's 18)  120.6 GB
    # > full, 8-bit AdamW states                 67.0 GB
    # > LoRA, frozen bf16 base                   13.4 GB
    # > QLoRA, NF4 blocks, bf16 embeddings        3.8 GB
# not model states, but held from forward until each layer's backward: a bf16 copy
# of every Linear weight (all but the input embedding, whose lookup is not cast)
copies = (P - emb / 2) * 2
print(f"autocast's bf16 weight copies, saved for backward: {copies / GB:.1f} GB")
# > autocast's bf16 weight copies, saved for backward: 13.1 GB

# autocast saves for backward a bf16 copy of each weight, fp32 the weight itself
torch.manual_seed(0)
lin = torch.nn.Linear(64, 32, bias=False)
inp = torch.randn(8, 64, requires_grad=True)
for enabled in (False, True):
    saved = []
    record = torch.autograd.graph.saved_tensors_hooks(
        lambda t, saved=saved: saved.append(t) or t, lambda t: t
    )
    with record, torch.autocast("cpu", dtype=torch.bfloat16, enabled=enabled):
        lin(inp)
    weights = [t for t in saved if t.numel() == lin.weight.numel()]
    is_param = [t.data_ptr() == lin.weight.data_ptr() for t in weights]
    print("autocast" if enabled else "fp32    ", [t.dtype for t in weights], is_param)
    # > fp32     [torch.float32] [True]
    # > autocast [torch.bfloat16] [False]

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
# while a checkpointed block's backward runs, its activations are rebuilt
print(f"plus one block while it is recomputed: {flash / L / GB:.2f} GB")
# > plus one block while it is recomputed: 0.57 GB

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

# frozen weights (LoRA's base) get no weight gradients: backward halves, and the
# extra forward of checkpointing weighs more (early stop off: the whole block reruns;
# early stop, the default, skips this stack's last matmul)
torch.manual_seed(0)
net = torch.nn.Sequential(*[torch.nn.Linear(64, 64, bias=False) for _ in range(4)])
x = torch.randn(32, 64, requires_grad=True)  # stands in for an adapter below
for frozen in (False, True):
    net.requires_grad_(not frozen)
    with FlopCounterMode(display=False) as fwd:
        loss = net(x).sum()
    with FlopCounterMode(display=False) as bwd:
        loss.backward()
    rerun = {}
    for early_stop in (False, True):
        with set_checkpoint_early_stop(early_stop), FlopCounterMode(display=False) as c:
            checkpoint(net, x, use_reentrant=False).sum().backward()
        plain = fwd.get_total_flops() + bwd.get_total_flops()
        rerun[early_stop] = round(c.get_total_flops() / plain, 3)
    ratio = bwd.get_total_flops() / fwd.get_total_flops()
    name = "frozen" if frozen else "full  "
    early = f"(early stop: {rerun[True]})"
    print(
        name, "backward / forward:", ratio, "checkpointed / plain:", rerun[False], early
    )
    # > full   backward / forward: 2.0 checkpointed / plain: 1.333 (early stop: 1.25)
    # > frozen backward / forward: 1.0 checkpointed / plain: 1.5 (early stop: 1.375)
