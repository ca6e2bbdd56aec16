"""Greedy decoding with a KV cache, checked against re-running the whole prefix."""

import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    """Multi-head causal self-attention, weights laid out as nn.MultiheadAttention's."""

    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.in_proj = nn.Linear(d_model, 3 * d_model)  # rows: q, then k, then v
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(self, x, cache=None):
        """x: (B, T, D), the newest T tokens. cache: None or (k, v) of the tokens
        before, each (B, H, T_past, D // H). Returns y (B, T, D) and the cache with the
        new keys and values appended."""
        # --8<-- [start:solution]
        B, T, D = x.shape
        q, k, v = self.in_proj(x).split(D, dim=-1)
        q, k, v = (t.view(B, T, self.n_heads, -1).transpose(1, 2) for t in (q, k, v))
        if cache is not None:  # only K and V are kept: old queries are never used again
            k = torch.cat([cache[0], k], dim=2)
            v = torch.cat([cache[1], v], dim=2)
        past = k.shape[2] - T
        # New query i sits at position past + i and sees keys 0 .. past + i: the causal
        # mask aligned bottom-right. is_causal=True would align it top-left.
        mask = torch.ones(T, past + T, dtype=torch.bool, device=x.device)
        mask = mask.tril(diagonal=past)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        y = y.transpose(1, 2).reshape(B, T, D)
        return self.out_proj(y), (k, v)
        # --8<-- [end:solution]


class TinyLM(nn.Module):
    """Token and position embeddings, residual attention layers, a linear head."""

    def __init__(self, vocab=11, d_model=16, n_heads=2, n_layers=2, max_len=32):
        super().__init__()
        self.tok = nn.Embedding(vocab, d_model)
        self.pos = nn.Embedding(max_len, d_model)
        self.layers = nn.ModuleList(
            CausalSelfAttention(d_model, n_heads) for _ in range(n_layers)
        )
        self.head = nn.Linear(d_model, vocab)

    def forward(self, ids, caches=None, start=0):
        """ids: (B, T) at positions start .. start + T - 1; caches: None or one (k, v)
        per layer. Returns logits (B, T, vocab) and the new caches."""
        positions = torch.arange(start, start + ids.shape[1], device=ids.device)
        x = self.tok(ids) + self.pos(positions)
        new_caches = []
        for i, layer in enumerate(self.layers):
            h, cache = layer(x, None if caches is None else caches[i])
            x = x + h
            new_caches.append(cache)
        return self.head(x), new_caches


@torch.no_grad()
def generate(model, prompt, steps):
    """Greedy decoding with the cache: the prompt (B, T) goes through the model once,
    then one token per step. Returns the new tokens (B, steps) and the logits each was
    chosen from (B, steps, vocab), on the model's device; steps may be 0."""
    # --8<-- [start:solution]
    logits, caches = model(prompt)  # prefill: the whole prompt, positions 0 .. T-1
    # Empty (B, 0) slices first: with steps = 0, cat returns them (cat of [] raises).
    tokens, chosen_from = [prompt[:, :0]], [logits[:, :0]]
    for _ in range(steps):
        last = logits[:, -1:]  # (B, 1, vocab)
        nxt = last.argmax(dim=-1)  # (B, 1)
        tokens.append(nxt)
        chosen_from.append(last)
        n = caches[0][0].shape[2]  # tokens in the cache: the new one's position
        logits, caches = model(nxt, caches, start=n)
    return torch.cat(tokens, dim=1), torch.cat(chosen_from, dim=1)
    # --8<-- [end:solution]


