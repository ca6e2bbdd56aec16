"""A ResNet basic block from scratch, checked against one built from torch modules
with the same weights, in train and eval mode."""

import torch
import torch.nn as nn


class BasicBlock(nn.Module):
    """relu(bn2(conv2(relu(bn1(conv1(x))))) + shortcut(x)): conv1 3x3 with the stride,
    conv2 3x3, no conv biases; shortcut the identity, or downsample = a 1x1 conv with
    the stride and a BatchNorm2d, when stride != 1 or the channels change."""

    def __init__(self, in_channels, out_channels, stride=1):
        # --8<-- [start:solution]
        super().__init__()
        self.conv1 = nn.Conv2d(in_channels, out_channels, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.conv2 = nn.Conv2d(out_channels, out_channels, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(out_channels)
        self.downsample = None
        if stride != 1 or in_channels != out_channels:
            self.downsample = nn.Sequential(
                nn.Conv2d(in_channels, out_channels, 1, stride, bias=False),
                nn.BatchNorm2d(out_channels),
            )
        # --8<-- [end:solution]

    def forward(self, x):
        # --8<-- [start:solution]
        out = torch.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        shortcut = x if self.downsample is None else self.downsample(x)
        return torch.relu(out + shortcut)  # ReLU after the add
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = ()  # torch has no residual block of its own; any torch module may be used


class Reference(nn.Module):  # torchvision's BasicBlock, written with torch modules
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU()
        self.downsample = None
        if stride != 1 or cin != cout:
            self.downsample = nn.Sequential(
                nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout)
            )

    def forward(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        idt = x if self.downsample is None else self.downsample(x)
        return self.relu(out + idt)


def check(BasicBlock):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    for cin, cout, stride in [(4, 4, 1), (3, 6, 1), (4, 4, 2)]:
        case = f"in={cin}, out={cout}, stride={stride}"
        ref, ours = (
            Reference(cin, cout, stride).double(),
            BasicBlock(cin, cout, stride).double(),
        )
        with torch.no_grad():  # BN affine and running stats away from 1 and 0
            for name, t in ref.state_dict().items():
                if (
                    t.is_floating_point()
                    and "conv" not in name
                    and name[-8:] != "0.weight"
                ):
                    t.copy_(torch.rand_like(t) + 0.5)
        want_shapes = {k: tuple(v.shape) for k, v in ref.state_dict().items()}
        got_shapes = {k: tuple(v.shape) for k, v in ours.state_dict().items()}
        assert got_shapes == want_shapes, (
            f"{case}: state_dict {got_shapes}, want {want_shapes}: conv1, bn1, conv2, "
            f"bn2 without conv biases, downsample.0/.1 only when stride != 1 or "
            f"the channels change"
        )
        # A fresh block: BatchNorm2d's defaults (weight 1, bias 0, running stats 0
        # and 1), not a zero-initialized bn2 (torchvision's zero_init_residual option).
        fresh = nn.BatchNorm2d(cout).double().state_dict()
        for name, t in ours.state_dict().items():
            bn, _, buf = name.rpartition(".")
            if bn in ("bn1", "bn2", "downsample.1"):
                assert torch.equal(t, fresh[buf]), (
                    f"{case}: a fresh block's {name} is not BatchNorm2d's default"
                    f" {fresh[buf].flatten()[0].item()}: BatchNorm2d with its defaults"
                )
        if ref.downsample is None:
            assert getattr(ours, "downsample", "missing") is None, (
                f"{case}: downsample is {getattr(ours, 'downsample', 'missing')!r},"
                " want None: an identity shortcut has no downsample module"
            )
        ours.load_state_dict(ref.state_dict())  # strict: the same names and shapes
        x = torch.randn(2, 7, 7, cin, dtype=torch.float64).permute(0, 3, 1, 2)
        x.requires_grad_()  # (N, C, H, W), channels_last in memory; H = W = 7, odd
        for mode in ("train", "eval"):
            ref.train(mode == "train")
            ours.train(mode == "train")
            got = ours(x)
            want = ref(x)
            stats = "batch" if mode == "train" else "running"
            close(
                got,
                want,
                f"{case}, {mode}: relu(bn2(conv2(relu(bn1(conv1 x)))) + shortcut x), "
                f"the stride on conv1 and the shortcut, zero padding 1, ReLU after "
                f"the add, BN with the {stats} statistics",
            )
            for name, buf in ref.named_buffers():  # train: updated by the batch
                close(dict(ours.named_buffers())[name], buf, f"{case}, {mode}: {name}")
            assert got.grad_fn is not None, f"{case}, {mode}: no grad_fn (detached?)"
            g = torch.randn_like(want)
            mine, theirs = dict(ours.named_parameters()), dict(ref.named_parameters())
            names = sorted(theirs)
            for name, a, b in zip(
                ["x", *names],
                torch.autograd.grad(
                    got, [x, *(mine[n] for n in names)], g, allow_unused=True
                ),
                torch.autograd.grad(want, [x, *(theirs[n] for n in names)], g),
                strict=True,
            ):
                assert a is not None, f"{case}, {mode}: gradient of {name} is None"
                close(a, b, f"{case}, {mode}: gradient of {name}")
    print("BasicBlock matches: identity, 1x1 projection, stride 2, train, eval, grads")
    # > BasicBlock matches: identity, 1x1 projection, stride 2, train, eval, grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(BasicBlock)
