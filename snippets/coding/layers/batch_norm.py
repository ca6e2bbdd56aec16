"""BatchNorm with running statistics, checked against nn.BatchNorm1d and 2d."""

import torch
import torch.nn as nn


class BatchNorm(nn.Module):
    """Normalize each channel (dim 1) of an (N, C), (N, C, L) or (N, C, H, W) input.

    Train mode: the batch's statistics, and update running_mean and running_var with
    momentum. Eval mode: the running statistics. Parameters weight, bias and buffers
    running_mean, running_var start as in nn.BatchNorm*d.
    """

    def __init__(self, num_features, eps=1e-5, momentum=0.1):
        # --8<-- [start:solution]
        super().__init__()
        self.eps, self.momentum = eps, momentum
        self.weight = nn.Parameter(torch.ones(num_features))
        self.bias = nn.Parameter(torch.zeros(num_features))
        self.register_buffer("running_mean", torch.zeros(num_features))
        self.register_buffer("running_var", torch.ones(num_features))
        # --8<-- [end:solution]

    def forward(self, x):
        # --8<-- [start:solution]
        dims = [0, *range(2, x.dim())]  # every dim but the channels
        shape = [1, -1] + [1] * (x.dim() - 2)  # a (C,) vector broadcast over dim 1
        if self.training:
            n = x.numel() // x.shape[1]  # values per channel: N * L or N * H * W
            if n == 1:  # var * n / (n - 1) would be 0 / 0: nan in running_var
                raise ValueError(f"Expected more than 1 value per channel, {x.shape}")
            mean = x.mean(dim=dims)
            var = x.var(dim=dims, correction=0)  # biased: it normalizes this batch
            with torch.no_grad():  # the running statistics are not differentiated
                m = self.momentum
                self.running_mean.mul_(1 - m).add_(m * mean)
                # The running estimate is unbiased: var * n / (n - 1).
                self.running_var.mul_(1 - m).add_(m * var * n / (n - 1))
        else:
            mean, var = self.running_mean, self.running_var
        y = (x - mean.view(shape)) * torch.rsqrt(var.view(shape) + self.eps)
        return y * self.weight.view(shape) + self.bias.view(shape)
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (
    "torch.nn.functional.batch_norm",
    "torch.batch_norm",
    "torch.native_batch_norm",
    "torch._native_batch_norm_legit",
    "torch.nn.BatchNorm1d",
    "torch.nn.BatchNorm2d",
    "torch.nn.BatchNorm3d",
    # Another normalization doing the work on a reshaped x: instance_norm or group_norm
    # on x as (1, C, N * rest), layer_norm on x as (C, N * rest), normalize on the
    # centred columns.
    "torch.nn.functional.instance_norm",
    "torch.instance_norm",
    "torch.nn.functional.group_norm",
    "torch.group_norm",
    "torch.native_group_norm",
    "torch.nn.functional.layer_norm",
    "torch.layer_norm",
    "torch.native_layer_norm",
    "torch.nn.functional.normalize",
)


