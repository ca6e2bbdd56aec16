import torch

expected = torch.tensor([1.0, 2.0, 3.0, 4.0])
actual = expected.clone()
actual[2] += 1e-3

print(torch.allclose(actual, expected))  # a bare False: which element, by how much?
# > False
try:
    torch.testing.assert_close(actual, expected)
except AssertionError as e:
    print(e)
    # > Tensor-likes are not close!
    # >
    # > Mismatched elements: 1 / 4 (25.0%)
    # > Greatest absolute difference: 0.0009999275207519531 at index (2,) (up to 1e-05 allowed)
    # > Greatest relative difference: 0.0003333091735839844 at index (2,) (up to 1.3e-06 allowed)

try:
    # equal values, different dtype
    torch.testing.assert_close(expected, expected.double())
except AssertionError as e:
    print(e)
    # > The values for attribute 'dtype' do not match: torch.float32 != torch.float64.

# passes: explicit tolerances
torch.testing.assert_close(actual, expected, atol=1e-2, rtol=0)
torch.testing.assert_close(expected, expected.double(), check_dtype=False)  # passes
print("ok")
# > ok
