"""Tiled attention with an online softmax (the FlashAttention idea), checked against
SDPA."""

import weakref

import torch
import torch.nn.functional as F
from torch.overrides import TorchFunctionMode


def tiled_attention(q, k, v, block_size):
    """softmax(q @ k^T / sqrt(d)) @ v, reading the keys block_size at a time.

    q (..., L, d), k (..., S, d), v (..., S, dv). Holds an L x block_size block of
    scores at a time, never the L x S matrix.
    """
    # --8<-- [start:solution]
    scale = q.size(-1) ** -0.5
    S = k.size(-2)
    row_max = q.new_full((*q.shape[:-1], 1), float("-inf"))  # max score seen so far
    row_sum = q.new_zeros((*q.shape[:-1], 1))  # sum of exp(score - row_max)
    acc = q.new_zeros((*q.shape[:-1], v.size(-1)))  # sum of exp(score - row_max) * v
    for start in range(0, S, block_size):  # the last block may be shorter
        kb = k[..., start : start + block_size, :]
        vb = v[..., start : start + block_size, :]
        scores = (q @ kb.transpose(-2, -1)) * scale  # (..., L, block)
        new_max = torch.maximum(row_max, scores.amax(dim=-1, keepdim=True))
        # What was summed under the old max is rescaled to the new one.
        alpha = torch.exp(row_max - new_max)  # exp(-inf) = 0 on the first block
        p = torch.exp(scores - new_max)
        row_sum = row_sum * alpha + p.sum(dim=-1, keepdim=True)
        acc = acc * alpha + p @ vb
        row_max = new_max
    return acc / row_sum
    # --8<-- [end:solution]


# --8<-- [start:check]
class Watch(TorchFunctionMode):  # sees every torch call of the code under it
    def __init__(self, *inputs):
        super().__init__()
        self.largest = 0  # the most elements of a tensor a call returned
        self.peak = 0  # with inputs: the most elements alive at one time in the
        self.inputs = {t.untyped_storage().data_ptr() for t in inputs}  # tensors
        self.made = []  # that calls returned (each storage once; q, k, v excluded)

    def __torch_function__(self, func, types, args=(), kwargs=None):
        assert func is not F.scaled_dot_product_attention, "calls SDPA: tensor ops only"
        out = func(*args, **(kwargs or {}))
        for t in out if isinstance(out, (tuple, list)) else (out,):
            if isinstance(t, torch.Tensor):
                self.largest = max(self.largest, t.numel())
                s = t.untyped_storage()
                if self.inputs and s.data_ptr() not in self.inputs:
                    size = s.nbytes() // t.element_size()
                    self.made.append((weakref.ref(t), s.data_ptr(), size))
        if self.inputs:
            self.made = [m for m in self.made if m[0]() is not None]
            alive = {ptr: size for _, ptr, size in self.made}
            self.peak = max(self.peak, sum(alive.values()))
        return out


def check(tiled_attention):
    torch.manual_seed(0)

    def compare(case, got, want, cause="rescale sum and acc when the max changes?"):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case} ({cause}): {m}")

    def mine(q, k, v, block_size, watch=None):
        with watch or Watch():
            return tiled_attention(q, k, v, block_size)

    q = torch.randn(2, 3, 7, 8, dtype=torch.float64)  # L = 7 queries
    k = torch.randn(2, 3, 10, 8, dtype=torch.float64)  # S = 10 keys
    v = torch.randn(2, 3, 10, 5, dtype=torch.float64)
    want = F.scaled_dot_product_attention(q, k, v)
    one_block = "one block holds every key: the scale 1/sqrt(d), d of q and k, not dv?"
    causes = {  # one block first: no rescaling yet, so what fails there is not it
        16: one_block + " a block shorter than block_size kept?",
        10: one_block,
        **dict.fromkeys((1, 2, 5), "rescale sum and acc when the max changes?"),
        **dict.fromkeys((3, 4), "the last, shorter block kept? rescale sum and acc?"),
    }
    for block_size, cause in causes.items():  # exceeds S, divides it, does not
        got = mine(q, k, v, block_size)
        compare(f"block_size={block_size}, S=10", got, want, cause)
    # Large logits in float32: exp() of a raw score of ~100s overflows to inf.
    q32, k32, v32 = (t.float() for t in (q * 30, k, v))
    compare(
        "large logits, float32",
        mine(q32, k32, v32, 3),
        F.scaled_dot_product_attention(q32, k32, v32),
        "exp of the raw scores overflows: subtract the running max",
    )
    # Every score near -1400: exp() of it underflows to 0 (below about -745 in
    # float64), so a running max started at 0 instead of -inf gives 0 / 0 = nan.
    qn = 500 + torch.randn(2, 3, 7, 8, dtype=torch.float64)
    kn = -1 + 0.002 * torch.randn(2, 3, 10, 8, dtype=torch.float64)
    compare(
        "every score near -1400",
        mine(qn, kn, v, 3),
        F.scaled_dot_product_attention(qn, kn, v),
        "the running max starts at -inf, not 0?",
    )
    # Never the L x S scores: one head with L = 16, S = 64; every tensor a torch
    # call returns while it runs must hold fewer than L * S = 1024 elements.
    q1, k1, v1 = torch.randn(16, 8), torch.randn(64, 8), torch.randn(64, 5)
    for block_size in (4, 16):
        watch = Watch()
        got = mine(q1, k1, v1, block_size, watch)
        want = F.scaled_dot_product_attention(q1, k1, v1)
        compare(f"one head, L=16, S=64, block_size={block_size}", got, want)
        assert watch.largest < 16 * 64, (
            f"block_size={block_size}: a tensor of {watch.largest} elements, as big "
            "as the L x S = 16 x 64 scores: hold one block of scores at a time"
        )
    # Nor all the blocks of scores kept at once: with S = 256 in blocks of 8, the
    # tensors your function made that are alive at any one time must hold fewer than
    # L * S = 4096 elements (one block of scores is 128).
    k2, v2 = torch.randn(256, 8), torch.randn(256, 5)
    watch = Watch(q1, k2, v2)
    got = mine(q1, k2, v2, 8, watch)
    want = F.scaled_dot_product_attention(q1, k2, v2)
    compare("one head, L=16, S=256, block_size=8", got, want)
    assert watch.peak < 16 * 256, (
        f"S=256, block_size=8: {watch.peak} elements of your tensors alive at once, "
        "as many as the L x S = 16 x 256 scores: keep only the running max, sum and "
        "output from one block to the next"
    )
    print("tiled_attention = SDPA: block sizes 1 to 16, scores +-100s, never L x S")
    # > tiled_attention = SDPA: block sizes 1 to 16, scores +-100s, never L x S


# --8<-- [end:check]


if __name__ == "__main__":
    check(tiled_attention)
