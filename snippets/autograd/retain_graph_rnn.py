import torch
from torch import nn

torch.manual_seed(0)
cell = nn.RNNCell(3, 4)
opt = torch.optim.SGD(cell.parameters(), lr=0.1)
# 3 chunks of a long sequence: (steps, batch, features)
chunks = torch.randn(3, 5, 2, 3)

h = torch.zeros(2, 4)
for i, chunk in enumerate(chunks, 1):
    for x in chunk:
        h = cell(x, h)  # h links back into the previous chunk's graph
    loss = h.pow(2).mean()
    opt.zero_grad()
    try:
        loss.backward()
    except RuntimeError as e:
        # the first chunk trained, the second fails
        print(f"chunk {i}:", str(e).split(" (")[0])
        # > chunk 2: Trying to backward through the graph a second time
        break
    opt.step()

h, trained = torch.zeros(2, 4), 0
for chunk in chunks:
    h = h.detach()  # truncated BPTT: keep the value, cut the history
    for x in chunk:
        h = cell(x, h)
    loss = h.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    trained += 1
print("chunks trained:", trained)
# > chunks trained: 3
