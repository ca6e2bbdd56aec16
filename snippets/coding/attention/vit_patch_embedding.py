"""ViT patch embedding from scratch, checked against a Conv2d, kernel = stride = P."""

import torch
from torch import nn


class PatchEmbedding(nn.Module):
    """(B, C, H, W) images -> (B, N (+ 1), embed_dim) tokens: N = (H / P) * (W / P)
    patches in row-major order, each projected by one shared Linear; an optional
    class token first; a learned position embedding added to every token."""

    def __init__(self, image_size, patch_size, in_chans, embed_dim, class_token=True):
        # --8<-- [start:solution]
        super().__init__()
        H, W = image_size
        P = patch_size
        if H % P or W % P:
            raise ValueError(f"image size {image_size} is not a multiple of {P}")
        self.image_size, self.patch_size = (H, W), P
        n = (H // P) * (W // P)
        self.proj = nn.Linear(in_chans * P * P, embed_dim)
        # The class token comes first; the position embedding covers it too.
        self.cls_token = None
        if class_token:
            self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(
            0.02 * torch.randn(1, n + int(class_token), embed_dim)
        )
        # --8<-- [end:solution]

    @torch.no_grad()
    def load_from(self, conv):
        """Copy an nn.Conv2d(in_chans, embed_dim, P, stride=P)'s weight and bias."""
        # --8<-- [start:solution]
        # (D, C, P, P) -> (D, C * P * P): each patch flattened in (c, i, j) order.
        self.proj.weight.copy_(conv.weight.reshape(conv.out_channels, -1))
        self.proj.bias.copy_(conv.bias)
        # --8<-- [end:solution]

    def forward(self, x):
        """x (B, C, H, W), (H, W) = image_size -> tokens (B, N (+ 1), embed_dim)."""
        # --8<-- [start:solution]
        B, C, H, W = x.shape
        if (H, W) != self.image_size:
            raise ValueError(f"image size {(H, W)}, the module's is {self.image_size}")
        P = self.patch_size
        # (B, C, H/P, P, W/P, P) -> (B, H/P, W/P, C, P, P): the grid first, row-major,
        # then each patch in the (c, i, j) order of the conv's weight.
        patches = x.reshape(B, C, H // P, P, W // P, P).permute(0, 2, 4, 1, 3, 5)
        tokens = self.proj(patches.reshape(B, -1, C * P * P))
        if self.cls_token is not None:
            tokens = torch.cat([self.cls_token.expand(B, -1, -1), tokens], dim=1)
        return tokens + self.pos_embed
        # --8<-- [end:solution]


# --8<-- [start:check]
# The task's rule, enforced by the check (tools/exercises.py): each of these fails.
FORBIDDEN = (  # the convolutions: a Conv3d with a (1, P, P) kernel is this one too
    "torch.nn.Conv2d",
    "torch.nn.modules.conv.Conv2d",
    "torch.nn.functional.conv2d",
    "torch.conv2d",
    "torch.nn.Conv1d",
    "torch.nn.Conv3d",
    "torch.nn.functional.conv1d",
    "torch.nn.functional.conv3d",
    "torch.conv1d",
    "torch.conv3d",
    "torch.convolution",
    "torch._convolution",
    "torch._convolution_mode",
    "torch.mkldnn_convolution",
    "torch.cudnn_convolution",
    "torch.miopen_convolution",
    # A kernel-1 conv_tbc or a stride-1 transposed convolution is the projection too.
    "torch.conv_tbc",
    "torch.nn.functional.conv_tbc",
    "torch.conv_transpose1d",
    "torch.conv_transpose2d",
    "torch.conv_transpose3d",
    "torch.nn.functional.conv_transpose1d",
    "torch.nn.functional.conv_transpose2d",
    "torch.nn.functional.conv_transpose3d",
    "torch.nn.ConvTranspose1d",
    "torch.nn.ConvTranspose2d",
    "torch.nn.ConvTranspose3d",
    "torch.nn.functional.unfold",
    "torch.nn.Unfold",
    "torch.nn.modules.fold.Unfold",
    "torch._C._nn.im2col",
    "torch.ops.aten.im2col",
)


def check(PatchEmbedding):
    torch.manual_seed(0)

    def close(got, want, case):
        torch.testing.assert_close(got, want, msg=lambda m: f"{case}: {m}")

    def conv_for(C, D, P, dtype=torch.float64):
        conv = nn.Conv2d(C, D, P, stride=P, dtype=dtype)
        with torch.no_grad():
            conv.bias.normal_()
        return conv

    def run(case, image_size, P, C, D, class_token, x=None, dtype=torch.float64):
        H, W = image_size
        mine = PatchEmbedding(image_size, P, C, D, class_token=class_token).to(dtype)
        n = (H // P) * (W // P) + int(class_token)
        names = ["pos_embed"] + ["cls_token"] * class_token
        params = {id(p) for p in mine.parameters()}
        for name, shape in [("pos_embed", (1, n, D)), ("cls_token", (1, 1, D))]:
            t = getattr(mine, name, None)
            if name not in names:
                assert t is None, f"{case}: class_token=False, cls_token is not None"
                continue
            assert isinstance(t, nn.Parameter) and id(t) in params, (
                f"{case}: {name} is not a registered nn.Parameter (never trained)"
            )
            assert t.shape == shape, f"{case}: {name} {tuple(t.shape)}, want {shape}"
        count = sum(p.numel() for p in mine.parameters())
        want_count = C * P * P * D + D + n * D + D * class_token
        assert count == want_count, (
            f"{case}: {count} parameters, want {want_count} (the projection's weight"
            " and bias, pos_embed, cls_token)"
        )
        with torch.no_grad():  # make the class token and positions count
            for name in names:
                getattr(mine, name).normal_()
        if x is None:
            x = torch.randn(2, C, H, W, dtype=dtype)
        x = x.detach().requires_grad_()
        ids = [id(p) for p in mine.parameters()]
        for load in range(2):  # load_from twice: the second conv's values are used
            conv = conv_for(C, D, P, dtype)
            mine.load_from(conv)
            theirs = {p.untyped_storage().data_ptr() for p in conv.parameters()}
            assert ids == [id(p) for p in mine.parameters()] and not any(
                p.untyped_storage().data_ptr() in theirs for p in mine.parameters()
            ), (
                f"{case}: load_from replaced the parameters or shares the conv's "
                "storage; likely cause: assigning the conv's tensors instead of "
                "copy_ into your own (an optimizer made before would train others)"
            )
            got = mine(x)
            want = conv(x).flatten(2).transpose(1, 2)  # (B, N, D), row-major grid
            if class_token:
                want = torch.cat([mine.cls_token.expand(len(x), -1, -1), want], dim=1)
            want = want + mine.pos_embed
            what = f"{case}, load_from call {load + 1}"
            assert got.shape == want.shape, (
                f"{what}: shape {tuple(got.shape)}, want {tuple(want.shape)}"
            )
            assert got.dtype == want.dtype, f"{what}: {dtype} in, {got.dtype} out"
            close(
                got,
                want,
                f"{what}; likely cause: patches flattened (i, j, c) instead of the "
                "conv weight's (c, i, j), the grid column-major, the bias not "
                "copied, the class token last, or positions not added to it",
            )
        if dtype == torch.float64:
            inputs = [x] + [getattr(mine, name) for name in names]
            g = torch.randn_like(want)
            close(
                torch.autograd.grad(got, inputs, g),
                torch.autograd.grad(want, inputs, g),
                f"{case}: gradients of x, {', '.join(names)}",
            )

    run("8x12 image, P=4, C=3, D=10, class token", (8, 12), 4, 3, 10, True)
    run("8x12 image, P=4, no class token", (8, 12), 4, 3, 10, False)
    run("P=1: every pixel a token", (3, 5), 1, 2, 6, True)
    run("P = H = W: one patch", (8, 8), 8, 3, 10, True)
    x = torch.randn(2, 3, 8, 12, dtype=torch.float64)
    x = x.contiguous(memory_format=torch.channels_last)  # strides (HWC, 1, WC, C)
    run("a channels_last image", (8, 12), 4, 3, 10, True, x=x)
    run("float32, 32x32 image, P=8", (32, 32), 8, 3, 16, True, dtype=torch.float32)
    # image_size must be a multiple of P (a ValueError when built, or at the latest
    # when an image of that size comes), and forward takes that size only.
    for what, make in [
        ("image_size (10, 12), P=4",
         lambda: PatchEmbedding((10, 12), 4, 3, 10)(torch.randn(1, 3, 10, 12))),
        ("image_size (12, 10), P=4",
         lambda: PatchEmbedding((12, 10), 4, 3, 10)(torch.randn(1, 3, 12, 10))),
        ("forward on 12x8 with image_size (8, 12)",
         lambda: PatchEmbedding((8, 12), 4, 3, 10)(torch.randn(1, 3, 12, 8))),
        ("forward on 8x16 with image_size (8, 12)",
         lambda: PatchEmbedding((8, 12), 4, 3, 10)(torch.randn(1, 3, 8, 16))),
    ]:  # fmt: skip
        try:
            make()
        except ValueError:
            continue
        except Exception as e:  # the size noticed only by a later op
            raise AssertionError(f"{what}: {type(e).__name__}, want ValueError") from e
        raise AssertionError(f"{what}: no ValueError")
    print("PatchEmbedding = Conv2d(k=s=P) + class token + positions: 6 cases, grads")
    # > PatchEmbedding = Conv2d(k=s=P) + class token + positions: 6 cases, grads


# --8<-- [end:check]


if __name__ == "__main__":
    check(PatchEmbedding)
