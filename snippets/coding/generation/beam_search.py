"""Beam search, checked against an exhaustive search over every continuation."""

import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F


@torch.no_grad()
def beam_search(model, prompt, beam_width, steps):
    """model(ids) maps (N, T) token ids to logits (N, T, vocab); prompt: (T,).
    Extends the prompt by exactly `steps` tokens (no end-of-sequence token: every
    candidate has the same length, and the raw sum of log-probabilities ranks them).
    Returns the final beams (n, T + steps), n = min(beam_width, vocab ** steps) (so
    steps = 0 gives the prompt alone, score 0), and their summed log-probabilities (n,),
    best first, in the logits' dtype (float64 for a float64 model)."""
    # --8<-- [start:solution]
    seqs = prompt[None]  # one beam to start: beam_width copies would fill it with twins
    scores = torch.zeros(1)
    for _ in range(steps):
        logp = F.log_softmax(model(seqs)[:, -1], dim=-1)  # (n, vocab)
        vocab = logp.shape[-1]
        candidates = (scores[:, None] + logp).flatten()  # every beam x every next token
        top = candidates.topk(min(beam_width, candidates.numel()))
        beam, token = top.indices // vocab, top.indices % vocab
        seqs = torch.cat([seqs[beam], token[:, None]], dim=1)
        scores = top.values
    return seqs, scores
    # --8<-- [end:solution]


# --8<-- [start:check]
class TinyCausalLM(nn.Module):
    def __init__(self, vocab=4, d=16, max_len=16):
        super().__init__()
        self.tok, self.pos = nn.Embedding(vocab, d), nn.Embedding(max_len, d)
        layer = nn.TransformerEncoderLayer(d, 2, 32, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 1, enable_nested_tensor=False)
        self.head = nn.Linear(d, vocab)

    def forward(self, ids):
        T = ids.shape[1]
        x = self.tok(ids) + self.pos(torch.arange(T))
        mask = nn.Transformer.generate_square_subsequent_mask(T, dtype=x.dtype)
        return self.head(self.encoder(x, mask=mask, is_causal=True))


class Bigram(nn.Module):  # logits from the last token alone: a (vocab, vocab) table
    def __init__(self, table):
        super().__init__()
        self.table = nn.Parameter(table, requires_grad=False)

    def forward(self, ids):
        return F.embedding(ids, self.table)


