"""A LoRA adapter on a frozen nn.Linear, checked against the merged weight."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class LoRALinear(nn.Module):
    """y = base(x) + (alpha / r) * x @ A.T @ B.T with base frozen, A (r, in_features)
    random and B (out_features, r) exactly zero, so that the adapter starts as no
    change; A and B in the base's dtype and device, the base a submodule (in
    state_dict(), moved by .to())."""

    def __init__(self, base: nn.Linear, r: int, alpha: float):
        super().__init__()
        # --8<-- [start:solution]
        self.base = base.requires_grad_(False)  # frozen: its .grad stays None
        self.scale = alpha / r
        w = base.weight  # new_*: the base's dtype and device
        self.A = nn.Parameter(w.new_empty(r, base.in_features))
        nn.init.kaiming_uniform_(self.A, a=math.sqrt(5))  # as nn.Linear's weight
        self.B = nn.Parameter(w.new_zeros(base.out_features, r))  # B @ A = 0 at start
        # --8<-- [end:solution]

    def forward(self, x):
        # --8<-- [start:solution]
        # Two thin matmuls (x @ A.T is (..., r)): B @ A (out x in) is never built.
        return self.base(x) + self.scale * ((x @ self.A.T) @ self.B.T)
        # --8<-- [end:solution]

    def merged(self) -> nn.Linear:
        """A new nn.Linear with weight W + (alpha / r) * B @ A: no adapter to run. It
        shares no tensor with the base (its bias is a copy), on the base's device."""
        # --8<-- [start:solution]
        w, bias = self.base.weight, self.base.bias
        out = nn.Linear(
            w.shape[1], w.shape[0], bias is not None, device=w.device, dtype=w.dtype
        )
        with torch.no_grad():  # a new weight: the base stays as it was
            out.weight.copy_(w + self.scale * self.B @ self.A)
            if bias is not None:
                out.bias.copy_(bias)
        return out
        # --8<-- [end:solution]


