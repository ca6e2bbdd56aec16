"""Knowledge distillation loss (Hinton et al., 2015), checked against F.kl_div with
log_target=True and reduction='batchmean', plus F.cross_entropy."""

import torch
import torch.nn.functional as F


def distillation_loss(student, teacher, labels, temperature=2.0, alpha=0.5):
    """alpha * T**2 * KL(teacher_T || student_T) + (1 - alpha) * CE(student, labels):
    x_T is softmax(x / T), the KL is summed over classes and averaged over the batch,
    the cross-entropy takes the raw student logits. Logits (N, C), labels (N,). Finite
    for confident logits (a softmax with exact zeros), teacher's and student's."""
    # --8<-- [start:solution]
    t = temperature
    log_p_s = torch.log_softmax(student / t, dim=1)
    log_p_t = torch.log_softmax(teacher / t, dim=1)
    # KL(p_t || p_s) = sum_c p_t (log p_t - log p_s); p_t from its log: 0 * finite is 0.
    kl = (log_p_t.exp() * (log_p_t - log_p_s)).sum(dim=1).mean()
    # Soft-target gradients scale as 1 / T**2: T**2 keeps them comparable to the CE's.
    hard = F.cross_entropy(student, labels)
    return alpha * t * t * kl + (1 - alpha) * hard
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.kl_div",
    "torch.kl_div",
)


def check(distillation_loss):
    torch.manual_seed(0)

    def close(got, want, case, causes):
        # Off by float32's rounding of a float64 result only: computed in float32.
        pairs = (
            zip(got, want, strict=False) if isinstance(got, tuple) else [(got, want)]
        )
        near = all(
            torch.is_tensor(a)
            and a.dtype == b.dtype == torch.float64
            and a.shape == b.shape
            and torch.allclose(a.detach(), b.detach(), rtol=1e-4, atol=1e-6)
            for a, b in pairs
        )
        if near:
            causes = "off by float32's rounding only: keep the inputs' float64"
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {causes}: {m}")

    s = torch.randn(6, 5, dtype=torch.float64, requires_grad=True)
    labels = torch.randint(5, (6,))
    confident = torch.zeros(6, 5, dtype=torch.float64)
    # exp(-4000 / T) underflows float64 to 0 at T = 1, 2 and 4 (it does below -745).
    confident[torch.arange(6), labels] = 4000.0  # softmax has exact zeros
    teachers = {"random teacher": torch.randn(6, 5) * 3, "one-hot teacher": confident}
    # What each case adds, for the message when it fails.
    cause = {
        "random teacher": "",
        "one-hot teacher": "; softmax(teacher / T) has exact zeros (0 * log 0 = nan: "
        "p_t from log_softmax) from logits of 4000 (exp overflows without the max "
        "shift)",
        "confident student": "; softmax(student / T) has exact zeros, and their log "
        "is -inf: take log_softmax, not the log of a softmax",
    }
    # A confident student: logits of 4000 on a wrong class, so its softmax underflows
    # to exact zeros too.
    loud = torch.zeros(6, 5, dtype=torch.float64)
    loud[torch.arange(6), (labels + 1) % 5] = 4000.0
    loud.requires_grad_()
    runs = [(name, s, teacher.double()) for name, teacher in teachers.items()]
    runs.append(("confident student", loud, teachers["random teacher"].double()))
    for name, student, teacher in runs:
        for t, alpha in [(1.0, 0.5), (4.0, 0.9), (2.0, 1.0)]:
            case = f"{name}, T={t}, alpha={alpha}"
            got = distillation_loss(student, teacher, labels, t, alpha)
            kl = F.kl_div(
                torch.log_softmax(student / t, dim=1),
                torch.log_softmax(teacher / t, dim=1),
                reduction="batchmean",
                log_target=True,
            )
            want = alpha * t * t * kl + (1 - alpha) * F.cross_entropy(student, labels)
            close(
                got,
                want,
                case,
                "KL(teacher || student) summed over classes, divided by N "
                f"(batchmean), times T**2; the CE on the raw logits{cause[name]}",
            )
            close(
                torch.autograd.grad(got, student),
                torch.autograd.grad(want, student),
                f"gradient wrt the student, {case}",
                cause[name].removeprefix("; ") or "the KL and CE as above",
            )
    # The defaults, temperature=2.0 and alpha=0.5, called without them.
    teacher = teachers["random teacher"].double()
    got = distillation_loss(s, teacher, labels)
    kl = F.kl_div(
        torch.log_softmax(s / 2.0, dim=1),
        torch.log_softmax(teacher / 2.0, dim=1),
        reduction="batchmean",
        log_target=True,
    )
    want = 0.5 * 4.0 * kl + 0.5 * F.cross_entropy(s, labels)
    close(
        got,
        want,
        "random teacher, called without temperature and alpha",
        "the defaults are temperature=2.0, alpha=0.5",
    )
    print("distillation_loss matches kl_div(batchmean) * T**2 + CE, confident logits")
    # > distillation_loss matches kl_div(batchmean) * T**2 + CE, confident logits


# --8<-- [end:check]


if __name__ == "__main__":
    check(distillation_loss)