def check(beam_search):
    torch.manual_seed(0)
    model = TinyCausalLM().double().eval()
    V, steps = 4, 4
    prompt = torch.tensor([2, 0, 3])
    T = len(prompt)

    def close(got, want, case):  # scores in any float dtype, at its tolerance
        torch.testing.assert_close(
            got, want, check_dtype=False, msg=lambda m: f"{case}: {m}"
        )

    # Exhaustive: all V ** steps continuations scored in one batch, log-probs summed.
    tails = torch.tensor(list(itertools.product(range(V), repeat=steps)))
    every = torch.cat([prompt.expand(len(tails), T), tails], dim=1)
    with torch.no_grad():
        logp = F.log_softmax(model(every)[:, T - 1 : -1], dim=-1)
    totals = logp.gather(-1, tails[..., None]).squeeze(-1).sum(-1)
    best, rank = totals.sort(descending=True)

    def rescore(seqs):  # each beam's true total, looked up in the exhaustive table
        return totals[
            (seqs[:, T:].long() * V ** torch.arange(steps - 1, -1, -1)).sum(-1)
        ]

    def token_ids(seqs, case):  # beams index the vocabulary: integers, not floats
        assert isinstance(seqs, torch.Tensor), f"{case}: beams are a {type(seqs)}"
        assert not seqs.dtype.is_floating_point and seqs.dtype != torch.bool, (
            f"{case}: beams in {seqs.dtype}: they are token ids, integers like the "
            f"prompt's {prompt.dtype}"
        )

    def reference(width, model=model, prompt=prompt, steps=steps):
        beams = [(0.0, prompt.tolist())]  # the loop: grow every beam by every token,
        for _ in range(steps):  # sort, keep the best
            grown = []
            for total, seq in beams:
                with torch.no_grad():
                    lp = F.log_softmax(model(torch.tensor([seq]))[0, -1], dim=-1)
                grown += [(total + v, seq + [t]) for t, v in enumerate(lp.tolist())]
            beams = sorted(grown, key=lambda b: -b[0])[:width]
        seqs = torch.tensor([s for _, s in beams])
        return seqs, torch.tensor([t for t, _ in beams], dtype=torch.float64)

    def against_loop(model, prompt, width, steps, case, cause=""):
        seqs, scores = beam_search(model, prompt, width, steps)
        want_seqs, want_scores = reference(width, model, prompt, steps)
        token_ids(seqs, case)
        assert seqs.shape == want_seqs.shape, (
            f"{case}: beams of shape {tuple(seqs.shape)}, want "
            f"{tuple(want_seqs.shape)} (n = min(beam_width, vocab ** steps))"
        )
        with torch.no_grad():
            dtype = model(prompt[None]).dtype
        assert scores.dtype == dtype, (
            f"{case}: scores in {scores.dtype} for {dtype} logits: want {dtype} "
            "(the logits' dtype)"
        )
        assert torch.isfinite(scores).all(), (
            f"{case}: scores {scores}: not finite (exp of large logits overflows "
            "without the max subtracted: use log_softmax)"
        )
        torch.testing.assert_close(
            scores,
            want_scores.to(dtype),
            msg=lambda m: f"{case}, scores vs the loop{cause}: {m}",
        )
        assert torch.equal(seqs, want_seqs), f"{case}: beams vs the loop"

    # Width V ** (steps - 1) keeps every prefix: beam search is then exact.
    n = V ** (steps - 1)
    seqs, scores = beam_search(model, prompt, n, steps)
    token_ids(seqs, f"width {n}")
    assert seqs.shape == (n, T + steps), f"want {(n, T + steps)}, got {seqs.shape}"
    close(scores, best[:n], f"width {n} vs the exhaustive search, the top {n} scores")
    assert torch.equal(seqs, every[rank[:n]]), f"width {n}: not the exhaustive top {n}"
    for width in [1, 2, 3, 7]:
        seqs, scores = beam_search(model, prompt, width, steps)
        want_seqs, want_scores = reference(width)
        close(
            scores,
            want_scores,
            f"width {width}, scores vs the loop: sum log-probs (log_softmax), start "
            "from one beam",
        )
        assert torch.equal(seqs, want_seqs), f"width {width}: beams vs the loop"
        close(scores, rescore(seqs), f"width {width}, scores vs the beams' true totals")
    # Width 1 is greedy decoding.
    ids = prompt[None]
    for _ in range(steps):
        with torch.no_grad():
            ids = torch.cat([ids, model(ids)[:, -1].argmax(-1, keepdim=True)], dim=1)
    seqs, _ = beam_search(model, prompt, 1, steps)
    assert torch.equal(seqs, ids), "width 1 must equal greedy decoding"
    greedy, two = rescore(ids).item(), beam_search(model, prompt, 2, steps)[1][0]
    # beam_width above vocab ** steps: only the vocab ** steps distinct beams.
    for width, k in [(5, 1), (20, 2)]:
        against_loop(model, prompt, width, k, f"width {width}, {k} steps, vocab {V}")
    # A float32 model: float32 scores (the logits' dtype, not always float64).
    torch.manual_seed(1)
    model32 = TinyCausalLM().eval()
    against_loop(model32, prompt, 3, 3, "float32 model, width 3, 3 steps")
    # A prompt of 10 tokens on the position-aware model: every beam is fed whole.
    long_prompt = torch.tensor([2, 0, 3, 1, 1, 0, 2, 3, 0, 1])
    against_loop(
        model,
        long_prompt,
        3,
        4,
        "prompt of 10 tokens, 4 steps (the model sees each whole beam, prompt "
        "included, not its last few tokens)",
    )
    # No steps: the prompt alone, score 0 (in any float dtype: no logits are computed).
    try:
        seqs, scores = beam_search(model, prompt, 3, 0)
    except Exception as e:
        raise AssertionError(
            f"steps = 0: your code raised {type(e).__name__}: {e}"
        ) from e
    assert torch.equal(seqs, prompt[None]), f"steps = 0: {seqs}, want {prompt[None]}"
    assert torch.equal(scores.double(), torch.zeros(1, dtype=torch.float64)), (
        f"steps = 0: scores {scores}, want [0.]"
    )
    # 220 steps of vocab 64: every total is below -745, where e^total underflows.
    g = torch.Generator().manual_seed(0)
    flat = Bigram(0.1 * torch.randn(64, 64, dtype=torch.float64, generator=g))
    against_loop(
        flat,
        prompt,
        2,
        220,
        "vocab 64, 220 steps (-inf? a product of probabilities underflows: sum "
        "log-probabilities)",
    )
    # Logits near 1000 with a spread of 0.01: float64 work keeps the log-probs.
    near = Bigram(1000 + 0.01 * torch.randn(8, 8, dtype=torch.float64, generator=g))
    against_loop(
        near,
        prompt,
        3,
        3,
        "float64 logits near 1000, spread 0.01",
        " (log_softmax in float32? keep the logits' dtype)",
    )
    print(
        f"width {n} exact; greedy {greedy:.3f}, width 2 {two:.3f}, best {best[0]:.3f}"
    )
    # > width 64 exact; greedy -3.213, width 2 -3.127, best -3.127


# --8<-- [end:check]


if __name__ == "__main__":
    check(beam_search)
