"""Greedy decoding and temperature sampling, checked with argmax and reference draws."""

import torch
import torch.nn as nn


@torch.no_grad()
def generate(model, prompt, steps, temperature=0.0, generator=None):
    """model(ids) maps (B, T) token ids to logits (B, T, vocab). Appends `steps` tokens
    to prompt (B, T): the argmax when temperature == 0, otherwise one draw from
    softmax(logits / temperature) with torch.multinomial(..., generator=generator).
    Returns (B, T + steps)."""
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
        assert torch.equal(greedy[:, :T], prompt), "the prompt must be kept in front"
        # Greedy: every new token is the argmax of the logits at the position before it.
        want = model(greedy)[:, T - 1 : -1].argmax(dim=-1)
        assert torch.equal(greedy[:, T:], want), "greedy: not the argmax at each step"
        for temperature, scale in [(0.7, 1.0), (1.0, 1.0), (2.0, 1.0), (0.5, 1e3)]:

            def scaled(ids, s=scale):  # s=1e3: logits in the thousands
                return s * model(ids)

            out = generate(
                scaled,
                prompt,
                steps,
                temperature,
                generator=torch.Generator().manual_seed(1234),
            )
            # The reference draw: same generator state, softmax(logits / temperature).
            g = torch.Generator().manual_seed(1234)
            for t in range(T, T + steps):
                probs = torch.softmax(scaled(out[:, :t])[:, -1] / temperature, dim=-1)
                want = torch.multinomial(probs, 1, generator=g).squeeze(1)
                assert torch.equal(out[:, t], want), (
                    f"temperature={temperature}, logits x{scale}, step {t - T}: not "
                    "the seeded torch.multinomial draw from softmax(logits / "
                    "temperature); scale before the softmax, pass the generator"
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
