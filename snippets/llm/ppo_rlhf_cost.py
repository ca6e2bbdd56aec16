import torch
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
d, L, T = 128, 4, 64  # a toy "LM": 4 d x d layers, 64 tokens per sequence


def lm():
    return nn.Sequential(*[nn.Linear(d, d, bias=False) for _ in range(L)])


def flops(fn):
    with FlopCounterMode(display=False) as fc:
        fn()
    return fc.get_total_flops()


policy, value, ref, reward = lm(), lm(), lm(), lm()
N = sum(p.numel() for p in policy.parameters())
x = torch.randn(T, d)


def train_step(model):  # forward + backward of a trained model
    model(x).sum().backward()


def forward(model):  # a frozen model, or a forward under no_grad
    with torch.no_grad():
        model(x)


sft = flops(lambda: train_step(policy))
ppo = {
    "generate (policy)": flops(lambda: forward(policy)),
    "score (reward)": flops(lambda: forward(reward)),
    "log-probs (reference)": flops(lambda: forward(ref)),
    "train policy": flops(lambda: train_step(policy)),
    "train value": flops(lambda: train_step(value)),
}
for name, f in ppo.items():
    print(f"{name:22s} {f / (N * T):.1f} FLOPs per parameter per token")
    # > generate (policy)      2.0 FLOPs per parameter per token
    # > score (reward)         2.0 FLOPs per parameter per token
    # > log-probs (reference)  2.0 FLOPs per parameter per token
    # > train policy           5.5 FLOPs per parameter per token
    # > train value            5.5 FLOPs per parameter per token
print("SFT step:", sft / (N * T), "  PPO step:", sum(ppo.values()) / (N * T))
# > SFT step: 5.5   PPO step: 17.0
print("PPO / SFT compute:", round(sum(ppo.values()) / sft, 2))
# > PPO / SFT compute: 3.09

# memory, weights and optimizer state only: 16 bytes per trained parameter
# (bf16 weight + grad, fp32 master + Adam's 2 moments), 2 per frozen bf16 one
GiB, P = 2**30, 7e9
sft_mem = 16 * P
ppo_mem = (16 + 16 + 2 + 2) * P  # policy, value trained; reference, reward frozen
print(
    f"7B SFT {sft_mem / GiB:.0f} GiB, PPO {ppo_mem / GiB:.0f} GiB,",
    f"ratio {ppo_mem / sft_mem:.2f}",
)
# > 7B SFT 104 GiB, PPO 235 GiB, ratio 2.25
