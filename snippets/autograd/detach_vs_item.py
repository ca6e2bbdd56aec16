import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]


def history(t):
    """(graph nodes behind t, elements of the tensors they still hold for backward)"""
    seen, todo, held = set(), [t.grad_fn], 0
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
                held += saved.numel() if isinstance(saved, torch.Tensor) else 0
        todo.extend(fn for fn, _ in node.next_functions)
    return len(seen), held


running = 0
# training: backward() frees each graph's saved tensors, the node chain still grows
for x, y in batches:
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    running += loss
    print("train loop, running += loss:", history(running))
    # > train loop, running += loss: (11, 0)
    # > train loop, running += loss: (18, 0)
    # > train loop, running += loss: (25, 0)

running = 0
for x, y in batches:  # validation without no_grad: every batch's activations stay alive
    loss = nn.functional.mse_loss(model(x), y)
    running += loss
    print("eval loop, running += loss:", history(running))
    # > eval loop, running += loss: (11, 320)
    # > eval loop, running += loss: (18, 640)
    # > eval loop, running += loss: (25, 960)

running = 0.0
for x, y in batches:
    # a Python float: holds nothing
    running += nn.functional.mse_loss(model(x), y).item()
print(type(running).__name__, loss.detach().requires_grad, loss.detach().grad_fn)
# > float False None
