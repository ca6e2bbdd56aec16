import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.checkpoint import checkpoint, set_checkpoint_early_stop
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
L, d, T, B, V = 2, 64, 32, 4, 100  # layers, width, context, batch, vocabulary


class Block(nn.Module):  # one causal head; attention written as two matmuls
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d, bias=False)
        self.proj = nn.Linear(d, d, bias=False)
        self.up = nn.Linear(d, 4 * d, bias=False)
        self.down = nn.Linear(4 * d, d, bias=False)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = (q @ k.transpose(1, 2)) / d**0.5  # 2·T·T·d per sequence
        mask = torch.ones(T, T, dtype=torch.bool).tril()
        att = scores.masked_fill(~mask, float("-inf")).softmax(-1) @ v  # 2·T·T·d
        x = x + self.proj(att)
        return x + self.down(F.gelu(self.up(x)))


class LM(nn.Module):
    def __init__(self, recompute=False):
        super().__init__()
        self.emb = nn.Embedding(V, d)  # a lookup: no FLOPs, not in N
        self.blocks = nn.ModuleList(Block() for _ in range(L))
        self.head = nn.Linear(d, V, bias=False)
        self.recompute = recompute

    def forward(self, idx):
        x = self.emb(idx)
        for b in self.blocks:
            x = checkpoint(b, x, use_reentrant=False) if self.recompute else b(x)
        return self.head(x)


def train_flops(model):
    idx = torch.randint(0, V, (B, T + 1))
    with FlopCounterMode(display=False) as counter:
        logits = model(idx[:, :-1])
        F.cross_entropy(logits.reshape(-1, V), idx[:, 1:].reshape(-1)).backward()
    return counter.get_total_flops()


model = LM()
N = sum(m.weight.numel() for m in model.modules() if isinstance(m, nn.Linear))
tokens = B * T
counted = train_flops(model)
print(N, counted / tokens)  # FLOPs per token, forward + backward
# > 104704 677376.0
print(6 * N + 12 * L * T * d)  # PaLM, appendix B: 6N + 12·L·H·Q·T (here H·Q = d)
# > 677376

# with recomputation the GPU reruns each block's forward: hardware FLOPs > model FLOPs
recomputed = train_flops(LM(recompute=True))
print(round(recomputed / counted, 4))  # HFU / MFU for the same step time
# > 1.2177
with set_checkpoint_early_stop(False):  # rerun the whole block, last matmul included
    full = train_flops(LM(recompute=True))
blocks_forward = 2 * (N - d * V) + 4 * L * T * d  # per token: all but the head
print(round(full / counted, 4), (full - counted) / tokens == blocks_forward)
# > 1.3144 True
print((full - recomputed) / tokens == 2 * d * 4 * d * L)  # early stop skips `down`
# > True

# MFU of a run: model FLOPs per second / peak. Llama-2-7B's shape (L=32, d=4096, FFN
# 11008, vocabulary 32000; N counts the output head, not the input embedding, as above),
# 1024 sequences of 4096 tokens per step on 64 H100 SXM, dense BF16 peak 989e12 FLOP/s.
L7, d7, T7 = 32, 4096, 4096
N7 = L7 * (4 * d7 * d7 + 3 * d7 * 11008) + d7 * 32000  # 6.61e9
flops_per_step = (6 * N7 + 12 * L7 * T7 * d7) * 1024 * T7
step_time = 10.0  # seconds: an example, not a measurement
mfu = flops_per_step / step_time / (64 * 989e12)
print(f"{flops_per_step:.3e} FLOPs per step, MFU {mfu:.1%}")
# > 1.933e+17 FLOPs per step, MFU 30.5%
