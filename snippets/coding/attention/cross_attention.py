"""Cross-attention from scratch, checked against nn.MultiheadAttention(kdim, vdim)."""

import torch
from torch import nn


class CrossAttention(nn.Module):
    """Queries from the decoder (embed_dim), keys and values from the encoder's memory
    (memory_dim); num_heads heads of embed_dim // num_heads dims; batch first."""

    def __init__(self, embed_dim, num_heads, memory_dim):
        # --8<-- [start:solution]
        super().__init__()
        self.num_heads = num_heads
        self.q_proj = nn.Linear(embed_dim, embed_dim)
        self.k_proj = nn.Linear(memory_dim, embed_dim)  # from the memory's width
        self.v_proj = nn.Linear(memory_dim, embed_dim)
        self.out_proj = nn.Linear(embed_dim, embed_dim)
        # --8<-- [end:solution]

    @torch.no_grad()
    def load_from(self, mha):
        """Copy an nn.MultiheadAttention(embed_dim, num_heads, kdim=memory_dim,
        vdim=memory_dim, batch_first=True), memory_dim == embed_dim included."""
        # --8<-- [start:solution]
        # kdim != embed_dim: three separate weights; memory_dim == embed_dim: one
        # stacked (3E, E) in_proj_weight. One bias stacked as q, k, v either way.
        if mha.in_proj_weight is None:
            weights = (mha.q_proj_weight, mha.k_proj_weight, mha.v_proj_weight)
        else:
            weights = mha.in_proj_weight.chunk(3)
        for proj, w, b in zip(
            (self.q_proj, self.k_proj, self.v_proj),
            weights,
            mha.in_proj_bias.chunk(3),
            strict=True,
        ):
            proj.weight.copy_(w)
            proj.bias.copy_(b)
        self.out_proj.weight.copy_(mha.out_proj.weight)
        self.out_proj.bias.copy_(mha.out_proj.bias)
        # --8<-- [end:solution]

    def forward(self, x, memory, memory_key_padding_mask=None):
        """x (B, Lq, embed_dim), memory (B, Lk, memory_dim) -> (out, weights):
        out (B, Lq, embed_dim), weights (B, num_heads, Lq, Lk).

        memory_key_padding_mask: bool (B, Lk), True where the memory is padding.
        """
        # --8<-- [start:solution]
        B, Lq, E = x.shape
        Lk, H = memory.size(1), self.num_heads

        def heads(t, n):  # (B, n, E) -> (B, H, n, E // H)
            return t.view(B, n, H, E // H).transpose(1, 2)

        q = heads(self.q_proj(x), Lq)
        k = heads(self.k_proj(memory), Lk)
        v = heads(self.v_proj(memory), Lk)
        scores = (q @ k.transpose(-2, -1)) * (E // H) ** -0.5  # (B, H, Lq, Lk)
        if memory_key_padding_mask is not None:
            pad = memory_key_padding_mask[:, None, None, :]  # (B, 1, 1, Lk)
            scores = scores.masked_fill(pad, float("-inf"))
        weights = torch.softmax(scores, dim=-1)
        if memory_key_padding_mask is not None:
            # A sequence whose memory is all padding: nan (0 / 0) rows become zeros.
            weights = weights.masked_fill(pad.all(dim=-1, keepdim=True), 0.0)
        out = (weights @ v).transpose(1, 2).reshape(B, Lq, E)
        return self.out_proj(out), weights
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.MultiheadAttention",
    "torch.nn.modules.activation.MultiheadAttention",
    "torch.nn.functional.multi_head_attention_forward",
    "torch._native_multi_head_attention",
    "torch.nn.functional.scaled_dot_product_attention",
    "torch._C._nn.scaled_dot_product_attention",
    "torch._scaled_dot_product_attention_math",
    "torch._scaled_dot_product_flash_attention_for_cpu",
    "torch.ops.aten.scaled_dot_product_attention",
)


def check(CrossAttention):
    torch.manual_seed(0)
    B, E, H, D = 2, 12, 3, 7  # memory_dim D != E: k_proj and v_proj are (E, D)
    ref = nn.MultiheadAttention(
        E, H, kdim=D, vdim=D, batch_first=True, dtype=torch.float64
    )
    with torch.no_grad():  # both biases start at zero: make them count
        ref.in_proj_bias.normal_()
        ref.out_proj.bias.normal_()
    mine = CrossAttention(E, H, D).double()
    # Parameters of its own, as many as the module's: E*E + 2*E*D + 3*E + E*E + E.
    count, want_count = (sum(p.numel() for p in m.parameters()) for m in (mine, ref))
    assert count == want_count, (
        f"{count} parameters, want {want_count}, the module's; likely cause: "
        "weights kept outside parameters() (never trained), or extra ones"
    )
    params = [id(p) for p in mine.parameters()]
    mine.load_from(ref)
    theirs = {p.untyped_storage().data_ptr() for p in ref.parameters()}
    assert params == [id(p) for p in mine.parameters()] and not any(
        p.untyped_storage().data_ptr() in theirs for p in mine.parameters()
    ), (
        "load_from replaced the parameters or shares the module's storage; likely "
        "cause: assigning mha's tensors instead of copy_ into your own"
    )
    # True = padding: memory 0 has 1 padded position at the end, memory 1 has 4.
    pad = torch.tensor([[0, 0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1, 1, 1, 1]])
    pad = pad.bool()
    all_pad = torch.zeros(B, 9, dtype=torch.bool)
    all_pad[1] = True  # memory 1 is all padding

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    causes = (
        "q/k/v weights swapped, bias order, head split, scale 1/sqrt(E // H), True "
        "read as 'attend', or nan (not 0) weights where a memory is all padding"
    )

    def run(case, Lq, Lk, mask, memory=None, x=None, cause=causes):
        if x is None:
            x = torch.randn(B, Lq, E, dtype=torch.float64, requires_grad=True)
        if memory is None:
            memory = torch.randn(B, Lk, D, dtype=torch.float64, requires_grad=True)
        got = mine(x, memory, memory_key_padding_mask=mask)
        assert isinstance(got, (tuple, list)) and len(got) == 2, (
            f"{case}: returns {type(got).__name__}; likely cause: not (out, weights)"
        )
        out, weights = got
        want, _ = ref(x, memory, memory, key_padding_mask=mask, need_weights=False)
        assert out.shape == (B, Lq, E) and weights.shape == (B, H, Lq, Lk), (
            f"{case}: out {tuple(out.shape)}, weights {tuple(weights.shape)}; want "
            f"{(B, Lq, E)} and {(B, H, Lq, Lk)}; likely cause: heads merged wrong"
        )
        close(
            out,
            want,
            f"{case}, out; likely cause: {cause}",
        )
        g = torch.randn_like(want)
        close(
            torch.autograd.grad(out, (x, memory), g),
            torch.autograd.grad(want, (x, memory), g),
            f"{case}, gradients of x and memory; likely cause: nan from a memory "
            "that is all padding reaching the backward",
        )
        # The weights, per head: nn.MultiheadAttention's own softmax path; it gives
        # nan where a memory is all padding, where the Task asks for zeros.
        _, want_w = ref(
            x, memory, memory, key_padding_mask=mask, average_attn_weights=False
        )
        empty = mask.all(dim=-1) if mask is not None else torch.zeros(B).bool()
        want_w = want_w.detach().masked_fill(empty[:, None, None, None], 0.0)
        close(
            weights.detach(),
            want_w,
            f"{case}, weights (B, H, Lq, Lk); likely cause: head order, or zeros "
            "missing where the memory is all padding",
        )

    run("Lq=5 < Lk=9, no mask", 5, 9, None)
    run("Lq=5 < Lk=9, memory_key_padding_mask", 5, 9, pad)
    run("Lq=11 > Lk=9, memory_key_padding_mask", 11, 9, pad)
    run("Lq=1 (one decoder step), memory_key_padding_mask", 1, 9, pad)
    run("memory 1 all padding: out_proj's bias there, weights 0", 5, 9, all_pad)
    # An encoder run sequence first, (Lk, B, D), hands over a transposed view.
    seq_first = torch.randn(9, B, D, dtype=torch.float64, requires_grad=True)
    memory = seq_first.transpose(0, 1)
    run("memory a non-contiguous (Lk, B, D) transposed", 5, 9, pad, memory)
    # load_from a second module: the same memory must now give that module's output
    # (nothing computed from the memory may be kept from the calls before).
    ref = nn.MultiheadAttention(
        E, H, kdim=D, vdim=D, batch_first=True, dtype=torch.float64
    )
    with torch.no_grad():
        ref.in_proj_bias.normal_()
        ref.out_proj.bias.normal_()
    loaded = nn.MultiheadAttention(
        E, H, kdim=D, vdim=D, batch_first=True, dtype=torch.float64
    )
    loaded.load_state_dict(ref.state_dict())
    mine.load_from(loaded)
    with torch.no_grad():  # a copy does not follow the module it was loaded from
        for p in loaded.parameters():
            p.zero_()
    run(
        "load_from a second module, the same memory again",
        5,
        9,
        pad,
        memory,
        cause="values kept from an earlier call (k and v of this memory), or "
        "weights read from the module instead of copied: its copy was zeroed",
    )
    # A decoder run sequence first hands over a transposed x the same way.
    seq_first = torch.randn(5, B, E, dtype=torch.float64, requires_grad=True)
    run(
        "x a non-contiguous (Lq, B, E) transposed",
        5,
        9,
        pad,
        x=seq_first.transpose(0, 1),
    )
    # float32: the same module cast, against the reference cast.
    mine.float()
    ref.float()
    x, memory = torch.randn(B, 4, E), torch.randn(B, 9, D)
    out, _ = mine(x, memory, memory_key_padding_mask=pad)
    want, _ = ref(x, memory, memory, key_padding_mask=pad, need_weights=False)
    assert out.dtype == torch.float32, f"float32 in, {out.dtype} out"
    close(out, want, "float32; likely cause: a float64 constant")
    # memory_dim == embed_dim, an encoder as wide as the decoder: the module then
    # holds one stacked in_proj_weight (3E, E), and q_proj_weight etc. are None.
    D = E
    ref = nn.MultiheadAttention(E, H, batch_first=True, dtype=torch.float64)
    with torch.no_grad():
        ref.in_proj_bias.normal_()
        ref.out_proj.bias.normal_()
    mine = CrossAttention(E, H, E).double()
    try:
        mine.load_from(ref)
    except Exception as e:
        raise AssertionError(
            f"memory_dim == embed_dim: load_from raised {type(e).__name__}: {e}; "
            "likely cause: reading q_proj_weight, which is None when kdim == "
            "embed_dim: the module holds one stacked in_proj_weight"
        ) from e
    run("memory_dim == embed_dim: one stacked in_proj_weight", 5, 9, pad)
    print("CrossAttention = nn.MultiheadAttention(kdim, vdim): Lq != Lk, padding")
    # > CrossAttention = nn.MultiheadAttention(kdim, vdim): Lq != Lk, padding


# --8<-- [end:check]


if __name__ == "__main__":
    check(CrossAttention)
