"""Greedy decoding and temperature sampling, checked with argmax and reference draws."""

import torch
import torch.nn as nn


@torch.no_grad()
def generate(model, prompt, steps, temperature=0.0, generator=None):
    """model(ids) maps (B, T) token ids to logits (B, T, vocab). Appends `steps` tokens
    to prompt (B, T): the argmax when temperature == 0, otherwise one draw from
    softmax(logits / temperature) with torch.multinomial(..., generator=generator),
    the softmax in the logits' dtype. Returns (B, T + steps) token ids, int64 as the
    prompt, for any B (1 included)."""
    # --8<-- [start:solution]
    ids = prompt
    for _ in range(steps):
        logits = model(ids)[:, -1]  # the last position predicts the next token
        if temperature == 0:
            nxt = logits.argmax(dim=-1, keepdim=True)
        else:
            # Scale the logits, then softmax (which subtracts the max: no overflow).
            probs = torch.softmax(logits / temperature, dim=-1)
            nxt = torch.multinomial(probs, 1, generator=generator)
        ids = torch.cat([ids, nxt], dim=1)
    return ids
    # --8<-- [end:solution]


# --8<-- [start:check]
class TinyCausalLM(nn.Module):
    def __init__(self, vocab=7, d=16, max_len=16):
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


def check(generate):
    torch.manual_seed(0)
    model = TinyCausalLM().double().eval()
    B, T, steps = 64, 3, 5
    prompt = torch.randint(0, 7, (B, T))
    with torch.no_grad():
        greedy = generate(model, prompt, steps)
        assert greedy.shape == (B, T + steps), f"want {(B, T + steps)}: {greedy.shape}"
        assert greedy.dtype == torch.int64, (
            f"greedy: token ids in {greedy.dtype}, want int64 (the prompt's dtype)"
        )
        assert torch.equal(greedy[:, :T], prompt), "the prompt must be kept in front"
        # Greedy: every new token is the argmax of the logits at the position before it.
        want = model(greedy)[:, T - 1 : -1].argmax(dim=-1)
        assert torch.equal(greedy[:, T:], want), "greedy: not the argmax at each step"
        runs = [(0.7, 1.0, 0), (1.0, 1.0, 0), (2.0, 1.0, 0), (0.5, 1e3, 0)]
        runs += [(1.0, 1.0, 1e6)]  # logits near 1e6: float32's spacing there is 0.06
        for temperature, scale, shift in runs:

            def scaled(ids, s=scale, c=shift):  # s=1e3: logits in the thousands
                return s * model(ids) + c

            out = generate(
                scaled,
                prompt,
                steps,
                temperature,
                generator=torch.Generator().manual_seed(1234),
            )
            assert out.dtype == torch.int64, (
                f"temperature={temperature}: token ids in {out.dtype}, want int64"
            )
            where = f"temperature={temperature}, logits x{scale}" + (
                f" + {shift:.0e} (the softmax in float32? keep the logits' dtype)"
                if shift
                else ""
            )
            # The reference draw: same generator state, softmax(logits / temperature).
            g = torch.Generator().manual_seed(1234)
            for t in range(T, T + steps):
                probs = torch.softmax(scaled(out[:, :t])[:, -1] / temperature, dim=-1)
                want = torch.multinomial(probs, 1, generator=g).squeeze(1)
                assert torch.equal(out[:, t], want), (
                    f"{where}, step {t - T}: not the seeded torch.multinomial draw "
                    "from softmax(logits / temperature); scale before the softmax, "
                    "pass the generator"
                )
        # A batch of one prompt: greedy and sampled.
        one = prompt[:1]
        for temperature in [0.0, 1.0]:
            try:
                out = generate(
                    model, one, steps, temperature, torch.Generator().manual_seed(7)
                )
            except Exception as e:
                raise AssertionError(
                    f"a batch of 1, temperature={temperature}: your code raised "
                    f"{type(e).__name__}: {e} (squeeze() drops the batch dim too?)"
                ) from e
            assert out.shape == (1, T + steps), (
                f"a batch of 1, temperature={temperature}: shape {tuple(out.shape)}"
            )
            g = torch.Generator().manual_seed(7)
            for t in range(T, T + steps):
                logits = model(out[:, :t])[:, -1]
                want = (
                    logits.argmax(-1)
                    if temperature == 0
                    else torch.multinomial(torch.softmax(logits, -1), 1, generator=g)[0]
                )
                assert torch.equal(out[:, t], want), (
                    f"a batch of 1, temperature={temperature}, step {t - T}"
                )
        # Temperature -> 0 is greedy (no ties here).
        cold = generate(model, prompt, steps, 1e-4, torch.Generator().manual_seed(0))
        assert torch.equal(cold, greedy), (
            "temperature 1e-4 should give the greedy tokens"
        )
    print(
        f"greedy = argmax at each step; {B} seeded draws at 4 temperatures; T->0 greedy"
    )
    # > greedy = argmax at each step; 64 seeded draws at 4 temperatures; T->0 greedy


# --8<-- [end:check]


if __name__ == "__main__":
    check(generate)
