import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
d, L, r, T = 256, 4, 4, 32  # a stack of 4 d x d layers; LoRA rank 4; 32 tokens


class LoRA(nn.Module):
    def __init__(self, base, r):
        super().__init__()
        self.base = base.requires_grad_(False)  # the frozen pretrained weight
        self.A = nn.Parameter(torch.randn(r, base.in_features) / r)
        self.B = nn.Parameter(torch.zeros(base.out_features, r))

    def forward(self, x):
        return self.base(x) + x @ self.A.T @ self.B.T


def stack():
    return nn.Sequential(*[nn.Linear(d, d, bias=False) for _ in range(L)])


def count(params):
    return sum(p.numel() for p in params if p.requires_grad)


full = stack()
N = count(full.parameters())
lora = nn.Sequential(*[LoRA(layer, r) for layer in stack()])
adapters = [
    nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, d)) for _ in range(L)
]
prefix = nn.Parameter(torch.zeros(L, 2, 8, d))  # 8 trained keys and values per layer
for name, n in [
    ("full", N),
    ("LoRA r=4", count(lora.parameters())),
    ("adapters m=16", sum(count(a.parameters()) for a in adapters)),
    ("prefix, 8", prefix.numel()),
]:
    print(f"{name:13s} {n:6d} trainable, {n / N:6.2%}")
    # > full          262144 trainable, 100.00%
    # > LoRA r=4        8192 trainable,  3.12%
    # > adapters m=16  33856 trainable, 12.92%
    # > prefix, 8      16384 trainable,  6.25%


# Compute per trained token, counted by FlopCounterMode. Full fine-tuning also
# trains the embedding, so the first layer's input needs a gradient too.
def flops_per_param_token(model, input_grad):
    x = torch.randn(T, d, requires_grad=input_grad)
    with FlopCounterMode(display=False) as counter:
        model(x).square().mean().backward()
    return counter.get_total_flops() / (N * T)


print(f"full: {flops_per_param_token(full, True):.2f} FLOPs per parameter per token")
# > full: 6.00 FLOPs per parameter per token
print(f"LoRA: {flops_per_param_token(lora, False):.2f} FLOPs per parameter per token")
# > LoRA: 3.68 FLOPs per parameter per token

# When fine-tuning pays for itself (assumed numbers, an 8e9-parameter model): a
# 1,500-token prompt of instructions and examples on every request, or a LoRA
# fine-tune on 6M tokens after which a 100-token prompt does the same job.
P = 8e9
extra_prefill = 2 * P * (1500 - 100)  # forward FLOPs per request: 2 per parameter
finetune = 4 * P * 6e6  # about 4 per parameter per token for LoRA on a deep model
print(f"{finetune / extra_prefill:,.0f} requests to break even on FLOPs")
# > 8,571 requests to break even on FLOPs
kv_per_token = 2 * 32 * 8 * 128 * 2  # Llama 3 8B, bf16 (inference/#kv-cache)
print(f"KV cache saved per request: {1400 * kv_per_token / 2**20:.0f} MiB")
# > KV cache saved per request: 175 MiB
