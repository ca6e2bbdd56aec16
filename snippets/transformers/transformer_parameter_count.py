import torch
from torch import nn

torch.manual_seed(0)
V, T, d, L = 1000, 128, 64, 4  # vocabulary, context, d_model, layers


class GPT(nn.Module):  # GPT-2 layout: learned positions, pre-norm, tied head
    def __init__(self):
        super().__init__()
        self.tok, self.pos = nn.Embedding(V, d), nn.Embedding(T, d)
        layer = nn.TransformerEncoderLayer(d, 4, 4 * d, norm_first=True)
        self.blocks = nn.TransformerEncoder(layer, L, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(d)
        self.head = nn.Linear(d, V, bias=False)
        self.head.weight = self.tok.weight  # tied: counted once by parameters()


def count(m):
    return sum(p.numel() for p in m.parameters())


def gpt_exact(V, T, d, L):  # 4d^2+4d attention, 8d^2+5d FFN, 4d two LayerNorms
    return L * (12 * d * d + 13 * d) + V * d + T * d + 2 * d


exact, rough = count(GPT()), 12 * L * d * d + V * d
print(exact, gpt_exact(V, T, d, L), rough, f"{rough / exact:.3f}")
# > 272256 272256 260608 0.957


class LlamaBlock(nn.Module):  # no biases, RMSNorm, GQA, SwiGLU with 3 matrices
    def __init__(self, d, n_heads, n_kv, hidden):
        super().__init__()
        kv = d // n_heads * n_kv  # K and V project to n_kv heads only
        self.q, self.k = nn.Linear(d, d, bias=False), nn.Linear(d, kv, bias=False)
        self.v, self.o = nn.Linear(d, kv, bias=False), nn.Linear(d, d, bias=False)
        self.gate, self.up = nn.Linear(d, hidden, False), nn.Linear(d, hidden, False)
        self.down = nn.Linear(hidden, d, bias=False)
        self.n1, self.n2 = nn.RMSNorm(d), nn.RMSNorm(d)


def llama_layer(d, n_heads, n_kv, hidden):
    kv = d // n_heads * n_kv
    return 2 * d * d + 2 * d * kv + 3 * d * hidden + 2 * d


print(count(LlamaBlock(64, 8, 2, 176)) == llama_layer(64, 8, 2, 176))
# > True


def llama(V, d, L, n_heads, n_kv, hidden):  # untied embedding and head
    return L * llama_layer(d, n_heads, n_kv, hidden) + 2 * V * d + d


# GPT-2 small: V 50257, context 1024, d 768, 12 layers
print(f"GPT-2 small {gpt_exact(50257, 1024, 768, 12):,}")
# > GPT-2 small 124,439,808
print(f"12 L d^2 + V d: {(12 * 12 * 768**2 + 50257 * 768) / 1e6:.1f}M")
# > 12 L d^2 + V d: 123.5M
print(f"Llama 2 7B {llama(32000, 4096, 32, 32, 32, 11008) / 1e9:.2f}B")
# > Llama 2 7B 6.74B
print(f"Llama 3 8B {llama(128256, 4096, 32, 32, 8, 14336):,}")  # 128,000 + 256 special
# > Llama 3 8B 8,030,261,248
