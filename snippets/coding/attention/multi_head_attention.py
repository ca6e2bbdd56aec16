"""Multi-head attention from scratch, checked against nn.MultiheadAttention."""

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.attention import SDPBackend, sdpa_kernel


class MultiHeadAttention(nn.Module):
    """num_heads heads of embed_dim // num_heads dims each; inputs are batch first."""

    def __init__(self, embed_dim, num_heads):
        # --8<-- [start:solution]
        super().__init__()
        self.num_heads = num_heads
        self.q_proj = nn.Linear(embed_dim, embed_dim)
        self.k_proj = nn.Linear(embed_dim, embed_dim)
        self.v_proj = nn.Linear(embed_dim, embed_dim)
        self.out_proj = nn.Linear(embed_dim, embed_dim)
        # --8<-- [end:solution]

    @torch.no_grad()
    def load_from(self, mha):
        """Copy the weights of an nn.MultiheadAttention(embed_dim, num_heads) in place
        into this module's own parameters (none shared with it)."""
        # --8<-- [start:solution]
        # in_proj_weight (3E, E) stacks the q, k, v projections, in that order.
        for proj, w, b in zip(
            (self.q_proj, self.k_proj, self.v_proj),
            mha.in_proj_weight.chunk(3),
            mha.in_proj_bias.chunk(3),
            strict=True,
        ):
            proj.weight.copy_(w)
            proj.bias.copy_(b)
        self.out_proj.weight.copy_(mha.out_proj.weight)
        self.out_proj.bias.copy_(mha.out_proj.bias)
        # --8<-- [end:solution]

    def forward(self, query, key, value, key_padding_mask=None):
        """query (B, L, E), key and value (B, S, E) -> (B, L, E).

        key_padding_mask: bool (B, S), True where the key is padding (to be ignored).
        """
        # --8<-- [start:solution]
        B, L, E = query.shape
        S, H = key.size(1), self.num_heads

        def heads(x, n):  # (B, n, E) -> (B, H, n, E // H): split E, then move H forward
            return x.view(B, n, H, E // H).transpose(1, 2)

        q = heads(self.q_proj(query), L)
        k = heads(self.k_proj(key), S)
        v = heads(self.v_proj(value), S)
        mask = None
        if key_padding_mask is not None:
            # SDPA's boolean mask means "takes part": the opposite of key_padding_mask.
            mask = ~key_padding_mask[:, None, None, :]  # (B, 1, 1, S)
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.out_proj(out.transpose(1, 2).reshape(B, L, E))
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.multi_head_attention_forward",
    "torch._native_multi_head_attention",
    "torch.nn.MultiheadAttention",
)


