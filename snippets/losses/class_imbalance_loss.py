import torch
import torch.nn.functional as F

torch.manual_seed(0)
# 90 samples of class 0, 10 of class 1; weights in inverse proportion to the counts
target = torch.cat([torch.zeros(90), torch.ones(10)]).long()
count = torch.bincount(target)
weight = count.max() / count
print(weight.tolist())
# > [1.0, 9.0]

# reduction="mean" with weight: sum(w_y * loss) / sum(w_y), not / N
logits = torch.randn(100, 2)
per = F.cross_entropy(logits, target, reduction="none")  # unweighted per sample
w = weight[target]
ce = F.cross_entropy(logits, target, weight=weight)
print(
    torch.allclose(ce, (w * per).sum() / w.sum()), torch.allclose(ce, (w * per).mean())
)
# > True False

# the weights' scale cancels: 10 x the weights, the same loss
print(torch.allclose(F.cross_entropy(logits, target, weight=10 * weight), ce))
# > True


# what weighting does to the best constant prediction (a bias-only model)
def fit_bias(loss_fn, shape):
    bias = torch.zeros(shape, requires_grad=True)
    opt = torch.optim.LBFGS([bias], max_iter=100)

    def closure():
        opt.zero_grad()
        loss = loss_fn(bias.expand(100, *shape))
        loss.backward()
        return loss

    opt.step(closure)
    return bias.detach()


for name, kw in (("plain", {}), ("weight", {"weight": weight})):
    b = fit_bias(lambda z, kw=kw: F.cross_entropy(z, target, **kw), (2,))
    print(f"CE {name:6} p(class 1) = {b.softmax(0)[1]:.3f}")
    # > CE plain  p(class 1) = 0.100
    # > CE weight p(class 1) = 0.500

# a balanced sampler and the weights together correct twice: 50:50 data, 1:9 weights
balanced = torch.cat([torch.zeros(50), torch.ones(50)]).long()
b = fit_bias(lambda z: F.cross_entropy(z, balanced, weight=weight), (2,))
print(f"CE both   p(class 1) = {b.softmax(0)[1]:.3f}")
# > CE both   p(class 1) = 0.900

# BCEWithLogitsLoss(pos_weight=negatives / positives): the same shift, and its
# mean divides by N (pos_weight is not in the denominator)
y = target.float()
pos_weight = torch.tensor(90 / 10)
for name, pw in (("plain", None), ("pos_weight", pos_weight)):
    b = fit_bias(
        lambda z, pw=pw: F.binary_cross_entropy_with_logits(
            z.squeeze(1), y, pos_weight=pw
        ),
        (1,),
    )
    print(f"BCE {name:10} p(class 1) = {torch.sigmoid(b).item():.3f}")
    # > BCE plain      p(class 1) = 0.100
    # > BCE pos_weight p(class 1) = 0.500
# the weighted model's probabilities are shifted: subtract log(pos_weight) to undo
print(round(torch.sigmoid(b - pos_weight.log()).item(), 3))
# > 0.1
z = torch.randn(100)
bce = F.binary_cross_entropy_with_logits(z, y, pos_weight=pos_weight)
per = pos_weight * y * -F.logsigmoid(z) + (1 - y) * -F.logsigmoid(-z)
print(torch.allclose(bce, per.sum() / 100))
# > True
