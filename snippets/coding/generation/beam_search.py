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
    Returns the final beams (n, T + steps), n = min(beam_width, vocab ** steps), and
    their summed log-probabilities (n,), best first."""
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
        return totals[(seqs[:, T:] * V ** torch.arange(steps - 1, -1, -1)).sum(-1)]

    def reference(width):  # the loop: grow every beam by every token, sort, keep
        beams = [(0.0, prompt.tolist())]
        for _ in range(steps):
            grown = []
            for total, seq in beams:
                with torch.no_grad():
                    lp = F.log_softmax(model(torch.tensor([seq]))[0, -1], dim=-1)
                grown += [(total + lp[t].item(), seq + [t]) for t in range(V)]
            beams = sorted(grown, key=lambda b: -b[0])[:width]
        seqs = torch.tensor([s for _, s in beams])
        return seqs, torch.tensor([t for t, _ in beams], dtype=torch.float64)

    # Width V ** (steps - 1) keeps every prefix: beam search is then exact.
    n = V ** (steps - 1)
    seqs, scores = beam_search(model, prompt, n, steps)
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
    print(
        f"width {n} exact; greedy {greedy:.3f}, width 2 {two:.3f}, best {best[0]:.3f}"
    )
    # > width 64 exact; greedy -3.213, width 2 -3.127, best -3.127


# --8<-- [end:check]


if __name__ == "__main__":
    check(beam_search)
