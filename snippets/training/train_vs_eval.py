import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4), nn.Dropout(p=0.5))
bn, drop = model[1], model[2]
x = torch.randn(8, 4)

model.train()  # the default mode after construction; sets .training on every submodule
# BatchNorm: this batch's mean/var; Dropout: random mask, x2 scaling
bn_train, drop_train = bn(x), drop(x)
# running stats updated once
print(bn.num_batches_tracked.item(), torch.equal(drop_train, x))
# > 1 False
# every element is either dropped or scaled by 1 / (1 - p) = 2
print(((drop_train == 0) | torch.isclose(drop_train, 2 * x)).all().item())
# > True

model.eval()
print(bn.training, drop.training)
# > False False
# BatchNorm: running stats; Dropout: identity
print(torch.allclose(bn(x), bn_train), torch.equal(drop(x), x))
# > False True
print(bn.num_batches_tracked.item())  # eval mode leaves the running stats alone
# > 1

# eval() only switches layer behaviour; autograd still records the graph:
print(model(x).requires_grad)
# > True
with torch.no_grad():  # this is what turns graph recording off
    print(model(x).requires_grad)
    # > False

# A BatchNorm built with track_running_stats=False has no running stats: in eval mode
# too it normalizes with the batch, so a sample's output depends on its batch mates.
no_stats = nn.BatchNorm1d(4, track_running_stats=False).eval()
print(torch.allclose(no_stats(x)[:2], no_stats(x[:2])))
# > False


# Other built-ins that read the flag; an LSTM without dropout does not
def eval_differs(module, *args):  # the first output, in train mode and in eval mode
    with torch.no_grad():
        train_out = module.train()(*args)
        eval_out = module.eval()(*args)
    if isinstance(train_out, tuple):
        train_out, eval_out = train_out[0], eval_out[0]
    return not torch.equal(train_out, eval_out)


seq = torch.randn(2, 3, 4)  # (batch, time, features)
attention = nn.MultiheadAttention(4, 1, dropout=0.5, batch_first=True)
print(
    eval_differs(nn.RNN(4, 4, 2, dropout=0.5, batch_first=True), seq),
    eval_differs(nn.GRU(4, 4, 2, dropout=0.5, batch_first=True), seq),
    eval_differs(nn.LSTM(4, 4, 2, dropout=0.5, batch_first=True), seq),
    eval_differs(attention, seq, seq, seq),
    eval_differs(nn.RReLU(), seq),
    eval_differs(nn.InstanceNorm1d(3, track_running_stats=True), seq),
    eval_differs(nn.LSTM(4, 4, 2, batch_first=True), seq),
)
# > True True True True True True False