def check(MultiHeadAttention):
    torch.manual_seed(0)
    B, E, H = 2, 12, 3
    ref = nn.MultiheadAttention(E, H, batch_first=True, dtype=torch.float64)
    with torch.no_grad():  # both biases start at zero: make them count
        ref.in_proj_bias.normal_()
        ref.out_proj.bias.normal_()
    mine = MultiHeadAttention(E, H).double()
    params = [id(p) for p in mine.parameters()]
    mine.load_from(ref)
    count, want_count = (
        sum(p.numel() for p in m.parameters() if p.requires_grad) for m in (mine, ref)
    )
    assert count == want_count, (
        f"{count} trainable parameters, want {want_count}, the module's; likely "
        "cause: weights kept as plain tensors or buffers (never trained), or extra ones"
    )
    theirs = {p.untyped_storage().data_ptr() for p in ref.parameters()}
    assert params == [id(p) for p in mine.parameters()] and not any(
        p.untyped_storage().data_ptr() in theirs for p in mine.parameters()
    ), (
        "load_from replaced the parameters or shares the module's storage; likely "
        "cause: assigning mha's tensors or out_proj instead of copy_ into your own "
        "(training one would train the other)"
    )
    names, ours = zip(*mine.named_parameters(), strict=True)
    x = torch.randn(B, 5, E, dtype=torch.float64, requires_grad=True)
    mem_k = torch.randn(B, 7, E, dtype=torch.float64, requires_grad=True)
    mem_v = torch.randn(B, 7, E, dtype=torch.float64, requires_grad=True)
    # True = padding: sequence 0 has 1 padded key at the end, sequence 1 has 3.
    pad5 = torch.tensor([[0, 0, 0, 0, 1], [0, 0, 1, 1, 1]], dtype=torch.bool)
    pad7 = torch.tensor([[0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 1, 1, 1]]).bool()
    # Sequence 1 all padding: need_weights=False gives out_proj's bias there (in
    # training, as compared here; not on the eval fast path, below).
    pad_all = torch.tensor([[0, 0, 0, 1, 1], [1, 1, 1, 1, 1]], dtype=torch.bool)

    def compare(case, got, want, inputs):
        torch.testing.assert_close(
            got,
            want,
            msg=lambda m: f"{case} (q/k/v order? head split? True = ignore?): {m}",
        )
        g = torch.randn_like(want)
        n = len(inputs)
        grads = torch.autograd.grad(got, [*inputs, *ours], g, allow_unused=True)
        want_grads = torch.autograd.grad(want, [*inputs, *ref.parameters()], g)
        torch.testing.assert_close(
            grads[:n],
            want_grads[:n],
            msg=lambda m: f"gradients, {case}: {m}",
        )
        unused = [p for p, t in zip(names, grads[n:], strict=True) if t is None]
        assert not unused, f"{case}: no gradient reaches the parameters {unused}"
        torch.testing.assert_close(  # the same whatever the layout: stacked or split
            sum((t**2).sum() for t in grads[n:]),
            sum((t**2).sum() for t in want_grads[n:]),
            msg=lambda m: f"gradients of the parameters (sum of squares), {case}: {m}",
        )

    cases = [  # (case, query, key, value, key_padding_mask)
        ("self-attention", x, x, x, None),
        ("self-attention, key_padding_mask", x, x, x, pad5),
        ("cross-attention L=5, S=7, key_padding_mask", x, mem_k, mem_k, pad7),
        # key is not value: k from key, v from value (each has its own projection)
        ("cross-attention, key != value, key_padding_mask", x, mem_k, mem_v, pad7),
        ("sequence 1's keys all padding (out_proj's bias there)", x, x, x, pad_all),
    ]
    for case, q, k, v, pad in cases:
        got = mine(q, k, v, key_padding_mask=pad)
        want, _ = ref(q, k, v, key_padding_mask=pad, need_weights=False)
        inputs = [t for t in (x, mem_k, mem_v) if any(t is u for u in (q, k, v))]
        compare(case, got, want, inputs)
    # The module's default float32 (a mask built as float64 fails there), under the
    # math kernel, whose output layout differs from the default's (merge heads with
    # reshape: .view after the transpose works only on some layouts).
    mine32, ref32 = (
        MultiHeadAttention(E, H),
        nn.MultiheadAttention(E, H, batch_first=True),
    )
    mine32.load_from(ref32)
    x32 = x.detach().float()
    with sdpa_kernel(SDPBackend.MATH):
        got = mine32(x32, x32, x32, key_padding_mask=pad5)
    want, _ = ref32(x32, x32, x32, key_padding_mask=pad5, need_weights=False)
    torch.testing.assert_close(
        got, want, msg=lambda m: f"float32 module, math kernel, key_padding_mask: {m}"
    )
    print("MultiHeadAttention = nn.MultiheadAttention: self, cross, key != value, pad")
    # > MultiHeadAttention = nn.MultiheadAttention: self, cross, key != value, pad
    # The bias holds on the path compared above, F.multi_head_attention_forward (in
    # training, or with grad). In eval with nothing for autograd to record,
    # self-attention with an even number of heads takes the fast path instead,
    # torch._native_multi_head_attention: on the CPU, nan there even so.
    fast = nn.MultiheadAttention(E, 2, batch_first=True, dtype=torch.float64).eval()
    with torch.no_grad():
        fast.out_proj.bias.normal_()
        out, _ = fast(x, x, x, key_padding_mask=pad_all, need_weights=False)
    slow, _ = fast(x, x, x, key_padding_mask=pad_all, need_weights=False)  # x: grad
    bias = fast.out_proj.bias.expand_as(slow[1])
    print("all padding, eval fast path: nan", out[1].isnan().all().item())
    # > all padding, eval fast path: nan True
    print("all padding, with grad: out_proj's bias", torch.allclose(slow[1], bias))
    # > all padding, with grad: out_proj's bias True


# --8<-- [end:check]


if __name__ == "__main__":
    check(MultiHeadAttention)
