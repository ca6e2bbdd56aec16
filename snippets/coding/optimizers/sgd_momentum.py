"""SGD with momentum, Nesterov and weight decay, matched step by step against
torch.optim.SGD."""

import torch


class SGD(torch.optim.Optimizer):
    """p -= lr * d, where g = grad + weight_decay * p, buf = momentum * buf + g (buf = g
    on the first step), and d = g + momentum * buf with nesterov, else d = buf. Each
    buffer lives in self.state[p]: a fresh SGD that loads the state_dict() resumes."""

    def __init__(self, params, lr, momentum=0.0, weight_decay=0.0, nesterov=False):
        defaults = dict(
            lr=lr, momentum=momentum, weight_decay=weight_decay, nesterov=nesterov
        )
        super().__init__(params, defaults)

    @torch.no_grad()
    def step(self):
        # --8<-- [start:solution]
        for group in self.param_groups:
            lr, mu = group["lr"], group["momentum"]
            for p in group["params"]:
                if p.grad is None:  # frozen or unused this step: no update, buffer kept
                    continue
                g = p.grad.add(p, alpha=group["weight_decay"])  # L2, inside momentum
                if mu != 0:
                    state = self.state[p]
                    if "momentum_buffer" not in state:
                        buf = state["momentum_buffer"] = g.clone()
                    else:
                        buf = state["momentum_buffer"]
                        buf.mul_(mu).add_(g)
                    g = g.add(buf, alpha=mu) if group["nesterov"] else buf
                p.add_(g, alpha=-lr)  # lr applied here, not folded into buf
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.optim.SGD",
    "torch.optim.sgd.sgd",
    "torch.optim.sgd._single_tensor_sgd",  # the same update under torch's other names
    "torch.optim.sgd._multi_tensor_sgd",
)


def check(SGD):
    torch.manual_seed(0)

    def close(got, want, case):
        # float64 throughout, to 1e-10: an update computed in float32 is ~1e-8 off.
        same = got.shape == want.shape and got.dtype == want.dtype
        near = same and torch.allclose(
            got.detach(), want.detach(), rtol=1e-5, atol=1e-6
        )
        why = " (off by float32's rounding: keep the params' float64)" if near else ""
        torch.testing.assert_close(
            got, want, rtol=1e-10, atol=1e-10, msg=lambda m: f"{case}{why}: {m}"
        )

    def set_grad(p, g):
        # As training does: backward after zero_grad(set_to_none=False) writes into
        # the same .grad tensor, so a buffer that aliases .grad changes with it.
        if g is None or p.grad is None:
            p.grad = None if g is None else g.clone()
        else:
            p.grad.copy_(g)

    init = [torch.randn(3, 4, dtype=torch.float64), torch.randn(4, dtype=torch.float64)]
    grads = [[torch.randn_like(p) for p in init] for _ in range(6)]
    grads[2][1] = None  # the bias has no gradient at step 3: skipped, momentum kept
    configs = [  # (defaults, options of the second param group, the bias's)
        (dict(lr=0.1), {}),
        (dict(lr=0.1, momentum=0.9), {}),
        (dict(lr=0.1, momentum=0.9, nesterov=True), {}),
        (dict(lr=0.1, momentum=0.9, weight_decay=0.1), {}),
        (dict(lr=0.1, momentum=0.8, weight_decay=0.1, nesterov=True), {}),
        (
            dict(lr=0.1, momentum=0.9, weight_decay=0.1),
            dict(lr=0.05, momentum=0.5, weight_decay=0.0, nesterov=True),
        ),
    ]

    def likely(cfg, group, step, i):  # what this step tests, for the message
        causes = {
            1: "the first step: g = grad + weight_decay * p (L2, before momentum), "
            "buf a copy of g, Nesterov steps by g + momentum * buf",
            2: "buf = momentum * buf + g (no dampening), and buf a copy of the first "
            "g, not .grad itself (the next gradient is written into .grad)",
            3: "the bias has no gradient at this step: skip it, buffer kept"
            if i == 1
            else "buf = momentum * buf + g",
            4: "lr changed before this step: keep lr outside buf, p -= lr * d",
        }.get(
            step,
            "after a state_dict round trip at step 5: the buffers must "
            "live in self.state[p], which load_state_dict fills",
        )
        nesterov = (group if i == 1 else {}).get("nesterov", cfg.get("nesterov"))
        if step > 1 and nesterov:
            causes += "; Nesterov steps by g + momentum * buf, with buf updated first"
        if i == 1 and group:
            causes += "; the bias group's own options (group[...], not self.defaults)"
        return causes

    for cfg, group in configs:
        mine = [p.clone().requires_grad_() for p in init]
        ref = [p.clone().requires_grad_() for p in init]

        def groups(ps, group=group):
            return [{"params": ps[:1]}, {"params": ps[1:], **group}]

        opt, torch_opt = SGD(groups(mine), **cfg), torch.optim.SGD(groups(ref), **cfg)
        case = f"{cfg}, bias group {group}"
        for step, gs in enumerate(grads, start=1):
            if step == 4:  # a schedule changes lr: lr must not be baked into the buffer
                for o in (opt, torch_opt):
                    for pg in o.param_groups:
                        pg["lr"] *= 0.1
            if step == 5:  # a resume: a fresh optimizer loads the state_dict
                saved = opt.state_dict()
                opt = SGD(groups(mine), **cfg)
                opt.load_state_dict(saved)
            for p, q, g in zip(mine, ref, gs, strict=True):
                set_grad(p, g)
                set_grad(q, g)
            opt.step()
            torch_opt.step()
            for i, (p, q, g) in enumerate(zip(mine, ref, gs, strict=True)):
                close(
                    p,
                    q,
                    f"{case}, step {step}, param {i}: {likely(cfg, group, step, i)}",
                )
                assert g is None or torch.equal(p.grad, g), (
                    f"{case}, step {step}, param {i}: step() changed .grad: add the "
                    f"weight decay out of place"
                )
        # The buffers live in opt.state, so state_dict() saves them for a resume
        # (under any key: an entry left empty by reading self.state[p] counts as none;
        # a buffer kept at momentum 0, where torch keeps none, is allowed).
        saved = {i: s for i, s in opt.state_dict()["state"].items() if s}
        want = torch_opt.state_dict()["state"]
        missing = sorted(set(want) - set(saved))
        assert not missing, (
            f"{case}: state_dict()['state'] holds no state for params {missing}, "
            f"torch's does: keep each momentum buffer in self.state[p]"
        )
        for i in want:
            buf = want[i]["momentum_buffer"]
            shaped = [
                v
                for v in saved[i].values()
                if torch.is_tensor(v) and v.shape == buf.shape
            ]
            assert any(v.dtype == buf.dtype for v in shaped) or not shaped, (
                f"{case}: param {i}'s momentum buffer is {shaped[0].dtype}, want"
                f" {buf.dtype}, the param's dtype"
            )
            assert any(
                v.dtype == buf.dtype and torch.allclose(v, buf, rtol=1e-10, atol=1e-10)
                for v in shaped
            ), f"{case}: state_dict() does not hold param {i}'s momentum buffer"
    print("SGD matches torch.optim.SGD for 6 steps: momentum, Nesterov, decay, groups")
    # > SGD matches torch.optim.SGD for 6 steps: momentum, Nesterov, decay, groups


# --8<-- [end:check]


if __name__ == "__main__":
    check(SGD)
