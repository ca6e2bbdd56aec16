import torch

x = torch.arange(6.0).reshape(2, 3)  # 2 rows, 3 columns
# dim names the dim that disappears: dim=0 collapses the rows, one value per column
print(x.sum(dim=0), x.sum(dim=1))
# > tensor([3., 5., 7.]) tensor([ 3., 12.])
print(x.sum(dim=1).shape, x.sum(dim=-1).shape, x.sum(dim=1, keepdim=True).shape)
# > torch.Size([2]) torch.Size([2]) torch.Size([2, 1])
print(x.sum(dim=(0, 1)), x.sum())  # several dims at once
# > tensor(15.) tensor(15.)
values, indices = x.max(dim=1)  # max/min with a dim return (values, indices)
print(values, indices, x.argmax(dim=1))
# > tensor([2., 5.]) tensor([2, 2]) tensor([2, 2])

# keepdim leaves a size-1 dim, so the result broadcasts back against x
probs = x.exp() / x.exp().sum(dim=1, keepdim=True)
print(probs.sum(dim=1), torch.allclose(probs, x.softmax(dim=1)))
# > tensor([1., 1.]) True

# Without keepdim, (N,) aligns with the LAST dim: (2, 3) / (2,) raises...
try:
    x / x.sum(dim=1)
except RuntimeError as e:
    print(str(e).split(" at ")[0])
    # > The size of tensor a (3) must match the size of tensor b (2)
# ...but on a square matrix it is no error
sq = torch.tensor([[1.0, 3.0], [2.0, 6.0]])
wrong = sq / sq.sum(dim=1)  # divides column j by row j's sum
right = sq / sq.sum(dim=1, keepdim=True)
print(wrong.sum(dim=1), right.sum(dim=1))
# > tensor([0.6250, 1.2500]) tensor([1., 1.])
# ...and a one-column (N, 1) tensor broadcasts against its (N,) sums to (N, N)
col = torch.tensor([[1.0], [2.0], [3.0]])
print((col / col.sum(dim=1)).shape, (col / col.sum(dim=1, keepdim=True)).shape)
# > torch.Size([3, 3]) torch.Size([3, 1])
# ...and a single row (1, C): its one sum stretches over the row, right by luck
row = torch.tensor([[1.0, 3.0, 4.0]])
print(torch.equal(row / row.sum(dim=1), row / row.sum(dim=1, keepdim=True)))
# > True
