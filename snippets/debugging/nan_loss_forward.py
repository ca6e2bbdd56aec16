import warnings

import torch
import torch.nn.functional as F
from torch import nn
from torch.overrides import TorchFunctionMode


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = nn.Linear(4, 8)
        self.layer2 = nn.Linear(8, 8)
        self.layer3 = nn.Linear(8, 3)

    def forward(self, x):
        h = torch.relu(self.layer1(x))
        h = self.layer2(h)
        return self.layer3(h)


def with_bad_weight(layer):
    torch.manual_seed(0)
    model = Net()
    with torch.no_grad():
        getattr(model, layer).weight[0, 0] = float("inf")  # makes inf and NaN
    return model


model = with_bad_weight("layer2")
x, zeros = torch.randn(16, 4), torch.zeros(16, 3)
labels = torch.zeros(16, dtype=torch.long)

print(torch.isfinite(F.mse_loss(model(x), zeros)).item())  # already bad in the forward
# > False


def anomaly_names(model, loss_fn):
    """The node anomaly mode names, and the model's lines in its forward trace."""
    with (
        warnings.catch_warnings(record=True) as caught,
        torch.autograd.detect_anomaly(),
    ):
        warnings.simplefilter("always")
        try:
            loss_fn(model(x)).backward()
        except RuntimeError as e:
            node = str(e).split("'")[1]
    trace = str(caught[-1].message).splitlines()
    return node, [line.strip() for line in trace if "self.layer" in line]


# the first backward node whose output is NaN: the loss's, or the layer after layer 2
print(anomaly_names(model, lambda out: F.mse_loss(out, zeros)))
# > ('MseLossBackward0', [])
print(anomaly_names(model, lambda out: F.cross_entropy(out, labels)))
# > ('LogSoftmaxBackward0', [])
print(anomaly_names(model, lambda out: F.l1_loss(out, zeros)))  # sign(NaN) is 0
# > ('AddmmBackward0', ['return self.layer3(h)'])
# the inf in layer 3: mse_loss's gradient is inf, not NaN, so it passes
last_bad = with_bad_weight("layer3")
print(anomaly_names(last_bad, lambda out: F.mse_loss(out, zeros)))  # the culprit
# > ('AddmmBackward0', ['return self.layer3(h)'])
print(anomaly_names(last_bad, lambda out: F.l1_loss(out, zeros)))  # the one before
# > ('AddmmBackward0', ['h = self.layer2(h)'])


def tensors(value):  # outputs can be tuples (an LSTM's is (output, (h, c)))
    if isinstance(value, torch.Tensor):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from tensors(item)


def first_non_finite(model, x):
    """Forward hooks on every module: the first with finite inputs and a bad output."""
    found = []

    def check(name):
        def hook(module, inputs, output):
            if found:
                return
            if not all(torch.isfinite(t).all() for t in tensors(inputs)):
                found.append(f"{name} got a non-finite input")
            elif not all(torch.isfinite(t).all() for t in tensors(output)):
                found.append(f"{name} ({type(module).__name__})")

        return hook

    handles = [m.register_forward_hook(check(n)) for n, m in model.named_modules() if n]
    model(x)
    for handle in handles:
        handle.remove()
    return found[0]


print(first_non_finite(model, x))
# > layer2 (Linear)
print(torch.isfinite(model.layer2.weight).all().item())  # then check its weights
# > False

torch.manual_seed(0)
nan_in_data = x.clone()
nan_in_data[3, 1] = float("nan")
print(first_non_finite(Net(), nan_in_data))  # a healthy model: the data did it
# > layer1 got a non-finite input


class Normalized(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        return self.proj(x / x.norm(dim=1, keepdim=True))  # no hook sees the division


zero_row = torch.cat([torch.zeros(1, 4), torch.randn(1, 4)])  # 0 / 0 in row 0
print(first_non_finite(Normalized(), zero_row))  # made between modules
# > proj got a non-finite input


class FirstNonFiniteCall(TorchFunctionMode):
    """Sees every torch function call, modules' or not."""

    def __init__(self):
        super().__init__()
        self.name = None

    def __torch_function__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        bad = not all(torch.isfinite(t).all() for t in tensors(out))
        if self.name is None and bad:
            self.name = func.__name__
        return out


with FirstNonFiniteCall() as mode:
    Normalized()(zero_row)
print(mode.name)
# > div
