"""A tiny GPT trained for a few steps: the loss goes down, and it is causal."""

import math

import torch
import torch.nn.functional as F
from torch import nn
from torch.overrides import TorchFunctionMode


class TinyGPT(nn.Module):
    """Token + position embeddings, n_layers pre-norm blocks, a final LayerNorm, and a
    head that shares the token embedding's weight."""

    def __init__(self, vocab_size, d_model, n_heads, n_layers, max_len):
        # --8<-- [start:solution]
        super().__init__()
        self.tok = nn.Embedding(vocab_size, d_model)
        self.pos = nn.Embedding(max_len, d_model)
        # Small embeddings: the tied head's logits start near 0, the loss near ln(V).
        nn.init.normal_(self.tok.weight, std=0.02)
        nn.init.normal_(self.pos.weight, std=0.02)
        self.blocks = nn.ModuleList(
            nn.TransformerEncoderLayer(
                d_model,
                n_heads,
                4 * d_model,
                dropout=0.0,
                activation="gelu",
                batch_first=True,
                norm_first=True,
            )
            for _ in range(n_layers)
        )
        self.norm = nn.LayerNorm(d_model)
        self.head = nn.Linear(d_model, vocab_size, bias=False)
        self.head.weight = self.tok.weight  # weight tying: one (V, d_model) matrix
        # --8<-- [end:solution]

    def forward(self, idx):
        """idx (B, T) token ids, T <= max_len -> logits (B, T, vocab_size)."""
        # --8<-- [start:solution]
        T = idx.size(1)
        x = self.tok(idx) + self.pos(torch.arange(T, device=idx.device))
        # is_causal=True is only a hint: the mask does the masking.
        mask = nn.Transformer.generate_square_subsequent_mask(T, device=idx.device)
        for block in self.blocks:
            x = block(x, src_mask=mask, is_causal=True)
        return self.head(self.norm(x))
        # --8<-- [end:solution]


def train_step(model, optimizer, tokens):
    """One step on tokens (B, T + 1): predict tokens[:, 1:] from tokens[:, :-1].

    Returns the loss as a float."""
    # --8<-- [start:solution]
    logits = model(tokens[:, :-1])
    loss = F.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss.item()
    # --8<-- [end:solution]


# --8<-- [start:check]
TEXT = (  # Charles Dickens, A Tale of Two Cities (1859): public domain
    "It was the best of times, it was the worst of times, it was the age of wisdom, "
    "it was the age of foolishness, it was the epoch of belief, it was the epoch of "
    "incredulity, it was the season of Light, it was the season of Darkness, it was "
    "the spring of hope, it was the winter of despair."
)


