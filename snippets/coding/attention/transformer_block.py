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
        """Copy the weights of nn.TransformerEncoderLayer(..., norm_first=True) in
        place into this block's own parameters (none shared with the layer)."""
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
    params = [id(p) for p in mine.parameters()]
    mine.load_from(ref)
    count, want_count = (
        sum(p.numel() for p in m.parameters() if p.requires_grad) for m in (mine, ref)
    )
    assert count == want_count, (
        f"{count} trainable parameters, want {want_count}, the layer's; likely cause: "
        "weights kept as buffers or plain tensors (never trained), or extra ones"
    )
    theirs = {p.untyped_storage().data_ptr() for p in ref.parameters()}
    assert params == [id(p) for p in mine.parameters()] and not any(
        p.untyped_storage().data_ptr() in theirs for p in mine.parameters()
    ), (
        "load_from replaced the block's parameters or shares the layer's storage; "
        "likely cause: assigning the layer's modules or tensors instead of copy_ "
        "into your own (training one would train the other)"
    )
    mask = nn.Transformer.generate_square_subsequent_mask(T, dtype=torch.float64)
    x = torch.randn(2, T, d_model, dtype=torch.float64, requires_grad=True)

    def compare(case, got, want):
        torch.testing.assert_close(
            got,
            want,
            msg=lambda m: (
                f"{case} (norm before each sublayer? causal? ReLU? the heads split "
                f"as (B, T, 3, H, E // H), then moved before T?): {m}"
            ),
        )

    got = mine(x)
    want = ref(x, src_mask=mask, is_causal=True)
    compare("train mode", got, want)
    g = torch.randn_like(want)
    names, ours = zip(*mine.named_parameters(), strict=True)
    grads = torch.autograd.grad(got, [x, *ours], g, allow_unused=True)
    want_grads = torch.autograd.grad(want, [x, *ref.parameters()], g)
    compare("gradients of x", grads[0], want_grads[0])
    unused = [n for n, t in zip(names, grads[1:], strict=True) if t is None]
    assert not unused, f"no gradient reaches the parameters {unused} (detached?)"

    def squares(ts):  # the same whatever the layout: stacked, split, transposed
        return sum((t**2).sum() for t in ts)

    compare(
        "the parameters' gradients, their sum of squares",
        squares(grads[1:]),
        squares(want_grads[1:]),
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