def check(BatchNorm):
    torch.manual_seed(0)

    def train(module, x, hint):
        """module(x) on an input it must accept; an error says the hint."""
        try:
            return module(x)
        except Exception as e:
            raise AssertionError(f"your code raised {e!r} ({hint})") from e

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    configs = [
        (nn.BatchNorm1d(3), (8, 3)),
        (nn.BatchNorm1d(3, eps=0.1), (4, 3, 5)),  # an eps of its own
        (nn.BatchNorm2d(3, momentum=0.3), (2, 3, 4, 5)),
    ]
    for ref, shape in configs:
        ours = BatchNorm(3, eps=ref.eps, momentum=ref.momentum)
        for name in ["weight", "bias", "running_mean", "running_var"]:
            close(getattr(ours, name), getattr(ref, name), f"{shape}: initial {name}")
        # The running statistics are buffers, saved in the state_dict: a model
        # reloaded without them evaluates with mean 0 and variance 1.
        params, bufs = dict(ours.named_parameters()), dict(ours.named_buffers())
        saved = ours.state_dict()
        for name, kind in [("weight", params), ("bias", params)]:
            assert name in kind and name in saved, f"{name}: an nn.Parameter"
        for name in ["running_mean", "running_var"]:
            assert name in bufs and name not in params, (
                f"{name}: register it as a buffer, not as an nn.Parameter"
            )
            assert name in saved, f"{name}: not in state_dict(): persistent=False?"
        ref, ours = ref.double(), ours.double()
        with torch.no_grad():  # affine parameters other than 1 and 0
            for name in ["weight", "bias"]:
                getattr(ours, name).copy_(getattr(ref, name).normal_())
        for step in range(3):  # train mode: batch statistics, running updates
            x = (torch.randn(shape, dtype=torch.float64) * 2 + 1).requires_grad_()
            got, want = ours(x), ref(x)
            close(got, want, f"{shape}, train step {step}: output")
            g = torch.randn_like(want)
            inputs = [x, ours.weight, ours.bias]
            close(
                torch.autograd.grad(got, inputs, g),
                torch.autograd.grad(want, [x, ref.weight, ref.bias], g),
                f"{shape}, train step {step}: gradients of x, weight, bias",
            )
            for name in ["running_mean", "running_var"]:
                buf = getattr(ours, name)
                close(
                    buf,
                    getattr(ref, name),
                    f"{shape}, after train step {step}: {name} (momentum, unbiased)",
                )
                # Updated under no_grad: a buffer that records a graph breaks
                # deepcopy, and a later backward through it.
                assert not buf.requires_grad, f"{name} requires grad: use no_grad"
        ours.eval()
        ref.eval()
        x = torch.randn(shape, dtype=torch.float64) * 3 - 2  # not the running stats
        close(ours(x), ref(x), f"{shape}, eval: normalize with the running statistics")
        close(ours.running_mean, ref.running_mean, f"{shape}, eval: no update")
        close(ours.running_var, ref.running_var, f"{shape}, eval: no update")
    # A cropped image batch is not contiguous: .view raises on it, reshape does not.
    ours, ref = BatchNorm(3).double(), nn.BatchNorm2d(3).double()
    x = torch.randn(2, 3, 4, 7, dtype=torch.float64)[..., 1:-1]
    case = "a cropped, non-contiguous (2, 3, 4, 5) batch"
    close(train(ours, x, f"{case}: .view? reshape"), ref(x), f"{case}: output")
    close(ours.running_var, ref.running_var, f"{case}: running_var")
    # One value per channel in train mode: torch raises ValueError, and the unbiased
    # var * n / (n - 1) would be 0 / 0, a nan in running_var that every later eval
    # step outputs. n counts values, not samples: one sample of length 2 is fine.
    for shape, Ref in [((1, 3), nn.BatchNorm1d), ((1, 3, 1, 1), nn.BatchNorm2d)]:
        ours, ref = BatchNorm(3).double(), Ref(3).double()
        x = torch.randn(shape, dtype=torch.float64)
        case = f"train mode, {shape}: one value per channel"
        try:
            ours(x)
        except ValueError:
            pass
        except Exception as e:
            raise AssertionError(f"{case}: raised {e!r}, not a ValueError") from e
        else:
            raise AssertionError(f"{case}: raise ValueError, as nn.{Ref.__name__} does")
        close(ours.running_var, ref.running_var, f"{case}: running_var (raise first)")
        ours.eval()
        ref.eval()
        close(ours(x), ref(x), f"eval mode, {shape}: the running statistics, no raise")
    ours, ref = BatchNorm(3).double(), nn.BatchNorm1d(3).double()
    x = torch.randn(1, 3, 2, dtype=torch.float64)
    case = "train mode, (1, 3, 2): one sample, 2 values per channel (n = N * L)"
    got = train(ours, x, f"{case}: n counts values, not samples")
    close(got, ref(x), f"{case}: output")
    close(ours.running_var, ref.running_var, f"{case}: running_var")
    # A mean of 1e5 and a spread of 0.1: E[x^2] - E[x]^2 cancels 1e10 - 1e10, and
    # float64 keeps about 4 digits of the variance of 0.01, float32 none;
    # x - mean first keeps them all.
    ours, ref = BatchNorm(3).double(), nn.BatchNorm1d(3).double()
    x = 1e5 + 0.1 * torch.randn(16, 3, dtype=torch.float64)
    close(ours(x), ref(x), "mean 1e5, spread 0.1: subtract the mean before squaring")
    close(ours.running_var, ref.running_var, "mean 1e5, spread 0.1: running_var")
    two_pass = x.var(0, correction=0)
    errors = []
    for s in [x, x.float()]:
        one_pass = (s * s).mean(0) - s.mean(0) ** 2
        errors.append((one_pass / two_pass - 1).abs().max().item())
    print(
        "one-pass variance at mean 1e5, relative error: float64 {:.0e}, "
        "float32 {:.0e}".format(*errors)
    )
    # > one-pass variance at mean 1e5, relative error: float64 9e-05, float32 1e+05
    print("BatchNorm matches nn.BatchNorm1d/2d: train, grads, running stats, eval, eps")
    # > BatchNorm matches nn.BatchNorm1d/2d: train, grads, running stats, eval, eps


# --8<-- [end:check]


if __name__ == "__main__":
    check(BatchNorm)
