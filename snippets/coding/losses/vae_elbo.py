"""The VAE's reparameterized sample and negative ELBO, against torch.distributions."""

import math

import torch
import torch.nn.functional as F


def reparameterize(mu, logvar, generator):
    """z = mu + exp(logvar / 2) * eps, eps = torch.randn(mu.shape, dtype=mu.dtype,
    generator=generator): one draw, so that gradients reach mu and logvar."""
    # --8<-- [start:solution]
    eps = torch.randn(mu.shape, dtype=mu.dtype, device=mu.device, generator=generator)
    return mu + torch.exp(0.5 * logvar) * eps  # the std straight from logvar
    # --8<-- [end:solution]


def vae_loss(x_logits, x, mu, logvar):
    """The negative ELBO averaged over the batch. Per example: the Bernoulli
    reconstruction loss of x given the decoder's logits (BCE with logits, summed over
    every dim but the first) plus KL(N(mu, exp(logvar)) || N(0, I)), summed over the
    latent dims. x_logits, x: (B, ...); mu, logvar: (B, L). Returns a 0-d tensor."""
    # --8<-- [start:solution]
    # -log p(x | z) per pixel: softplus(l) - x * l, finite for any logit.
    recon = (F.softplus(x_logits) - x * x_logits).flatten(1).sum(dim=1)
    # Appendix B of Kingma & Welling, from logvar itself: no log of exp(logvar).
    kl = 0.5 * (mu**2 + logvar.exp() - 1 - logvar).sum(dim=1)
    return (recon + kl).mean()  # one mean over examples, of per-example sums
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.binary_cross_entropy_with_logits",
    "torch.binary_cross_entropy_with_logits",
    "torch.nn.BCEWithLogitsLoss",
    "torch.distributions.kl_divergence",
    "torch.distributions.kl.kl_divergence",
    "torch.distributions.kl._kl_normal_normal",  # the Normal-Normal rule it calls
)


