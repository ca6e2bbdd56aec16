import torch
from torch import nn

torch.manual_seed(0)
d, L, r = 64, 4, 8
model = nn.Sequential(*[nn.Linear(d, d, bias=False) for _ in range(L)])
N = sum(p.numel() for p in model.parameters())

# Full fine-tuning: measure what AdamW keeps per parameter after one step (float32)
opt = torch.optim.AdamW(model.parameters())
model(torch.randn(2, d)).sum().backward()
opt.step()
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
adapter = 32 * 4 * 16 * (4096 + 4096)  # r=16 on q, k, v, o of 32 layers, d=4096
lora_bytes = P * 2 + adapter * (2 + 2 + 4 + 4 + 4)  # frozen bf16 base
qlora = P * (4 + 0.127) / 8 + adapter * (2 + 2 + 4 + 4 + 4)  # NF4 + double-quant
print(f"adapter: {adapter / 1e6:.1f}M parameters")
# > adapter: 16.8M parameters
for name, b in (("full", full), ("LoRA", lora_bytes), ("QLoRA", qlora)):
    print(f"{name}: {b / 2**30:.1f} GiB")
    # > full: 104.3 GiB
    # > LoRA: 13.3 GiB
    # > QLoRA: 3.6 GiB
