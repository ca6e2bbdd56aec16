"""AdamW (decoupled weight decay), matched step by step against torch.optim.AdamW."""

import torch


class AdamW(torch.optim.Optimizer):
    """Adam with decoupled weight decay: first p *= 1 - lr * weight_decay, then the Adam
    step on the loss gradient alone (bias-corrected, t counted per parameter)."""

    def __init__(
        self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2
    ):
        super().__init__(
            params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay)
        )

    @torch.no_grad()
    def step(self):
        # --8<-- [start:solution]
        for group in self.param_groups:
            (b1, b2), lr, eps = group["betas"], group["lr"], group["eps"]
            for p in group["params"]:
                if p.grad is None:  # no gradient: no decay either
                    continue
                g, state = p.grad, self.state[p]
                if not state:
                    state["step"] = 0
                    state["m"] = torch.zeros_like(p)
                    state["v"] = torch.zeros_like(p)
                state["step"] += 1
                t, m, v = state["step"], state["m"], state["v"]
                # Decoupled: shrink the weight, scaled by lr; the moments never see it.
                p.mul_(1 - lr * group["weight_decay"])
                m.mul_(b1).add_(g, alpha=1 - b1)
                v.mul_(b2).addcmul_(g, g, value=1 - b2)
                m_hat = m / (1 - b1**t)
                v_hat = v / (1 - b2**t)
                p.sub_(lr * m_hat / (v_hat.sqrt() + eps))
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.optim.Adam",
    "torch.optim.AdamW",
    "torch.optim.adam.adam",
    "torch.optim.adamw.adamw",
)


def check(AdamW):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def set_grad(p, g):
        # As training does: backward after zero_grad(set_to_none=False) writes into
        # the same .grad tensor, so state that aliases .grad changes with it.
        if g is None or p.grad is None:
            p.grad = None if g is None else g.clone()
        else:
            p.grad.copy_(g)

    init = [torch.randn(3, 4, dtype=torch.float64), torch.randn(4, dtype=torch.float64)]
    grads = [[torch.randn(3, 4), torch.randn(4)] for _ in range(5)]
    grads = [[g.double() for g in gs] for gs in grads]
    for gs in grads:
        gs[0][0] = 0.0  # row 0 gets zero gradients: only the decay moves it
    grads[1][1] = None  # no gradient at step 2: no update, no decay
    configs = [  # (defaults, options of the second param group, the bias's)
        (dict(lr=0.1, weight_decay=0.1), {}),
        (dict(lr=0.01, betas=(0.8, 0.99)), {}),
        # The usual split: no decay for biases and norms, in a group of their own.
        (dict(lr=0.1, weight_decay=0.1), dict(weight_decay=0.0, betas=(0.5, 0.9))),
    ]
    for cfg, group in configs:
        mine = [p.clone().requires_grad_() for p in init]
        ref = [p.clone().requires_grad_() for p in init]
        opt = AdamW([{"params": mine[:1]}, {"params": mine[1:], **group}], **cfg)
        torch_opt = torch.optim.AdamW(
            [{"params": ref[:1]}, {"params": ref[1:], **group}], **cfg
        )
        case = f"{cfg}, bias group {group}"
        for step, gs in enumerate(grads, start=1):
            if step == 4:  # the decay follows the current lr
                for o in (opt, torch_opt):
                    for pg in o.param_groups:
                        pg["lr"] *= 0.5
            for p, q, g in zip(mine, ref, gs, strict=True):
                set_grad(p, g)
                set_grad(q, g)
            opt.step()
            torch_opt.step()
            for i, (p, q, g) in enumerate(zip(mine, ref, gs, strict=True)):
                close(
                    p,
                    q,
                    f"{case}, step {step}, param {i}: the decay is p *= 1 - lr * wd "
                    f"before the Adam step, never added to the gradient, with each "
                    f"group's own weight_decay",
                )
                assert g is None or torch.equal(p.grad, g), (
                    f"{case}, step {step}, param {i}: step() changed .grad"
                )
        # The moments live in opt.state, so state_dict() saves them for a resume
        # (under any key: an entry left empty by reading self.state[p] counts as none).
        saved = {i: s for i, s in opt.state_dict()["state"].items() if s}
        want = torch_opt.state_dict()["state"]
        assert saved.keys() == want.keys(), (
            f"{case}: state_dict()['state'] holds state for params {sorted(saved)}, "
            f"torch's for {sorted(want)}: keep m, v and t in self.state[p]"
        )
        for i in want:
            for key in ("exp_avg", "exp_avg_sq"):
                moment = want[i][key]
                assert any(
                    torch.is_tensor(v)
                    and v.shape == moment.shape
                    and torch.allclose(v, moment)
                    for v in saved[i].values()
                ), f"{case}: state_dict() does not hold param {i}'s {key}"
    print("AdamW matches torch.optim.AdamW for 5 steps: decoupled decay, lr, groups")
    # > AdamW matches torch.optim.AdamW for 5 steps: decoupled decay, lr, groups


# --8<-- [end:check]


if __name__ == "__main__":
    check(AdamW)
