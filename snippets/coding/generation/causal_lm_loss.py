"""The causal language-model loss and its label shift, checked with F.cross_entropy."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def causal_lm_loss(logits, labels, ignore_index=-100):
    """logits: (B, T, vocab), the model's outputs for input_ids (B, T); labels: (B, T),
    the input_ids with ignore_index at padding (and at prompt tokens not trained on).
    Position t predicts token t + 1. Returns the mean cross-entropy over the predicted
    tokens that are not ignored, nan (0 / 0) when none is, as F.cross_entropy, computed
    in the logits' dtype. logits may be non-contiguous; logits and labels are left
    unchanged. Tensor ops only, no F.cross_entropy."""
    # --8<-- [start:solution]
    logits, targets = logits[:, :-1], labels[:, 1:]  # position t predicts token t + 1
    keep = targets != ignore_index
    logp = torch.log_softmax(logits, dim=-1)  # stable: no log(softmax(...))
    # gather cannot take index -100: put any valid index there, the mask drops it.
    picked = logp.gather(-1, targets.masked_fill(~keep, 0).unsqueeze(-1)).squeeze(-1)
    return -(picked * keep).sum() / keep.sum()  # mean over the kept tokens of the batch
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.cross_entropy",
    "torch.nn.functional.nll_loss",
    "torch._C._nn.cross_entropy_loss",
    "torch._C._nn.nll_loss_nd",
)


class TinyCausalLM(nn.Module):
    def __init__(self, vocab=9, d=16, max_len=16):
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


def check(causal_lm_loss):
    torch.manual_seed(0)

    def mine(logits, labels, case="", **kwargs):
        before = logits.detach().clone(), labels.clone()
        try:
            out = causal_lm_loss(logits, labels, **kwargs)
        except Exception as e:
            if not case:
                raise
            raise AssertionError(
                f"{case}: your code raised {type(e).__name__}: {e}"
            ) from e
        assert torch.equal(labels, before[1]), (
            "the caller's labels were changed (ignored labels overwritten in place?)"
        )
        assert torch.equal(logits.detach(), before[0]), (
            "the caller's logits were changed"
        )
        assert isinstance(out, torch.Tensor) and out.dtype == logits.dtype, (
            f"{logits.dtype} logits: the loss must be a {logits.dtype} tensor, got "
            f"{getattr(out, 'dtype', type(out).__name__)}"
        )
        return out

    model = TinyCausalLM().double()
    B, T, V = 3, 8, 9
    ids = torch.randint(0, V, (B, T))
    labels = ids.clone()
    labels[0, 5:] = -100  # right padding: row 0 has 5 real tokens
    labels[1, :3] = -100  # a prompt not trained on: row 1 learns from token 3 on
    logits = model(ids)

    def loop(logits, labels):  # one position at a time: p(token t+1 | tokens <= t)
        terms = [
            -torch.log_softmax(logits[b, t], dim=-1)[labels[b, t + 1]]
            for b in range(B)
            for t in range(T - 1)
            if labels[b, t + 1] != -100
        ]
        return torch.stack(terms).mean()

    def close(got, want, case, **kw):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}", **kw)

    def torch_loss(logits, labels, ignore_index=-100):  # shifted by hand
        flat = logits[:, :-1].reshape(-1, V), labels[:, 1:].reshape(-1)
        return F.cross_entropy(*flat, ignore_index=ignore_index)

    # labels apart from ids: the model's graph keeps ids (an in-place write to the
    # labels must not break the gradients below).
    pairs = [("no padding", ids.clone()), ("padding and a masked prompt", labels)]
    for case, lab in pairs:
        got, want = mine(logits, lab), torch_loss(logits, lab)
        close(got, want, f"{case}, vs F.cross_entropy on the shifted tensors")
        close(got, loop(logits, lab), f"{case}, vs the loop")
        params = list(model.parameters())
        close(
            torch.autograd.grad(got, params, retain_graph=True),
            torch.autograd.grad(want, params, retain_graph=True),
            f"{case}, the gradients of the model's parameters",
        )
    # Large logits: log_softmax stays finite where log(softmax) gives -inf.
    big = 1e4 * logits.detach()
    close(
        mine(big, labels),
        torch_loss(big, labels),
        "logits x1e4: use log_softmax, not log(softmax)",
    )
    other = labels.masked_fill(labels == -100, V)  # another ignore_index
    close(
        mine(logits, other, ignore_index=V),
        torch_loss(logits, other, ignore_index=V),
        f"ignore_index={V}",
    )
    # No target at all (a batch of padding): 0 / 0, nan, as F.cross_entropy gives.
    none = torch.full_like(labels, -100)
    close(
        mine(logits, none),
        torch_loss(logits, none),
        "every label ignored: want nan (0 / 0) as F.cross_entropy, not a guarded 0",
        equal_nan=True,
    )
    # Non-contiguous logits (a transposed copy, as a model's output can be).
    strided = logits.detach().transpose(0, 1).contiguous().transpose(0, 1)
    close(
        mine(strided, labels, case="non-contiguous logits (view? use reshape)"),
        torch_loss(strided, labels),
        "non-contiguous logits",
    )
    # float64 logits near 1000 with a spread of 1e-3: float64 work keeps the digits.
    g = torch.Generator().manual_seed(0)
    near = 1000 + 1e-3 * torch.randn(B, T, V, dtype=torch.float64, generator=g)
    close(
        mine(near, labels),
        torch_loss(near, labels),
        "float64 logits near 1000, spread 1e-3 (log_softmax in float32? keep the "
        "logits' dtype)",
        rtol=1e-10,
        atol=0,
    )
    n = int((labels[:, 1:] != -100).sum())
    print(f"matches F.cross_entropy and the loop: {n} of {B * (T - 1)} targets counted")
    # > matches F.cross_entropy and the loop: 16 of 21 targets counted


# --8<-- [end:check]


if __name__ == "__main__":
    check(causal_lm_loss)