# --8<-- [start:check]
def check(TinyLM, generate):
    torch.manual_seed(0)
    model = TinyLM().double().eval()
    B, T, steps, D, H = 2, 5, 6, 16, 2
    prompt = torch.randint(0, 11, (B, T))

    def full(ids):
        """No cache: the whole prefix through torch's nn.MultiheadAttention with the
        model's weights. Returns the logits and each layer's keys and values."""
        x = model.tok(ids) + model.pos(torch.arange(ids.shape[1]))
        causal = nn.Transformer.generate_square_subsequent_mask(
            ids.shape[1], dtype=torch.float64
        )
        kv = []
        for layer in model.layers:
            mha = nn.MultiheadAttention(D, H, batch_first=True, dtype=torch.float64)
            mha.load_state_dict(
                {
                    "in_proj_weight": layer.in_proj.weight,
                    "in_proj_bias": layer.in_proj.bias,
                    "out_proj.weight": layer.out_proj.weight,
                    "out_proj.bias": layer.out_proj.bias,
                }
            )
            _, k, v = layer.in_proj(x).split(D, dim=-1)
            kv.append([t.view(B, -1, H, D // H).transpose(1, 2) for t in (k, v)])
            x = x + mha(x, x, x, attn_mask=causal, need_weights=False)[0]
        return model.head(x), kv

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    with torch.no_grad():
        close(model(prompt)[0], full(prompt)[0], "no cache vs nn.MultiheadAttention")
    # Record the tokens the model embeds, and each layer's last cache.
    seen, caches, lengths = [], {}, []
    hook = model.tok.register_forward_hook(lambda mod, args, out: seen.append(args[0]))
    for i, layer in enumerate(model.layers):
        layer.register_forward_hook(lambda mod, a, out, i=i: caches.update({i: out[1]}))
    model.layers[0].register_forward_hook(
        lambda mod, a, out: lengths.append(out[1][0].shape[2])
    )
    tokens, step_logits = generate(model, prompt, steps)
    hook.remove()
    assert tokens.shape == (B, steps), f"tokens: want {(B, steps)}, got {tokens.shape}"
    # The prompt once, then one token per call; feeding the last token (whose logits
    # nothing uses) is allowed, not required: steps or steps - 1 single tokens.
    fed = [t.shape[1] for t in seen]
    ok = [[T] + [1] * n for n in (steps - 1, steps)]
    if fed in ok:  # then the cache grows by one position a call
        want = list(itertools.accumulate(fed))
        assert lengths == want, (
            f"layer 0's cache after each model call holds {lengths} positions, want "
            f"{want}: keep every token's K and V, appended (never cut or replaced)"
        )
    ids = prompt
    for i in range(steps):
        with torch.no_grad():
            want = full(ids)[0][:, -1]
        close(
            step_logits[:, i],
            want,
            f"step {i}: cached logits vs re-running the prefix; look at the positions "
            "(start=) and at the mask's alignment",
        )
        assert torch.equal(tokens[:, i], want.argmax(-1)), f"step {i}: not the argmax"
        ids = torch.cat([ids, tokens[:, i : i + 1]], dim=1)
    assert fed in ok, (
        f"tokens fed per model call: want {ok[0]} (or one more 1), got {fed}: the "
        "cache spares re-feeding the prefix"
    )
    # The caches hold every token fed: each layer's K and V, not Q.
    with torch.no_grad():
        _, kv = full(ids[:, : T + len(fed) - 1])
    for i in range(len(model.layers)):
        close(caches[i], tuple(kv[i]), f"layer {i}'s cache is not its (K, V)")
    # A chunk of several tokens after a cache: the mask is offset by the cached length.
    with torch.no_grad():
        _, c = model(ids[:, :4])
        got, _ = model(ids[:, 4:], c, start=4)
        close(got, full(ids)[0][:, 4:], "a 7-token chunk after 4 cached tokens")
    # No step at all: empty results, not an error (torch.stack([]) raises).
    case = "generate(model, prompt, 0)"
    try:
        none = generate(model, prompt, 0)
    except RuntimeError as e:
        raise AssertionError(f"{case}: your code raised {e}: want (B, 0) tokens") from e
    shapes = [tuple(t.shape) for t in none]
    assert shapes == [(B, 0), (B, 0, 11)], (
        f"{case}: shapes {shapes}, want tokens (B, 0) and logits (B, 0, vocab)"
    )
    # On the model's device: a model on "meta" (a device without data, a stand-in
    # for CUDA) catches a tensor made on the CPU, such as a mask without device=.
    case = "a model and prompt on the 'meta' device (a stand-in for CUDA)"
    try:
        out = generate(TinyLM().to("meta"), prompt.to("meta"), 2)
    except (RuntimeError, NotImplementedError) as e:
        untestable = ("Meta kernel", "register_meta", "called on meta tensors")
        if not any(s in str(e) for s in untestable):
            raise AssertionError(
                f"{case}: your code raised {e}: a tensor made without device= (on "
                "the CPU: the mask?), or moved there with .cpu()?"
            ) from e
        out = ()
    devices = [t.device.type for t in out]
    assert all(d == "meta" for d in devices), (
        f"{case}: results on {devices}: make new tensors on x's device"
    )
    print(f"{steps} cached steps match re-running the prefix; 1 token fed per step")
    # > 6 cached steps match re-running the prefix; 1 token fed per step


# --8<-- [end:check]


if __name__ == "__main__":
    check(TinyLM, generate)
