"""A pre-norm transformer block, checked against nn.TransformerEncoderLayer."""

import torch
import torch.nn.functional as F
from torch import nn


class PreNormBlock(nn.Module):
    """x + attn(norm1(x)), then x + mlp(norm2(x)): causal self-attention."""

    def __init__(self, d_model, n_heads, d_ff):
        # --8<-- [start:solution]
        super().__init__()
        self.n_heads = n_heads
        self.norm1 = nn.LayerNorm(d_model)
        self.qkv = nn.Linear(d_model, 3 * d_model)  # q, k, v stacked, as in_proj_weight
        self.out = nn.Linear(d_model, d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Linear(d_ff, d_model)
        )
        # --8<-- [end:solution]

    @torch.no_grad()
    def load_from(self, layer):
        """Copy the weights of nn.TransformerEncoderLayer(..., norm_first=True)."""
        # --8<-- [start:solution]
        self.norm1.load_state_dict(layer.norm1.state_dict())
        self.qkv.weight.copy_(layer.self_attn.in_proj_weight)
        self.qkv.bias.copy_(layer.self_attn.in_proj_bias)
        self.out.load_state_dict(layer.self_attn.out_proj.state_dict())
        self.norm2.load_state_dict(layer.norm2.state_dict())
        self.mlp[0].load_state_dict(layer.linear1.state_dict())
        self.mlp[2].load_state_dict(layer.linear2.state_dict())
        # --8<-- [end:solution]

    def forward(self, x):
        """x (B, T, d_model) -> (B, T, d_model); token t attends to tokens 0..t."""
        # --8<-- [start:solution]
        B, T, E = x.shape
        h = self.norm1(x)
        # (B, T, 3E) -> (3, B, n_heads, T, E // n_heads): q, k, v, each split into heads
        qkv = self.qkv(h).view(B, T, 3, self.n_heads, E // self.n_heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out(y.transpose(1, 2).reshape(B, T, E))
        x = x + self.mlp(self.norm2(x))
        return x
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.multi_head_attention_forward",
    "torch._native_multi_head_attention",
    "torch._transformer_encoder_layer_fwd",
    "torch.nn.MultiheadAttention",
    "torch.nn.TransformerEncoderLayer",
)


def check(PreNormBlock):
    torch.manual_seed(0)
    d_model, n_heads, d_ff, T = 8, 2, 16, 6
    ref = nn.TransformerEncoderLayer(
        d_model, n_heads, d_ff, dropout=0.0, batch_first=True, norm_first=True
    ).double()
    with torch.no_grad():  # biases start at 0, norms at 1 and 0: make every one count
        for p in ref.parameters():
            p.normal_(0.0, 0.5)
    mine = PreNormBlock(d_model, n_heads, d_ff).double()
    mine.load_from(ref)
    mask = nn.Transformer.generate_square_subsequent_mask(T, dtype=torch.float64)
    x = torch.randn(2, T, d_model, dtype=torch.float64, requires_grad=True)

    def compare(case, got, want):
        torch.testing.assert_close(
            got,
            want,
            msg=lambda m: f"{case} (norm before each sublayer? causal? ReLU?): {m}",
        )

    got = mine(x)
    want = ref(x, src_mask=mask, is_causal=True)
    compare("train mode", got, want)
    g = torch.randn_like(want)
    compare(
        "gradients of x",
        torch.autograd.grad(got, x, g)[0],
        torch.autograd.grad(want, x, g)[0],
    )
    # eval() and no_grad: TransformerEncoderLayer takes its fused fast path.
    ref.eval()
    mine.eval()
    with torch.no_grad():
        want = ref(x, src_mask=mask, is_causal=True)
        compare("eval, fast path", mine(x), want)
    print(
        "PreNormBlock matches TransformerEncoderLayer(norm_first): causal, grads, eval"
    )
    # > PreNormBlock matches TransformerEncoderLayer(norm_first): causal, grads, eval


# --8<-- [end:check]


if __name__ == "__main__":
    check(PreNormBlock)
