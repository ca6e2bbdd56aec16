import torch

x = torch.tensor([-2.0, 0.5, 3.0])
# where(cond, a, b): a where cond is True, else b, element by element; all broadcast
print(torch.where(x > 0, x, torch.zeros_like(x)), torch.where(x > 0, x, 0.0))
# > tensor([0.0000, 0.5000, 3.0000]) tensor([0.0000, 0.5000, 3.0000])
# the branches take part in type promotion: int64 and a Python float give float32
print(torch.where(x > 0, torch.tensor([1, 2, 3]), 0.5))
# > tensor([0.5000, 2.0000, 3.0000])
# one argument: the indices of the True elements, as nonzero(as_tuple=True)
print(torch.where(x > 0))
# > (tensor([1, 2]),)

# The trap: where computes both branches, and backward goes through both
x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
y = torch.where(x > 0, x.sqrt(), 0.0)  # sqrt(-1) = nan is computed, then not selected
y.sum().backward()
# a clean forward, a nan gradient at -1 (nan) and at 0 (sqrt's derivative is inf)
print(y.detach(), x.grad)
# > tensor([0., 0., 2.]) tensor([   nan,    nan, 0.2500])

# Fix: feed the unsafe op only inputs it accepts, then select
x.grad = None
safe = torch.where(x > 0, x, 1.0)  # any value where sqrt is finite
y = torch.where(x > 0, safe.sqrt(), 0.0)
y.sum().backward()
print(y.detach(), x.grad)
# > tensor([0., 0., 2.]) tensor([0.0000, 0.0000, 0.2500])

# The same for log at 0, and for a norm written by hand at the zero vector; torch's own
# norms stay finite there, so masking them needs no safe input
x = torch.tensor([0.0, 2.0], requires_grad=True)
torch.where(x > 0, x.log(), 0.0).sum().backward()
print(x.grad)
# > tensor([   nan, 0.5000])
norms = {
    "(v**2).sum().sqrt()": lambda v: (v**2).sum().sqrt(),
    "linalg.vector_norm(v)": torch.linalg.vector_norm,
    "v.norm()": torch.Tensor.norm,
}
for name, norm in norms.items():
    v = torch.zeros(3, requires_grad=True)
    torch.where(v.any(), norm(v), 0.0).backward()  # v is all zeros: selects 0.0
    print(name, v.grad)
    # > (v**2).sum().sqrt() tensor([nan, nan, nan])
    # > linalg.vector_norm(v) tensor([0., 0., 0.])
    # > v.norm() tensor([0., 0., 0.])