# --8<-- [start:check]
def check(LoRALinear):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    base = nn.Linear(6, 5, dtype=torch.float64)
    W, b = base.weight.detach().clone(), base.bias.detach().clone()
    lora = LoRALinear(base, r=2, alpha=8)  # scale alpha / r = 4
    x = torch.randn(3, 4, 6, dtype=torch.float64)
    close(
        lora(x), F.linear(x, W, b), "at init the output is the base's (B starts at 0)"
    )
    assert (lora.B == 0).all(), (
        f"at init B must be exactly 0, got max |B| = {lora.B.abs().max():.1e}: "
        "new_zeros, not a small random init"
    )
    for name in ("A", "B"):
        t = getattr(lora, name)
        assert t.dtype == W.dtype and t.device == W.device, (
            f"{name} is {t.dtype} on {t.device}, the base float64 on {W.device}: make A"
            " and B in the base's dtype and device (weight.new_empty, new_zeros), not"
            " the default dtype cast in forward"
        )
    # The base is part of the module: saved with it, moved by .to() and .double().
    assert any(
        isinstance(m, nn.Linear) and torch.equal(m.weight, W) for m in lora.modules()
    ), (
        "no nn.Linear with the base's weight among the module's submodules: keep the"
        " base as a submodule (self.base = base), not its tensors copied into buffers"
    )
    saved = lora.state_dict().values()
    assert any(v.shape == W.shape and torch.equal(v, W) for v in saved), (
        "the base's weight is not in state_dict(): keep the base as a submodule "
        "(self.base = base), not in a list or dict, so that saving and .to() see it"
    )
    trainable = [n for n, p in lora.named_parameters() if p.requires_grad]
    assert sorted(trainable) == ["A", "B"], f"trainable parameters: {trainable}"
    # A at random: two seeds, two As (B is zero either way).
    As, rng = [], torch.get_rng_state()
    for seed in (1, 2):
        torch.manual_seed(seed)
        As.append(LoRALinear(nn.Linear(6, 5, dtype=torch.float64), r=2, alpha=8).A)
    torch.set_rng_state(rng)
    assert not torch.equal(As[0], As[1]), (
        "A is the same under torch.manual_seed(1) and (2): initialise it at random"
        " (e.g. kaiming_uniform_ as nn.Linear's weight), not a fixed matrix"
    )
    assert lora.A.shape == (2, 6) and lora.B.shape == (5, 2), "A: (r, in), B: (out, r)"
    opt = torch.optim.SGD([p for p in lora.parameters() if p.requires_grad], lr=0.1)
    target = torch.randn(3, 4, 5, dtype=torch.float64)
    for step in range(3):
        # The reference: the same loss through the merged weight W + 4 * B @ A.
        A = lora.A.detach().clone().requires_grad_()
        B = lora.B.detach().clone().requires_grad_()
        ref = F.mse_loss(F.linear(x, W + 4 * B @ A, b), target)
        opt.zero_grad()
        loss = F.mse_loss(lora(x), target)
        loss.backward()
        assert base.weight.grad is None and base.bias.grad is None, "base not frozen"
        close(loss, ref, f"step {step}, the loss vs W + (alpha / r) B @ A")
        close(
            (lora.A.grad, lora.B.grad),
            torch.autograd.grad(ref, (A, B)),
            f"step {step}, the gradients of A and B (scale alpha / r)",
        )
        assert lora.B.grad.abs().sum() > 0, "B gets no gradient: A must not start at 0"
        opt.step()
    assert torch.equal(base.weight, W) and torch.equal(base.bias, b), (
        "the base weights moved in training (frozen: they stay exactly as they were)"
    )
    merged = lora.merged()
    assert isinstance(merged, nn.Linear), "merged() returns an nn.Linear"
    close(merged.weight, W + 4 * lora.B @ lora.A, "merged weight W + (alpha / r) B @ A")
    close(merged(x), lora(x), "the merged layer's outputs vs the adapter's")
    assert torch.equal(base.weight, W) and torch.equal(base.bias, b), (
        "merged() changed the base's weight or bias, even by rounding (merged into it"
        " in place and back: W + d - d is not W): build the new weight apart"
    )
    for name in ["weight", "bias"]:
        mine, theirs = getattr(merged, name), getattr(base, name)
        shared = (
            mine.untyped_storage().data_ptr() == theirs.untyped_storage().data_ptr()
        )
        assert not shared, (
            f"merged().{name} shares memory with the base's: copy it (training the "
            "merged layer would change the base)"
        )
    # No bias, and another r and alpha: a scale alpha / r = 0.5 that is not an integer.
    base = nn.Linear(6, 5, bias=False, dtype=torch.float64)
    lora = LoRALinear(base, r=3, alpha=1.5)
    with torch.no_grad():
        lora.B.normal_()
    want = F.linear(x, base.weight + 0.5 * lora.B @ lora.A)
    close(lora(x), want, "bias=False, r=3, alpha=1.5: W + 0.5 B @ A (alpha / r)")
    merged = lora.merged()
    assert merged.bias is None, "merged() of a layer without bias has no bias"
    close(merged(x), want, "bias=False, r=3, alpha=1.5: the merged layer")
    # On the base's device: a base on "meta" (a device without data, a stand-in for
    # CUDA) catches A, B or the merged layer made on the CPU (without device=).
    case = "a base on the 'meta' device (a stand-in for CUDA)"
    try:
        lora = LoRALinear(nn.Linear(6, 5, device="meta"), r=2, alpha=8)
        made = {"A": lora.A, "B": lora.B, "merged().weight": lora.merged().weight}
    except (RuntimeError, NotImplementedError) as e:
        untestable = ("Meta kernel", "register_meta", "called on meta tensors")
        if not any(s in str(e) for s in untestable):
            raise AssertionError(
                f"{case}: your code raised {e}: a tensor made without device= (on "
                "the CPU), or moved there with .cpu()?"
            ) from e
        made = {}
    for name, t in made.items():
        assert t.device.type == "meta", (
            f"{case}: {name} is on {t.device}: make it on the base's device"
        )
    print("LoRA: the base at init, only A and B train, W + (alpha/r) BA at r = 2, 3")
    # > LoRA: the base at init, only A and B train, W + (alpha/r) BA at r = 2, 3


# --8<-- [end:check]


if __name__ == "__main__":
    check(LoRALinear)