def check(reparameterize, vae_loss):
    from torch.distributions import Normal, kl_divergence  # the references

    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def leaf(t):
        return t.detach().clone().requires_grad_()

    def torch_sample(mu, logvar, seed):  # Normal.rsample on the global RNG, seeded:
        with torch.random.fork_rng():  # the generator's numbers, seeded alike
            torch.manual_seed(seed)
            return Normal(mu, torch.exp(0.5 * logvar)).rsample()

    def torch_loss(x_logits, x, mu, logvar):
        bce = F.binary_cross_entropy_with_logits(x_logits, x, reduction="none")
        q = Normal(mu, torch.exp(0.5 * logvar))
        kl = kl_divergence(q, Normal(torch.zeros_like(mu), torch.ones_like(mu)))
        return (bce.flatten(1).sum(1) + kl.sum(1)).mean()

    drawn = {}  # the generator of the last sample()

    def sample(mu, logvar, seed, case):
        drawn["generator"] = torch.Generator().manual_seed(seed)
        z = reparameterize(mu, logvar, drawn["generator"])
        assert torch.is_tensor(z) and z.shape == mu.shape and z.dtype == mu.dtype, (
            f"{case}: want a {tuple(mu.shape)} {mu.dtype} tensor, got "
            f"{getattr(z, 'dtype', type(z).__name__)} {tuple(getattr(z, 'shape', ()))}"
        )
        assert z.requires_grad, (
            f"{case}: z does not require grad, so no gradient reaches mu and logvar; "
            "likely cause: a detached sample (.detach(), .sample(), torch.no_grad)"
        )
        return z

    def once(mu, seed, case):  # the generator advanced by one draw of eps, no more
        ref = torch.Generator().manual_seed(seed)
        torch.randn(mu.shape, dtype=mu.dtype, generator=ref)
        got = torch.randn(4, generator=drawn["generator"])
        assert torch.equal(got, torch.randn(4, generator=ref)), (
            f"{case}: the generator's next numbers after reparameterize are not those"
            " after one torch.randn(mu.shape, dtype=mu.dtype, generator=generator):"
            " draw eps once, and nothing else from the generator"
        )

    def loss(x_logits, x, mu, logvar, case):
        got = vae_loss(x_logits, x, mu, logvar)
        assert torch.is_tensor(got) and got.dim() == 0 and got.dtype == mu.dtype, (
            f"{case}: want a 0-d {mu.dtype} tensor, got "
            f"{getattr(got, 'dtype', type(got).__name__)} "
            f"{tuple(getattr(got, 'shape', ()))}"
        )
        return got

    def grads(out, inputs, g=None):
        return torch.autograd.grad(out, inputs, g, allow_unused=True)

    B, L = 8, 3
    for dtype in [torch.float64, torch.float32]:
        mu = leaf(torch.randn(B, L, dtype=dtype))
        logvar = leaf(torch.randn(B, L, dtype=dtype))
        # The sample: Normal(mu, std).rsample() with the same normal numbers.
        z = sample(mu, logvar, 7, f"reparameterize, {dtype}")
        want = torch_sample(mu, logvar, 7)
        close(
            z,
            want,
            f"reparameterize, {dtype}: z = mu + exp(logvar / 2) * eps, eps one "
            "torch.randn(mu.shape, dtype=mu.dtype, generator=generator)",
        )
        g = torch.randn_like(want)
        for name, a, b in zip(
            ["mu", "logvar"],
            grads(z, (mu, logvar), g),
            grads(want, (mu, logvar), g),
            strict=True,
        ):
            assert a is not None and a.abs().sum() > 0, (
                f"reparameterize, {dtype}: no gradient reaches {name}; likely cause: "
                "z drawn by torch.normal or .sample(), not mu + std * eps"
            )
            close(a, b, f"gradient of z for {name}, {dtype}")
        once(mu, 7, f"reparameterize, {dtype}")
        # The loss, on (B, 3, 4, 5) images: soft targets in [0, 1], and 0/1 ones.
        # Three channels: a sum over H and W then a mean over C is wrong there.
        x_logits = leaf(3 * torch.randn(B, 3, 4, 5, dtype=dtype))
        x = torch.rand(B, 3, 4, 5, dtype=dtype)
        x[: B // 2] = x[: B // 2].round()
        case = f"vae_loss, {dtype}"
        got = loss(x_logits, x, mu, logvar, case)
        want = torch_loss(x_logits, x, mu, logvar)
        close(
            got,
            want,
            f"{case}, {tuple(x.shape)} images: the batch mean of (BCE summed over "
            "channels and pixels + KL summed over latents); likely cause: a mean over "
            "channels, pixels or latents, a sum over the batch, or the KL's sign",
        )
        for name, a, b in zip(
            ["x_logits", "mu", "logvar"],
            grads(got, (x_logits, mu, logvar)),
            grads(want, (x_logits, mu, logvar)),
            strict=True,
        ):
            assert a is not None, f"{case}: no gradient reaches {name}"
            close(a, b, f"gradient of the loss for {name}, {dtype}")
        # Non-contiguous images (H and W transposed): .view(B, -1) raises on them.
        xt = leaf(x_logits.detach().transpose(2, 3))
        got = loss(xt, x.transpose(2, 3), mu, logvar, f"{case}, non-contiguous")
        close(got, want, f"{case}, non-contiguous x_logits: flatten or reshape")
    # End to end: x_logits decoded from the sample, so the reconstruction term's
    # gradient reaches mu and logvar through z.
    mu, logvar = leaf(torch.randn(B, L)), leaf(torch.randn(B, L))
    decoder = torch.nn.Linear(L, 20)
    x = torch.rand(B, 1, 4, 5)
    params = (mu, logvar, *decoder.parameters())
    z = sample(mu, logvar, 3, "end to end")
    got = loss(decoder(z).view(B, 1, 4, 5), x, mu, logvar, "end to end")
    want = torch_loss(
        decoder(torch_sample(mu, logvar, 3)).view(B, 1, 4, 5), x, mu, logvar
    )
    close(got, want, "end to end: the loss of the decoded sample")
    for name, a, b in zip(
        ["mu", "logvar", "weight", "bias"],
        grads(got, params),
        grads(want, params),
        strict=True,
    ):
        close(a, b, f"end to end, gradient for {name} through z")
    # Logits of +-1000, confident mistakes included: sigmoid then log is log(0).
    x_logits = leaf(torch.tensor([[1000.0, -1000.0, 1000.0, -1000.0, 0.5]]))
    x = torch.tensor([[1.0, 0.0, 0.0, 1.0, 0.3]])
    mu1, logvar1 = leaf(torch.zeros(1, 2)), leaf(torch.zeros(1, 2))
    got = loss(x_logits, x, mu1, logvar1, "logits of +-1000")
    want = torch_loss(x_logits, x, mu1, logvar1)
    close(got, want, "logits of +-1000, float32: -log sigmoid(x) is softplus(-x)")
    close(
        grads(got, x_logits)[0],
        grads(want, x_logits)[0],
        "gradient, logits of +-1000; likely cause: torch.where over a branch that "
        "is inf there (its gradient, 0 * inf, is nan): no branch may overflow",
    )
    # logvar of -150 and 150 in float32. The std, exp(logvar / 2), is 2.7e-33 and
    # 3.7e32; sqrt(exp(logvar)) is 0 and inf, with a nan gradient at 0.
    mu = leaf(torch.tensor([[0.5, 0.5, 0.5, -1.0]]))
    logvar = leaf(torch.tensor([[-150.0, 150.0, 0.0, 60.0]]))
    z = sample(mu, logvar, 5, "logvar of +-150")
    eps = torch.randn(1, 4, generator=torch.Generator().manual_seed(5)).double()
    std = torch.exp(0.5 * logvar.detach().double())
    case = "reparameterize, logvar of -150 and 150, float32"
    close(z, (mu.detach().double() + std * eps).float(), f"{case}: exp(logvar / 2)")
    g = grads(z.sum(), logvar)[0]
    assert torch.isfinite(g).all(), f"{case}: gradient for logvar {g.tolist()}"
    close(g, (0.5 * std * eps).float(), f"{case}: gradient for logvar")
    # The KL at logvar = -150: 0.5 * (exp(-150) - 1 + 150) = 74.5 per dim. Here
    # torch's own Normal-Normal KL is inf too (it squares the std, 7e-66 -> 0, and
    # takes the log), so the reference is the formula in Python floats.
    mu = leaf(torch.tensor([[0.0, 2.0], [1.0, 0.0]]))
    logvar = leaf(torch.tensor([[-150.0, -80.0], [3.0, 0.0]]))
    x_logits, x = leaf(torch.zeros(2, 3)), torch.ones(2, 3)
    got = loss(x_logits, x, mu, logvar, "logvar of -150 in the KL")

    def kl(m, v):
        return 0.5 * (m * m + math.exp(v) - 1 - v)

    rows = zip(mu.tolist(), logvar.tolist(), strict=True)
    kls = [sum(kl(m, v) for m, v in zip(*row, strict=True)) for row in rows]
    want = torch.tensor(sum(kls) / 2 + 3 * math.log(2))  # + BCE at logit 0: log 2
    case = "the KL at logvar -150, -80 and 3, float32"
    close(got, want, f"{case}: use logvar itself, unclamped, not log(std**2)")
    gm, gv = grads(got, (mu, logvar))
    close(gm, mu.detach() / 2, f"{case}: gradient for mu, mu / B")
    close(gv, 0.5 * (logvar.detach().exp() - 1) / 2, f"{case}: gradient for logvar")
    # float64 holds large variances: logvar of 40 and 300 (the KL about e^300 / 2, a
    # finite float64); a clamp of logvar "against overflow" changes it.
    f64 = torch.float64
    mu = leaf(torch.tensor([[0.0, 1.0]], dtype=f64))
    logvar = leaf(torch.tensor([[40.0, 300.0]], dtype=f64))
    x_logits, x = leaf(torch.zeros(1, 3, dtype=f64)), torch.ones(1, 3, dtype=f64)
    got = loss(x_logits, x, mu, logvar, "logvar of 40 and 300, float64")
    want = torch.tensor(kl(0.0, 40.0) + kl(1.0, 300.0) + 3 * math.log(2), dtype=f64)
    case = "the KL at logvar 40 and 300, float64"
    close(got, want, f"{case}: use logvar itself, unclamped (exp(300) is finite)")
    gv = grads(got, logvar)[0]
    close(gv, 0.5 * (logvar.detach().exp() - 1), f"{case}: gradient for logvar")
    print("reparameterize = Normal.rsample, vae_loss = BCE + kl_divergence: grads too")
    # > reparameterize = Normal.rsample, vae_loss = BCE + kl_divergence: grads too
    print("float32: z finite at logvar +-150, the loss at logits +-1000, logvar -150")
    # > float32: z finite at logvar +-150, the loss at logits +-1000, logvar -150


# --8<-- [end:check]


if __name__ == "__main__":
    check(reparameterize, vae_loss)
