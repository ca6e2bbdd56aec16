import torch
import torch.nn.functional as F

torch.manual_seed(0)
# a confidently wrong binary prediction: logit -6, target 1
y = torch.tensor(1.0)
for loss_name in ("mse", "bce"):
    z = torch.tensor(-6.0, requires_grad=True)
    p = torch.sigmoid(z)
    if loss_name == "mse":
        loss = (p - y) ** 2
    else:
        loss = F.binary_cross_entropy_with_logits(z, y)
    loss.backward()
    print(f"{loss_name} loss {loss:.4f}  dloss/dz {z.grad:.4f}")
    # > mse loss 0.9951  dloss/dz -0.0049
    # > bce loss 6.0025  dloss/dz -0.9975
p = torch.sigmoid(torch.tensor(-6.0))
print(f"2 (p - y) p (1 - p) = {2 * (p - y) * p * (1 - p):.4f}   p - y = {p - y:.4f}")
# > 2 (p - y) p (1 - p) = -0.0049   p - y = -0.9975

# the same with a softmax over 3 classes: confident in class 0, the target is 2
target = torch.tensor([2])
for loss_name in ("mse", "ce"):
    z = torch.tensor([[8.0, 0.0, 0.0]], requires_grad=True)
    if loss_name == "mse":
        loss = F.mse_loss(z.softmax(1), F.one_hot(target, 3).float(), reduction="sum")
    else:
        loss = F.cross_entropy(z, target)
    loss.backward()
    print(loss_name, [round(g, 4) for g in z.grad[0].tolist()])
    # > mse [0.002, -0.0007, -0.0013]
    # > ce [0.9993, 0.0003, -0.9997]


# logistic regression on one sample (x = 1, y = 1): the loss as a function of w
def curvature(loss_fn, w):
    w = torch.tensor(w, dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(loss_fn(w), w, create_graph=True)
    (h,) = torch.autograd.grad(g, w)
    return round(h.item(), 4)


def mse(w):
    return (torch.sigmoid(w) - 1) ** 2


def bce(w):
    return -F.logsigmoid(w)


for w in (-4.0, -1.0, 0.0, 2.0):
    print(w, "mse''", curvature(mse, w), "bce''", curvature(bce, w))
    # > -4.0 mse'' -0.0328 bce'' 0.0177
    # > -1.0 mse'' -0.0555 bce'' 0.1966
    # > 0.0 mse'' 0.125 bce'' 0.25
    # > 2.0 mse'' 0.0411 bce'' 0.105
