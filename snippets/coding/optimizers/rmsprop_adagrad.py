"""RMSprop and Adagrad, matched step by step against torch.optim's."""

import torch


class RMSprop(torch.optim.Optimizer):
    """v = alpha v + (1 - alpha) g^2; p -= lr * g / (sqrt(v) + eps), with
    g = grad + weight_decay * p (centered=False, momentum=0)."""

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0):
        super().__init__(
            params, dict(lr=lr, alpha=alpha, eps=eps, weight_decay=weight_decay)
        )

    @torch.no_grad()
    def step(self):
        # --8<-- [start:solution]
        for group in self.param_groups:
            lr, alpha, eps, wd = (
                group[k] for k in ("lr", "alpha", "eps", "weight_decay")
            )
            for p in group["params"]:
                if p.grad is None:
                    continue
                g = p.grad if wd == 0 else p.grad + wd * p  # never change p.grad
                state = self.state[p]
                if not state:
                    state["square_avg"] = torch.zeros_like(p)  # v starts at 0
                v = state["square_avg"]
                v.mul_(alpha).addcmul_(g, g, value=1 - alpha)
                p.sub_(lr * g / (v.sqrt() + eps))  # eps outside the sqrt
        # --8<-- [end:solution]


class Adagrad(torch.optim.Optimizer):
    """s = initial_accumulator_value, then s += g^2; p -= lr * g / (sqrt(s) + eps),
    with g = grad + weight_decay * p (lr_decay=0)."""

    def __init__(
        self,
        params,
        lr=1e-2,
        eps=1e-10,
        weight_decay=0.0,
        initial_accumulator_value=0.0,
    ):
        defaults = dict(
            lr=lr,
            eps=eps,
            weight_decay=weight_decay,
            initial_accumulator_value=initial_accumulator_value,
        )
        super().__init__(params, defaults)

    @torch.no_grad()
    def step(self):
        # --8<-- [start:solution]
        for group in self.param_groups:
            lr, eps, wd = group["lr"], group["eps"], group["weight_decay"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                g = p.grad if wd == 0 else p.grad + wd * p
                state = self.state[p]
                if not state:  # the sum starts at the group's initial value, not 0
                    init = group["initial_accumulator_value"]
                    state["sum"] = torch.full_like(p, init)
                s = state["sum"]
                s.addcmul_(g, g)  # a sum, never decayed: the step only shrinks
                p.sub_(lr * g / (s.sqrt() + eps))
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.optim.RMSprop",
    "torch.optim.Adagrad",
    "torch.optim.rmsprop.rmsprop",
    "torch.optim.adagrad.adagrad",
    "torch.optim.rmsprop._single_tensor_rmsprop",
    "torch.optim.rmsprop._multi_tensor_rmsprop",
    "torch.optim.adagrad._single_tensor_adagrad",
    "torch.optim.adagrad._multi_tensor_adagrad",
    "torch.optim.adagrad._fused_adagrad",
)


def check(RMSprop, Adagrad):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def set_grad(p, g):  # backward after zero_grad(set_to_none=False) reuses .grad
        if g is None or p.grad is None:
            p.grad = None if g is None else g.clone()
        else:
            p.grad.copy_(g)

    init = [torch.randn(3, 4, dtype=torch.float64), torch.randn(4, dtype=torch.float64)]
    # The bias's gradients are ~1e-6: sqrt(v) is then near eps.
    grads = [[torch.randn(3, 4), torch.randn(4) * 1e-6] for _ in range(6)]
    grads = [[g.double() for g in gs] for gs in grads]
    grads[2][1] = None  # no gradient at step 3: the bias is skipped
    lrs = [None, None, None, 0.5, 0.5, 0.02]  # the lr set by hand from step 4 on
    configs = {
        "RMSprop": (
            RMSprop,
            torch.optim.RMSprop,
            [
                (dict(lr=0.01), {}),
                (dict(lr=0.01, alpha=0.9, eps=1e-6), {}),
                # The bias group: no decay (the usual split), its own alpha and eps.
                (
                    dict(lr=0.01, weight_decay=0.1),
                    dict(alpha=0.5, eps=1e-7, weight_decay=0.0),
                ),
            ],
        ),
        "Adagrad": (
            Adagrad,
            torch.optim.Adagrad,
            [
                (dict(lr=0.1), {}),
                (dict(lr=0.1, eps=1e-6, initial_accumulator_value=0.5), {}),
                (
                    dict(lr=0.1, weight_decay=0.1),
                    dict(lr=0.05, eps=1e-7, weight_decay=0.0),
                ),
            ],
        ),
    }

    def likely(name, cfg, group, step, i):  # what this step tests, for the message
        causes = []
        if step == 1 and name == "RMSprop":
            causes.append(
                "the first step: v starts at 0, v = alpha v + (1 - alpha) g^2 (alpha "
                "weighs the old v), p -= lr g / (sqrt(v) + eps)"
            )
        if step == 1 and name == "Adagrad":
            init = cfg.get("initial_accumulator_value", 0.0)
            causes.append(
                f"the first step: s starts at initial_accumulator_value ({init}), "
                "s += g^2, p -= lr g / (sqrt(s) + eps)"
            )
        if step == 1 and cfg.get("weight_decay"):
            causes.append("weight decay in g: g = grad + weight_decay * p")
        if step >= 4:
            causes.append(
                "after a state_dict round trip before step 4, and lr set to "
                f"{lrs[step - 1]} by hand: the state in self.state[p], lr read at "
                "each step"
            )
        if grads[step - 1][i] is None:
            causes.append("no gradient at this step: skip the param")
        if i == 1:
            causes.append("its gradients are ~1e-6: eps outside the sqrt")
            if group:
                causes.append(f"its group's own {', '.join(group)}, not self.defaults")
        if not causes:
            causes.append("the running statistic of g^2, eps outside the sqrt")
        return "; ".join(causes)

    for name, (Mine, Torch, cfgs) in configs.items():
        for cfg, group in cfgs:
            mine = [p.clone().requires_grad_() for p in init]
            ref = [p.clone().requires_grad_() for p in init]

            def groups(ps, group=group):
                return [{"params": ps[:1]}, {"params": ps[1:], **group}]

            opt, torch_opt = Mine(groups(mine), **cfg), Torch(groups(ref), **cfg)
            case = f"{name} {cfg}, bias group {group}"
            for step, (gs, lr) in enumerate(zip(grads, lrs, strict=True), start=1):
                if step == 4:  # a resume: a fresh optimizer loads the state_dict
                    saved = opt.state_dict()
                    opt = Mine(groups(mine), **cfg)
                    opt.load_state_dict(saved)
                for o in (opt, torch_opt):
                    for gr in o.param_groups:
                        gr["lr"] = gr["lr"] if lr is None else lr
                for p, q, g in zip(mine, ref, gs, strict=True):
                    set_grad(p, g)
                    set_grad(q, g)
                opt.step()
                torch_opt.step()
                for i, (p, q, g) in enumerate(zip(mine, ref, gs, strict=True)):
                    why = likely(name, cfg, group, step, i)
                    close(p, q, f"{case}, step {step}, param {i}: {why}")
                    assert g is None or torch.equal(p.grad, g), (
                        f"{case}, step {step}, param {i}: step() changed .grad"
                    )
    print("RMSprop and Adagrad match torch.optim's, 6 steps, lr changes, a resume")
    # > RMSprop and Adagrad match torch.optim's, 6 steps, lr changes, a resume


# --8<-- [end:check]


if __name__ == "__main__":
    check(RMSprop, Adagrad)
