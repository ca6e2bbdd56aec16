import torch


def graph_size(t):
    """Count the autograd nodes recorded behind t."""
    seen, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node is not None and node not in seen:
            seen.add(node)
            todo.extend(fn for fn, _ in node.next_functions)
    return len(seen)


def forward(x, w):
    # Plain Python decides what runs: the loop count and the branch depend on the data.
    steps = int(x.abs().sum()) % 3 + 1
    for _ in range(steps):
        x = torch.tanh(x @ w)
    doubled = bool(x.mean() > 0)
    if doubled:
        x = x * 2
    return x.sum(), steps, doubled


torch.manual_seed(0)
w = torch.randn(4, 4, requires_grad=True)
for x in (torch.zeros(1, 4), torch.ones(1, 4), torch.full((1, 4), 0.5)):
    loss, steps, doubled = forward(x, w)
    print(f"loop ran {steps}x, doubled={doubled}: graph of {graph_size(loss)} nodes")
    # > loop ran 1x, doubled=False: graph of 4 nodes
    # > loop ran 2x, doubled=False: graph of 6 nodes
    # > loop ran 3x, doubled=True: graph of 9 nodes
    loss.backward()  # backward walks the graph this call built, then frees it
print(w.grad.shape)
# > torch.Size([4, 4])
