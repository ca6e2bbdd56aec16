import torch
from torch import nn


def graph_size(t):
    """Count the autograd nodes behind t: what backward(t) walks."""
    seen, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node is not None and node not in seen:
            seen.add(node)
            todo.extend(fn for fn, _ in node.next_functions)
    return len(seen)


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

# retain_graph=True keeps every chunk's graph: after opt.step() the weights it saved
# are stale...
h = torch.zeros(2, 4)
for i, chunk in enumerate(chunks, 1):
    for x in chunk:
        h = cell(x, h)
    opt.zero_grad()
    try:
        h.pow(2).mean().backward(retain_graph=True)
    except RuntimeError as e:
        print(f"chunk {i}:", str(e).split(":")[0].split("has been ")[1])
        # > chunk 2: modified by an inplace operation
        break
    opt.step()

# ...and without a step, each backward walks back through all of them
h = torch.zeros(2, 4)
for chunk in chunks:
    for x in chunk:
        h = cell(x, h)
    loss = h.pow(2).mean()
    loss.backward(retain_graph=True)
    print("retain_graph, nodes walked:", graph_size(loss))
    # > retain_graph, nodes walked: 36
    # > retain_graph, nodes walked: 66
    # > retain_graph, nodes walked: 96

h = torch.zeros(2, 4)
for chunk in chunks:
    h = h.detach()  # truncated BPTT: keep the value, cut the history
    for x in chunk:
        h = cell(x, h)
    loss = h.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print("detach, nodes walked:", graph_size(loss))
    # > detach, nodes walked: 36
    # > detach, nodes walked: 36
    # > detach, nodes walked: 36
