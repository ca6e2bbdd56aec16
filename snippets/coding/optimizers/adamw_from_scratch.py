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

    # The weight and a second param u share the first group; the bias has its own.
    shapes = [(3, 4), (2,), (4,)]
    init = [torch.randn(s, dtype=torch.float64) for s in shapes]
    # The bias's gradients are ~1e-6: sqrt(v_hat) is then near eps.
    scale = [1.0, 1.0, 1e-6]
    grads = [
        [(torch.randn(s) * c).double() for s, c in zip(shapes, scale, strict=True)]
        for _ in range(5)
    ]
    for gs in grads:
        gs[0][0] = 0.0  # row 0 gets zero gradients: only the decay moves it
    grads[1][2] = None  # no gradient at step 2: no update, no decay
    grads[1][1] = None  # none for u either: 1 behind its group's other param
    names = ["the weight", "u (in the weight's group)", "the bias"]
    configs = [  # (defaults, options of the second param group, the bias's)
        (dict(lr=0.1, weight_decay=0.1), {}),
        (dict(lr=0.01, betas=(0.8, 0.99)), {}),
        # The usual split: no decay for biases and norms, in a group of their own.
        (
            dict(lr=0.1, weight_decay=0.1),
            dict(weight_decay=0.0, betas=(0.5, 0.9), eps=1e-6),
        ),
    ]

    def likely(group, step, i):  # what this step tests, for the message
        causes = []
        if step == 1:
            causes.append(
                "the first step: p *= 1 - lr * wd before the Adam step, never added "
                "to the gradient; t = 1, m / (1 - b1^t) and v / (1 - b2^t), then "
                "lr * m_hat / (sqrt(v_hat) + eps), eps outside the sqrt"
            )
        if step == 4:
            causes.append("lr halved before step 4: the decay uses the current lr")
        if i == 0:
            causes.append("its row 0 has zero gradients: only the decay moves it")
        if grads[step - 1][i] is None:
            causes.append("no gradient at this step: skip the param, decay included")
        elif any(gs[i] is None for gs in grads[: step - 1]):
            causes.append(
                "it had no gradient at an earlier step: t is this param's own step "
                "count, one behind, not the step's nor its group's"
            )
        if i == 2:
            causes.append("its gradients are ~1e-6: eps outside the sqrt of v_hat")
            if group:
                causes.append("its group's own weight_decay, betas and eps")
        if not causes:
            causes.append("the decay before the Adam step, the moments without it")
        return "; ".join(causes)

    for cfg, group in configs:
        mine = [p.clone().requires_grad_() for p in init]
        ref = [p.clone().requires_grad_() for p in init]
        opt = AdamW([{"params": mine[:2]}, {"params": mine[2:], **group}], **cfg)
        torch_opt = torch.optim.AdamW(
            [{"params": ref[:2]}, {"params": ref[2:], **group}], **cfg
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
                    p, q, f"{case}, step {step}, {names[i]}: {likely(group, step, i)}"
                )
                assert g is None or torch.equal(p.grad, g), (
                    f"{case}, step {step}, {names[i]}: step() changed .grad"
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
