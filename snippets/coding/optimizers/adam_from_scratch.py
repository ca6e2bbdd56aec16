"""Adam with bias correction, matched step by step against torch.optim.Adam."""

import torch


class Adam(torch.optim.Optimizer):
    """m = b1 m + (1 - b1) g, v = b2 v + (1 - b2) g^2, t counted per parameter;
    p -= lr * (m / (1 - b1^t)) / (sqrt(v / (1 - b2^t)) + eps), with lr, betas and eps
    read from the param's group at every step (a schedule changes lr)."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps))

    @torch.no_grad()
    def step(self):
        # --8<-- [start:solution]
        for group in self.param_groups:
            (b1, b2), lr, eps = group["betas"], group["lr"], group["eps"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                g, state = p.grad, self.state[p]
                if not state:  # moments start at 0, the step count per parameter
                    state["step"] = 0
                    state["m"] = torch.zeros_like(p)
                    state["v"] = torch.zeros_like(p)
                state["step"] += 1
                t, m, v = state["step"], state["m"], state["v"]
                m.mul_(b1).add_(g, alpha=1 - b1)
                v.mul_(b2).addcmul_(g, g, value=1 - b2)
                # m and v start at 0 and are biased toward it: divide by 1 - beta^t.
                m_hat = m / (1 - b1**t)
                v_hat = v / (1 - b2**t)
                p.sub_(lr * m_hat / (v_hat.sqrt() + eps))  # eps outside the sqrt
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.optim.Adam",
    "torch.optim.AdamW",
    "torch.optim.adam.adam",
    "torch.optim.adamw.adamw",
)


def check(Adam):
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
    grads[1][2] = None  # no gradient at step 2: the bias's t is now 1 behind
    grads[2][1] = None  # and none for u at step 3: 1 behind its group's other param
    names = ["the weight", "u (in the weight's group)", "the bias"]
    configs = [  # (defaults, options of the second param group, the bias's)
        (dict(lr=0.1), {}),
        (dict(lr=0.01, betas=(0.8, 0.99), eps=1e-6), {}),
        (dict(lr=0.1), dict(lr=0.05, betas=(0.5, 0.9), eps=1e-7)),
    ]

    def likely(group, step, i):  # what this step tests, for the message
        causes = []
        if step == 1:
            causes.append(
                "the first step: t = 1, m / (1 - b1^t) and v / (1 - b2^t), then "
                "lr * m_hat / (sqrt(v_hat) + eps), eps outside the sqrt"
            )
        if step == 3:
            causes.append("lr changed before step 3: read group['lr'] at every step")
        if grads[step - 1][i] is None:
            causes.append("no gradient at this step: skip the param")
        elif any(gs[i] is None for gs in grads[: step - 1]):
            causes.append(
                "it had no gradient at an earlier step: t is this param's own step "
                "count, one behind, not the step's nor its group's"
            )
        if i == 2:
            causes.append("its gradients are ~1e-6: eps outside the sqrt of v_hat")
            if group:
                causes.append("its group's own lr, betas and eps, not self.defaults")
        if not causes:
            causes.append("m = b1 m + (1 - b1) g, v = b2 v + (1 - b2) g^2")
        return "; ".join(causes)

    for cfg, group in configs:
        mine = [p.clone().requires_grad_() for p in init]
        ref = [p.clone().requires_grad_() for p in init]
        opt = Adam([{"params": mine[:2]}, {"params": mine[2:], **group}], **cfg)
        torch_opt = torch.optim.Adam(
            [{"params": ref[:2]}, {"params": ref[2:], **group}], **cfg
        )
        case = f"{cfg}, bias group {group}"
        for step, gs in enumerate(grads, start=1):
            if step == 3:  # a schedule changes lr: read it at each step
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
    print("Adam matches torch.optim.Adam, steps 1 to 5: bias correction, eps, t, lr")
    # > Adam matches torch.optim.Adam, steps 1 to 5: bias correction, eps, t, lr


# --8<-- [end:check]


if __name__ == "__main__":
    check(Adam)
