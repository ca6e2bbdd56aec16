import textwrap

import torch

expected = torch.tensor([1.0, 2.0, 3.0, 4.0])
actual = expected.clone()
actual[2] += 1e-3

print(torch.allclose(actual, expected))  # a bare False: which element, by how much?
# > False
try:
    torch.testing.assert_close(actual, expected)
except AssertionError as e:
    for line in str(e).splitlines():
        print(textwrap.fill(line, 76, subsequent_indent="  "))
        # > Tensor-likes are not close!
        # >
        # > Mismatched elements: 1 / 4 (25.0%)
        # > Greatest absolute difference: 0.0009999275207519531 at index (2,) (up to
        # >   1e-05 allowed)
        # > Greatest relative difference: 0.0003333091735839844 at index (2,) (up to
        # >   1.3e-06 allowed)

try:
    # equal values, different dtype
    torch.testing.assert_close(expected, expected.double())
except AssertionError as e:
    print(e)
    # > The values for attribute 'dtype' do not match: torch.float32 != torch.float64.

# strides are not compared unless check_stride=True: a channels_last copy passes
image = torch.arange(48.0).reshape(1, 3, 4, 4)
nhwc = image.contiguous(memory_format=torch.channels_last)
torch.testing.assert_close(image, nhwc)  # passes
try:
    torch.testing.assert_close(image, nhwc, check_stride=True)
except AssertionError as e:
    print(str(e).split(": ")[0])
    # > The values for attribute 'stride()' do not match
print(image.stride(), nhwc.stride())
# > (48, 16, 4, 1) (48, 1, 12, 3)

# integer dtypes have no default tolerance: they must be equal
try:
    torch.testing.assert_close(torch.tensor([1000]), torch.tensor([1001]))
except AssertionError as e:
    print(e.args[0].splitlines()[0])
    # > Tensor-likes are not equal!

# passes: explicit tolerances
torch.testing.assert_close(actual, expected, atol=1e-2, rtol=0)
torch.testing.assert_close(expected, expected.double(), check_dtype=False)  # passes

# float16: rtol loosens to 1e-3, atol stays 1e-5
try:
    torch.testing.assert_close((expected + 0.1).half(), expected.half())
except AssertionError as e:
    for line in str(e).splitlines()[-2:]:
        print(line.rsplit(" (", 1)[1].rstrip(")"))
        # > up to 1e-05 allowed
        # > up to 0.001 allowed

nan = torch.tensor([float("nan"), 1.0])
try:
    torch.testing.assert_close(nan, nan.clone())  # NaN != NaN by default
except AssertionError as e:
    print(e.args[0].splitlines()[0])
    # > Tensor-likes are not close!
torch.testing.assert_close(nan, nan.clone(), equal_nan=True)  # passes

# the same sum grouped two ways: float addition is not associative
torch.manual_seed(0)
a, b, c = torch.randn(3, 1000)
left, right = (a + b) + c, a + (b + c)
print(torch.equal(left, right), (left != right).sum().item())
# > False 319
torch.testing.assert_close(left, right)  # passes
print("ok")
# > ok
