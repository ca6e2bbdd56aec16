import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Dropout(0.5), nn.Linear(8, 2)
)
features = model[:3]  # the same modules up to the BatchNorm: no dropout in the way
# three users' inputs, arriving separately
requests = [torch.randn(4) for _ in range(3)]

# the bug: BatchNorm normalizes with the statistics of whoever shares the batch
model.train()
stats = model[1].running_mean.clone()
with torch.inference_mode():
    with_three, with_two = (
        features(torch.stack(requests)),
        features(torch.stack(requests[:2])),
    )
    print(
        "train(): user 0 depends on who shares the batch:",
        not torch.allclose(with_three[0], with_two[0]),
    )
    # > train(): user 0 depends on who shares the batch: True
    try:
        model(requests[0].unsqueeze(0))  # a batch of one: one value per channel
    except ValueError as e:
        print(str(e).split(", got")[0])
        # > Expected more than 1 value per channel when training
    # with spatial dims there is more than one value per channel: no error, and
    # the image is normalized with its own statistics
    image = nn.BatchNorm2d(3)(torch.randn(1, 3, 4, 4))
    print(
        "BatchNorm2d, one image, channel means ~0:",
        bool(image.mean((0, 2, 3)).abs().max() < 1e-5),
    )
    # > BatchNorm2d, one image, channel means ~0: True
    # and train() keeps learning from the traffic, inference_mode or not
    print("running_mean moved:", not torch.equal(stats, model[1].running_mean))
    # > running_mean moved: True
    batch = torch.stack(requests)  # train() turned the model's Dropout on too
    print(
        "train(): same batch twice, same answer:",
        torch.equal(model(batch), model(batch)),
    )
    # > train(): same batch twice, same answer: False

model.eval()  # running statistics: each row is computed on its own
with torch.inference_mode():  # no graph, no version counters: the cheapest forward
    batched = model(torch.stack(requests))  # one forward for all waiting requests
    one_by_one = torch.stack([model(r.unsqueeze(0))[0] for r in requests])
print("eval(): batched == one by one:", torch.allclose(batched, one_by_one, atol=1e-6))
# > eval(): batched == one by one: True

# inputs of different lengths, padded to the longest: eval() is not enough, the
# padded request attends to the pad positions unless a mask hides them
layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, batch_first=True).eval()
short, long = torch.randn(1, 3, 8), torch.randn(1, 5, 8)
with torch.inference_mode():
    alone = layer(short)
    padded = torch.cat([torch.cat([short, torch.zeros(1, 2, 8)], 1), long])
    pads = torch.tensor([[False] * 3 + [True] * 2, [False] * 5])  # True = padding
    no_mask = layer(padded)[0, :3]
    out = layer(padded, src_key_padding_mask=pads)[0]
print(
    "padded, no mask == alone:",
    torch.allclose(no_mask, alone, atol=1e-5),
    "| with the padding mask:",
    torch.allclose(out[:3], alone, atol=1e-5),
)
# > padded, no mask == alone: False | with the padding mask: True
# the mask hides the pads from attention, but their output rows are still there:
# a pooled (mean) embedding must skip them too
real = (~pads[0]).unsqueeze(-1)  # True at the request's own positions
print(
    "mean over all 5 positions == alone:",
    torch.allclose(out.mean(0), alone[0].mean(0), atol=1e-5),
    "| over the 3 real ones:",
    torch.allclose((out * real).sum(0) / real.sum(), alone[0].mean(0), atol=1e-5),
)
# > mean over all 5 positions == alone: False | over the 3 real ones: True
print(
    "requires_grad:",
    batched.requires_grad,
    "| inference tensor:",
    batched.is_inference(),
)
# > requires_grad: False | inference tensor: True

head = nn.Linear(2, 1)  # later: reusing a served output in something that trains
try:
    head(batched)  # Linear saves its input for backward: refused in this forward call
except RuntimeError as e:
    print(str(e).split(". ")[0] + ".")
    # > Inference tensors cannot be saved for backward.
bias = torch.zeros(2, requires_grad=True)
(batched + bias).sum().backward()  # an add saves nothing: accepted
print("add, then backward:", bias.grad)
# > add, then backward: tensor([3., 3.])
normal = batched.clone()  # a clone made outside inference_mode is a normal tensor
head(normal).sum().backward()
print(
    "clone:", normal.is_inference(), "| head got a grad:", head.weight.grad is not None
)
# > clone: False | head got a grad: True
