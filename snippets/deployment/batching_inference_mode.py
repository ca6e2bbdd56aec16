import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 2))
# three users' inputs, arriving separately
requests = [torch.randn(4) for _ in range(3)]

# the bug: BatchNorm normalizes with the statistics of whoever shares the batch
model.train()
with torch.inference_mode():
    with_three, with_two = (
        model(torch.stack(requests)),
        model(torch.stack(requests[:2])),
    )
    print(
        "train(): user 0 depends on who shares the batch:",
        not torch.allclose(with_three[0], with_two[0]),
    )
    # > train(): user 0 depends on who shares the batch: True
    try:
        model(requests[0].unsqueeze(0))  # a batch of one
    except ValueError as e:
        print(e)
        # > Expected more than 1 value per channel when training, got input size torch.Size([1, 8])

model.eval()  # running statistics: each row is computed on its own
with torch.inference_mode():  # no graph, no version counters: the cheapest forward
    batched = model(torch.stack(requests))  # one forward for all waiting requests
    one_by_one = torch.stack([model(r.unsqueeze(0))[0] for r in requests])
print("eval(): batched == one by one:", torch.allclose(batched, one_by_one, atol=1e-6))
# > eval(): batched == one by one: True
print(
    "requires_grad:",
    batched.requires_grad,
    "| inference tensor:",
    batched.is_inference(),
)
# > requires_grad: False | inference tensor: True

head = nn.Linear(2, 1)  # later: reusing a served output in something that trains
try:
    head(batched).sum().backward()
except RuntimeError as e:
    print(str(e).split(". ")[0] + ".")
    # > Inference tensors cannot be saved for backward.
