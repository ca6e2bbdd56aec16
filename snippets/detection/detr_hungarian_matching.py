"""DETR's set loss: a one-to-one matching by cost, then no-object for the rest."""

import itertools

import torch
import torch.nn.functional as F


def xyxy(b):  # (cx, cy, w, h) -> (x1, y1, x2, y2)
    return torch.cat([b[..., :2] - b[..., 2:] / 2, b[..., :2] + b[..., 2:] / 2], -1)


def giou(a, b):
    """Generalized IoU of every pair: IoU minus the enclosing box's empty share."""
    a, b = xyxy(a), xyxy(b)
    area = lambda x: (x[..., 2:] - x[..., :2]).clamp(min=0).prod(-1)  # noqa: E731
    lt, rb = (
        torch.max(a[:, None, :2], b[None, :, :2]),
        torch.min(a[:, None, 2:], b[None, :, 2:]),
    )
    inter = area(torch.cat([lt, rb], -1))
    union = area(a)[:, None] + area(b)[None, :] - inter
    lt, rb = (
        torch.min(a[:, None, :2], b[None, :, :2]),
        torch.max(a[:, None, 2:], b[None, :, 2:]),
    )
    hull = area(torch.cat([lt, rb], -1))
    return inter / union - (hull - union) / hull


# IoU is 0 for any two disjoint boxes; GIoU still says how far apart they are
g = torch.tensor([[0.2, 0.5, 0.1, 0.1]])
print(giou(torch.tensor([[0.35, 0.5, 0.1, 0.1], [0.8, 0.5, 0.1, 0.1]]), g).flatten())
# > tensor([-0.2000, -0.7143])

# 4 queries (boxes cx, cy, w, h; probabilities over cat, dog, no-object), 2 objects
boxes = torch.tensor(
    [
        [0.29, 0.5, 0.2, 0.2],  # between the two objects, a little nearer the first
        [0.10, 0.5, 0.2, 0.2],  # on the first object only
        [0.09, 0.5, 0.2, 0.2],  # a near-duplicate of query 1
        [0.80, 0.8, 0.1, 0.1],  # on nothing
    ]
)
logits = torch.tensor([[2.0, 0, 0], [2.0, 0, 0], [2.0, 0, 0], [0.0, 0, 3]])
gt_boxes = torch.tensor([[0.20, 0.5, 0.2, 0.2], [0.40, 0.5, 0.2, 0.2]])
gt_labels = torch.tensor([0, 0])  # two cats

# DETR's matching cost: -p(class) + 5 * L1(box) + 2 * (-GIoU), per (query, object)
prob = logits.softmax(-1)
cost = (
    -prob[:, gt_labels]
    + 5 * torch.cdist(boxes, gt_boxes, p=1)
    - 2 * giou(boxes, gt_boxes)
)
print(cost.numpy().round(2))
# > [[-1.1  -0.82]
# >  [-0.95  1.11]
# >  [-0.82  1.19]
# >  [ 7.16  6.05]]


def brute_force(cost):  # the optimum over every one-to-one assignment (tiny cases only)
    q, g = cost.shape
    best = min(
        itertools.permutations(range(q), g), key=lambda p: cost[list(p), range(g)].sum()
    )
    return list(best), round(cost[list(best), range(g)].sum().item(), 3)


def greedy(cost):  # each object, in order, takes its cheapest free query
    taken = []
    for j in range(cost.shape[1]):
        free = [i for i in range(cost.shape[0]) if i not in taken]
        taken.append(min(free, key=lambda i: cost[i, j]))
    return taken, round(cost[taken, range(cost.shape[1])].sum().item(), 3)


print(brute_force(cost), greedy(cost))  # query per object, total cost
# > ([1, 0], -1.771) ([0, 1], 0.017)

# Targets: matched queries get their object's class, every other query no-object (2),
# whose loss weight is 0.1; query 2, the near-duplicate, is pushed to it
match, _ = brute_force(cost)
target = torch.full((4,), 2)
target[match] = gt_labels
logits.requires_grad_()
loss = F.cross_entropy(logits, target, weight=torch.tensor([1.0, 1.0, 0.1]))
loss.backward()
print(
    target.tolist(), logits.grad[2].numpy().round(3)
)  # a negative grad raises a logit
# > [0, 0, 2, 2] [ 0.036  0.005 -0.041]

# The loss is a function of the set: shuffle the queries, same matching, same loss.
# Greedy is not: taking the objects in the other order changes its answer
perm = torch.tensor([3, 1, 0, 2])
match_p, total_p = brute_force(cost[perm])
print(perm[match_p].tolist() == match, total_p == brute_force(cost)[1])
# > True True
print(greedy(cost)[1], greedy(cost[:, [1, 0]])[1])
# > 0.017 -1.771