def check(TinyGPT, train_step):
    torch.manual_seed(0)
    torch.set_num_threads(1)  # matmuls this small are faster on one thread
    chars = sorted(set(TEXT))
    V, d_model, T = len(chars), 32, 24
    data = torch.tensor([chars.index(c) for c in TEXT])
    windows = data.unfold(0, T + 1, 1)  # every (T + 1)-character window, (N, T + 1)
    n_layers = 2
    model = TinyGPT(V, d_model, n_heads=4, n_layers=n_layers, max_len=T)

    # Weight tying: one (V, d_model) matrix serves the embedding and the head.
    mats = [p for p in model.parameters() if p.numel() == V * d_model]
    assert len(mats) == 1 and mats[0].shape == (V, d_model), (
        f"want one (V, d_model) matrix for the embedding and the head, got "
        f"{[tuple(p.shape) for p in mats]}: is the head tied?"
    )
    emb = mats[0]
    # Learned positions: one (max_len, d_model) table (minGPT's (1, max_len, d_model)
    # too), which training must change.
    pos = [
        p
        for p in model.parameters()
        if p.shape[-2:] == (T, d_model) and p.numel() == T * d_model
    ]
    assert len(pos) == 1, "want one learned (max_len, d_model) position table"
    pos_at_init = pos[0].detach().clone()
    # Pre-norm: torch's layers default to norm_first=False (post-norm).
    for m in model.modules():
        if isinstance(m, nn.TransformerEncoderLayer):
            assert m.norm_first, "a post-norm block: norm_first=True"

    class Norms(TorchFunctionMode):  # the inputs and outputs of the forward's norms
        def __init__(self, zero=0):
            super().__init__()
            self.ins, self.outs, self.zero = [], [], zero  # zero: how many to set to 0

        def __torch_function__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            if func in (F.layer_norm, F.rms_norm, torch.layer_norm):
                if len(self.outs) < self.zero:
                    out = torch.zeros_like(out)
                self.ins.append(args[0] if args else (kwargs or {}).get("input"))
                self.outs.append(out)
            return out

    def head_input_and_logits(x):
        """The output of the last norm the forward calls (nn.LayerNorm, or a module of
        your own that calls F.layer_norm), and the logits."""
        with torch.no_grad(), Norms() as norms:
            logits = model(x)
        assert norms.outs, "no F.layer_norm is called: the final norm?"
        return norms.outs[-1], logits

    def assert_tied_head(when):
        """The logits are the final norm's output times the embedding matrix (plus a
        bias, the same at every position)."""
        model.eval()
        h, logits = head_input_and_logits(windows[:4, :-1])
        model.train()
        rest = logits - h @ emb.T
        torch.testing.assert_close(
            rest,
            rest[:1, :1].expand_as(rest),
            atol=1e-4,
            rtol=0,
            msg=lambda m: (
                f"{when}, the logits are not (last LayerNorm's output) @ "
                f"tok.weight.T: no final norm before the head, or an untied head: {m}"
            ),
        )
        return h

    # The final LayerNorm: at init (weight 1, bias 0) the head's input has mean 0
    # and variance 1 over d_model at every position.
    h = assert_tied_head("at init")
    torch.testing.assert_close(
        (h.mean(-1), h.var(-1, correction=0)),
        (torch.zeros(4, T), torch.ones(4, T)),
        atol=0.02,
        rtol=0,
        msg=lambda m: f"the head's input at init is not normalized (final norm?): {m}",
    )

    # Pre-norm, x + f(norm(x)), carries the embeddings past every norm of the blocks
    # to the final one. With the output of every norm but the last set to 0, each
    # sublayer gets 0 and adds a constant: the final norm's input is the embeddings
    # plus a constant, different at each position. Post-norm, norm(x + f(x)), leaves
    # it 0 or a constant.
    model.eval()
    x = windows[:2, :-1]
    with torch.no_grad():
        with Norms() as norms:
            model(x)
        with Norms(zero=len(norms.outs) - 1) as zeroed:
            model(x)
    model.train()
    assert len(norms.outs) > n_layers, (
        f"{len(norms.outs)} F.layer_norm calls in the forward, want one in each of "
        f"the {n_layers} blocks at least and a final one (nn.LayerNorm, or a module "
        "of your own that calls F.layer_norm)"
    )
    spread = (zeroed.ins[-1] - zeroed.ins[-1][:, :1]).abs().max().item()
    assert spread > 1e-3, (
        "with the blocks' norm outputs set to 0, the final norm's input no longer "
        "depends on the tokens: post-norm blocks, norm(x + f(x))? pre-norm adds "
        "the raw x back: x + f(norm(x))"
    )

    class Heads(TorchFunctionMode):  # the head count of each attention call it sees
        def __init__(self):
            super().__init__()
            self.heads = []

        def __torch_function__(self, func, types, args=(), kwargs=None):
            kw = kwargs or {}
            if func is F.scaled_dot_product_attention:
                q = args[0] if args else kw["query"]
                if q.dim() == 4:  # (B, heads, T, head_dim)
                    self.heads.append(q.shape[1])
            elif func is F.multi_head_attention_forward:
                self.heads.append(args[4] if len(args) > 4 else kw["num_heads"])
            return func(*args, **kw)

    # n_layers blocks, n_heads heads: the norm calls grow by the same number (one
    # block's, at least 1) with each layer, from at least 1 (the final norm) at 0
    # layers; every attention the forward runs has n_heads heads. Built with the
    # RNG state restored, so that the training below is the same.
    rng, counts, x = torch.get_rng_state(), {}, windows[:1, :-1]
    for n in (1, 2, 3):
        other = TinyGPT(V, d_model, n_heads=4, n_layers=n, max_len=T)
        other.train()  # a plain forward with autograd: no fused fast path
        with Norms() as norms, Heads() as heads:
            other(x)
        counts[n] = len(norms.outs)
        modules = [m.num_heads for m in other.modules() if hasattr(m, "num_heads")]
        seen = sorted(set(heads.heads + modules))
        assert seen in ([], [4]), (
            f"TinyGPT(n_heads=4, n_layers={n}): attention with {seen} heads "
            "(nn.MultiheadAttention's num_heads, or dim 1 of scaled_dot_product_"
            "attention's q): pass n_heads on, want 4"
        )
    torch.set_rng_state(rng)
    per_block, extra = counts[2] - counts[1], 2 * counts[1] - counts[2]
    assert counts[3] - counts[2] == per_block >= 1 and extra >= 1, (
        f"F.layer_norm calls with n_layers = 1, 2, 3: {list(counts.values())}; want "
        "the same number more with each layer (a block's norms), and the final norm "
        "on top: n_layers blocks, no more, no fewer (range(n_layers - 1)? n_layers "
        "ignored?)"
    )

    # The head trains the tied matrix too: for the rows of the tokens absent from
    # the input, d logits / d tok.weight is the head's part alone, g^T h (h the
    # final norm's output): 0 if the head reads a detached copy.
    model.eval()
    x = windows[:1, :-1]
    with Norms() as norms:
        logits = model(x)
    g = torch.randn(logits.shape, generator=torch.Generator().manual_seed(0))
    (grad,) = torch.autograd.grad(logits, emb, g, allow_unused=True)
    model.train()
    grad = torch.zeros_like(emb) if grad is None else grad
    h = norms.outs[-1].detach()
    want = g.flatten(0, 1).T @ h.flatten(0, 1)  # (V, d_model): sum_t g[t, v] h[t]
    absent = torch.ones(V, dtype=torch.bool)
    absent[x.flatten()] = False
    torch.testing.assert_close(
        grad[absent],
        want[absent],
        msg=lambda m: (
            "the gradient the head gives the tied matrix (rows of tokens absent from "
            f"the input): the head reads tok.weight detached, or a copy of it? {m}"
        ),
    )

    def next_char_loss():  # the loss on every window, targets shifted by one
        with torch.no_grad():
            logits = model(windows[:, :-1])
        return F.cross_entropy(logits.flatten(0, 1), windows[:, 1:].flatten()).item()

    first = next_char_loss()
    assert abs(first - math.log(V)) < 0.1, (
        f"initial loss {first:.2f}, want about ln(V) = {math.log(V):.2f}: "
        "the tied head's logits start large (init the embedding small)"
    )
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-3)
    batch = windows[torch.randint(len(windows), (32,))]
    rng = torch.get_rng_state()
    with torch.no_grad():  # what train_step returns: the batch's loss before the step
        logits = model(batch[:, :-1])
    want = F.cross_entropy(logits.flatten(0, 1), batch[:, 1:].flatten()).item()
    torch.set_rng_state(rng)  # with dropout: the same masks in train_step's forward
    returned = train_step(model, optimizer, batch)
    for _ in range(49):
        batch = windows[torch.randint(len(windows), (32,))]
        train_step(model, optimizer, batch)
    last = next_char_loss()
    assert last < 0.7 * first, (
        f"next-character loss {first:.2f} -> {last:.2f} after 50 steps: want it down "
        "by 30% (targets shifted by one? zero_grad?)"
    )
    assert returned is not None, "train_step returned None, not the loss"
    assert abs(float(returned) - want) < 1e-5, (
        f"train_step returned {float(returned):.4f} at the first step; the batch's "
        f"loss before the step is {want:.4f}"
    )

    assert_tied_head("after 50 steps")  # a copy of the embedding has drifted away

    # Causality: the logits at position t do not depend on the tokens after t.
    def compare(case, got, want):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    model.eval()
    x = windows[:2, :-1]
    with torch.no_grad():
        logits = model(x)
        for t in (0, 7, T - 2):
            changed = x.clone()
            changed[:, t + 1 :] = torch.randint(V, (2, T - t - 1))
            out = model(changed)
            case = f"positions 0..{t} after changing the tokens after {t} (mask?)"
            compare(case, out[:, : t + 1], logits[:, : t + 1])
            assert not torch.allclose(out[:, t + 1 :], logits[:, t + 1 :])
            case = f"the prefix 0..{t} alone vs in the whole sequence"
            compare(case, model(x[:, : t + 1]), logits[:, : t + 1])
        # The same token T times: without positions every position sees the same
        # inputs, and gives the same logits.
        out = model(torch.full((1, T), chars.index("t")))
    spread = (out - out[:, :1]).abs().max().item()
    assert spread > 1e-3, "one token repeated: equal logits at every position"
    assert not torch.equal(pos[0], pos_at_init), "the position table never trained"
    print("TinyGPT: tied, pre-norm, positions, first loss ln(V), down 30%, causal")
    # > TinyGPT: tied, pre-norm, positions, first loss ln(V), down 30%, causal


# --8<-- [end:check]


if __name__ == "__main__":
    check(TinyGPT, train_step)
