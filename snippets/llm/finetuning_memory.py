import torch
from torch import nn

torch.manual_seed(0)
d, L, r = 64, 4, 8
model = nn.Sequential(*[nn.Linear(d, d, bias=False) for _ in range(L)])
N = sum(p.numel() for p in model.parameters())

# Full fine-tuning in PyTorch's mixed precision: an fp32 model under autocast.
# Measure what AdamW keeps per parameter after one step, and what autograd saves
opt = torch.optim.AdamW(model.parameters())
saved = []  # (shape, dtype) of every tensor saved for the backward


def pack(t):
    saved.append((tuple(t.shape), t.dtype))
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        out = model(torch.randn(2, d))
out.float().sum().backward()
opt.step()
print(out.dtype, model[0].weight.dtype, model[0].weight.grad.dtype)
# > torch.bfloat16 torch.float32 torch.float32
print([dt for shape, dt in saved if shape == (d, d)])  # weight copies kept for bwd
# > [torch.bfloat16, torch.bfloat16, torch.bfloat16]
grads = sum(p.grad.nbytes for p in model.parameters())
state = sum(t.nbytes for s in opt.state.values() for t in s.values() if t.dim())
print(sorted(opt.state[model[0].weight]))  # per parameter tensor
# > ['exp_avg', 'exp_avg_sq', 'step']
print(grads / N, state / N)  # bytes per parameter: fp32 gradient; exp_avg + exp_avg_sq
# > 4.0 8.0


# LoRA: freeze the base, train A (r x in) and B (out x r) per adapted layer
class LoRA(nn.Module):
    def __init__(self, base, r):
        super().__init__()
        self.base = base.requires_grad_(False)
        self.A = nn.Parameter(torch.randn(r, base.in_features) / r)
        self.B = nn.Parameter(torch.zeros(base.out_features, r))

    def forward(self, x):
        return self.base(x) + x @ self.A.T @ self.B.T


lora = nn.Sequential(*[LoRA(layer, r) for layer in model])
trainable = sum(p.numel() for p in lora.parameters() if p.requires_grad)
print(trainable, N, trainable == L * r * (d + d))  # r * (in + out) per layer
# > 4096 16384 True
print(f"{2 * r / d:.1%} here, {2 * 16 / 4096:.2%} for a 4096 x 4096 layer at r=16")
# > 25.0% here, 0.78% for a 4096 x 4096 layer at r=16

# The plan for a 7e9-parameter model (weights, gradients, optimizer state only;
# activations come on top and grow with batch x sequence length)
P = 7e9
full = P * (2 + 2 + 4 + 4 + 4)  # bf16 weights and grads, fp32 master, Adam m and v
# = P * (4 + 4 + 4 + 4) under autocast: fp32 weights and grads, Adam m and v
adapter = 32 * 4 * 16 * (4096 + 4096)  # r=16 on q, k, v, o of 32 layers, d=4096
lora_bytes = P * 2 + adapter * (2 + 2 + 4 + 4 + 4)  # frozen bf16 base
qlora = P * (4 + 0.127) / 8 + adapter * (2 + 2 + 4 + 4 + 4)  # NF4 + double-quant
vocab = 2 * 32_000 * 4096  # Llama 2 7B's embedding and lm_head, not quantized
qlora_16 = qlora + vocab * (2 - (4 + 0.127) / 8)  # in practice: they stay bf16
print(f"adapter: {adapter / 1e6:.1f}M parameters")
# > adapter: 16.8M parameters
plans = (
    ("full", full),
    ("LoRA", lora_bytes),
    ("QLoRA", qlora),
    ("QLoRA, vocab bf16", qlora_16),
)
for name, b in plans:
    print(f"{name}: {b / 2**30:.1f} GiB")
    # > full: 104.3 GiB
    # > LoRA: 13.3 GiB
    # > QLoRA: 3.6 GiB
    # > QLoRA, vocab bf16: 4.0 GiB
