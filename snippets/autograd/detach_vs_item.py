import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
weights = {p.data_ptr() for p in model.parameters()}


def history(t):
    """(graph nodes behind t, elements of the non-weight tensors they keep alive)"""
    seen, todo, held = set(), [t.grad_fn], {}
    while todo:
        node = todo.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        for name in dir(node):
            if name.startswith("_saved_"):
                try:
                    saved = getattr(node, name)
                except RuntimeError:  # already freed by backward()
                    continue
                if isinstance(saved, torch.Tensor) and saved.data_ptr() not in weights:
                    held[saved.data_ptr()] = saved.numel()  # each buffer counted once
        todo.extend(fn for fn, _ in node.next_functions)
    return len(seen), sum(held.values())


running = 0
# training: backward() frees each graph's saved tensors, the node chain still grows
for _ in range(3):
    x, y = torch.randn(8, 4), torch.randn(8, 1)  # a fresh batch, as from a loader
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    running += loss
    print("train loop, running += loss:", history(running))
    # > train loop, running += loss: (11, 0)
    # > train loop, running += loss: (18, 0)
    # > train loop, running += loss: (25, 0)

running = 0
for _ in range(3):  # validation without no_grad: every batch's tensors stay alive
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(x), y)
    running += loss
    # per batch: x (32), the ReLU output (128), the prediction (8), the target (8)
    print("eval loop, running += loss:", history(running))
    # > eval loop, running += loss: (11, 176)
    # > eval loop, running += loss: (18, 352)
    # > eval loop, running += loss: (25, 528)
# the loop has ended, but anything computed from running still holds every batch
# (+1 node and +1 element: the division, and the divisor 3 it saved)
avg = running / 3
print("after the loop, avg = running / 3:", history(avg))
# > after the loop, avg = running / 3: (26, 529)

running = 0.0
for _ in range(3):
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    # a Python float: holds nothing
    running += nn.functional.mse_loss(model(x), y).item()
print(type(running).__name__, loss.detach().requires_grad, loss.detach().grad_fn)
# > float False None

# .item() per batch is a host sync on a GPU; summing detached tensors keeps no graph
# either, and one .item() after the loop syncs once
running = torch.zeros(())
for _ in range(3):
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    running += nn.functional.mse_loss(model(x), y).detach()
print("running += loss.detach():", history(running), type(running.item()).__name__)
# > running += loss.detach(): (0, 0) float
