"""PCA through the SVD, checked against the eigenvectors of torch.cov."""

import torch
from torch.overrides import TorchFunctionMode


def pca(X, k):
    """X: (n, d). Returns the mean (d,), the k principal directions as rows (k, d),
    and the variance along each (k,), largest first, unbiased as torch.cov's (divided
    by n - 1), in X's dtype. Project with (X - mean) @ components.T. Use
    torch.linalg.svd (of the centred data, whatever the mean), not eigh, torch.cov or
    torch.pca_lowrank; X is left unchanged."""
    # --8<-- [start:solution]
    mean = X.mean(dim=0)
    Xc = X - mean  # the SVD of uncentred data finds the direction of the mean
    # Xc = U S Vh: the rows of Vh are the eigenvectors of Xc^T Xc, with eigenvalues S^2.
    # Never forms the covariance, whose condition number is the square of Xc's.
    _, S, Vh = torch.linalg.svd(Xc, full_matrices=False)  # S is sorted, largest first
    return mean, Vh[:k], S[:k] ** 2 / (len(X) - 1)
    # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.linalg.eigh",
    "torch.cov",
    "torch.pca_lowrank",
    "torch.linalg.eigvalsh",
    "torch.linalg.eig",
    "torch.linalg.qr",  # what torch.pca_lowrank runs
)


class Calls(TorchFunctionMode):  # the torch functions the code under it calls
    def __init__(self):
        super().__init__()
        self.names = set()

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.names.add(getattr(func, "__name__", ""))
        return func(*args, **(kwargs or {}))


def check(pca):
    torch.manual_seed(0)

    f64 = torch.float64

    def mine(X, k):
        before = X.clone()
        with Calls() as calls:
            out = pca(X, k)
        assert "linalg_svd" in calls.names, "torch.linalg.svd is never called"
        assert torch.equal(X, before), "pca changed the caller's X (centred in place?)"
        return out

    def cause(got, want, usual):  # float64 close to 1e-3 but not to 1e-7: precision
        try:
            rel = ((got.to(f64) - want) / want).abs().max().item()
        except Exception:
            return usual
        return "computed in float32? keep X's dtype" if rel < 1e-3 else usual

    n, d, k = 200, 5, 3
    mix = torch.randn(d, d, dtype=torch.float64) * torch.tensor([3.0, 2, 1, 0.5, 0.1])
    X = torch.randn(n, d, dtype=torch.float64) @ mix.T + 10.0  # far from the origin
    mean, components, variance = mine(X, k)
    assert components.shape == (k, d), f"components: want {(k, d)}: {components.shape}"
    torch.testing.assert_close(mean, X.mean(0), msg=lambda m: f"mean: {m}")
    # The reference: eigh of the covariance, reordered largest first.
    evals, evecs = torch.linalg.eigh(torch.cov(X.T))
    evals, evecs = evals.flip(0)[:k], evecs.flip(1)[:, :k].T
    torch.testing.assert_close(
        variance,
        evals,
        msg=lambda m: (
            "explained variance vs eigh(cov) "
            f"({cause(variance, evals, 'center? n - 1?')}): {m}"
        ),
    )
    # Eigenvectors are defined up to sign: align each component's sign, then compare.
    signs = torch.sign((components * evecs).sum(-1, keepdim=True))
    torch.testing.assert_close(
        components * signs,
        evecs,
        msg=lambda m: f"components vs eigh(cov)'s eigenvectors, up to sign: {m}",
    )
    torch.testing.assert_close(
        components @ components.T,
        torch.eye(k, dtype=torch.float64),
        msg=lambda m: f"components are not orthonormal rows: {m}",
    )
    # The projections' variances are the explained variances; k = d reconstructs X.
    Z = (X - mean) @ components.T
    torch.testing.assert_close(
        Z.var(0), variance, msg=lambda m: f"variance of the projections: {m}"
    )
    mean, components, _ = mine(X, d)
    torch.testing.assert_close(
        (X - mean) @ components.T @ components + mean,
        X,
        msg=lambda m: f"k = d must reconstruct X exactly: {m}",
    )
    # torch.pca_lowrank (randomized, centers by default) gives the same variances.
    _, S, _ = torch.pca_lowrank(X, q=d, center=True)
    torch.testing.assert_close(
        variance, S[:k] ** 2 / (n - 1), msg=lambda m: f"vs torch.pca_lowrank: {m}"
    )
    # float32 data whose variances are 1, 1e-4 and 1e-10: the SVD of the centred data
    # keeps the smallest within 1%; forming Xc^T Xc squares the condition number
    # (about 1e5 to 1e10, past float32's 1 / eps = 8e6) and loses it.
    Z = torch.randn(200, 3) * torch.tensor([1.0, 1e-2, 1e-5])
    Q, _ = torch.linalg.qr(torch.randn(3, 3))
    X32 = Z @ Q.T + 5.0
    truth = torch.linalg.eigvalsh(torch.cov(X32.double().T)).flip(0)
    _, _, var32 = mine(X32, 3)
    torch.testing.assert_close(
        var32.double(),
        truth,
        rtol=1e-2,
        atol=0,
        msg=lambda m: (
            "float32, variances 1, 1e-4, 1e-10, the smallest lost: the SVD of "
            f"Xc itself, not of the covariance (it squares the condition number): {m}"
        ),
    )
    # float64 data near the origin (mean 0.5): centred all the same.
    Xn = torch.randn(100, 3, dtype=f64) * torch.tensor([2.0, 1, 0.5], dtype=f64) + 0.5
    torch.testing.assert_close(
        mine(Xn, 3)[2],
        torch.linalg.eigvalsh(torch.cov(Xn.T)).flip(0),
        msg=lambda m: f"data with mean 0.5: the variances (center it always): {m}",
    )
    # float64 data with variances exactly 1, 1e-10, 1e-18: Xc's condition number is
    # 1e9, the covariance's 1e18, past float64's 1 / eps = 4.5e15.
    Zc = torch.randn(200, 3, dtype=f64)
    Qz, _ = torch.linalg.qr(Zc - Zc.mean(0))  # orthonormal, centred columns
    exact = torch.tensor([1.0, 1e-10, 1e-18], dtype=f64)
    R, _ = torch.linalg.qr(torch.randn(3, 3, dtype=f64))
    X64 = (Qz * (exact * 199).sqrt()) @ R.T + 5.0
    torch.testing.assert_close(
        mine(X64, 3)[2],
        exact,
        rtol=1e-2,
        atol=0,
        msg=lambda m: (
            "float64, variances 1, 1e-10, 1e-18, the smallest lost: the SVD of Xc "
            f"itself, not of the covariance (even in float64; it squares the "
            f"condition number): {m}"
        ),
    )
    ratio = variance / torch.cov(X.T).trace()
    print(
        f"PCA = eigh(cov) up to sign; explained variance ratio {ratio.numpy().round(3)}"
    )
    # > PCA = eigh(cov) up to sign; explained variance ratio [0.863 0.091 0.037]


# --8<-- [end:check]


if __name__ == "__main__":
    check(pca)
