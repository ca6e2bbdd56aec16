import torch
import torch.nn.functional as F
from torch import nn
from torch.overrides import TorchFunctionMode


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, kernel_size=3, padding=1)
        self.fc = nn.Linear(8 * 16 * 16, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv(x)), 2)  # functions: no module, no hook
        return self.fc(torch.flatten(x, 1))


class ShowShapes(TorchFunctionMode):  # sees every torch function call
    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.running = func.__name__
        out = func(*args, **(kwargs or {}))
        if isinstance(out, torch.Tensor):
            print(f"{func.__name__:10} -> {tuple(out.shape)}")
            # > conv2d     -> (2, 8, 28, 28)
            # > relu       -> (2, 8, 28, 28)
            # > max_pool2d -> (2, 8, 14, 14)
            # > flatten    -> (2, 1568)
        return out


torch.manual_seed(0)
model = Net()
x = torch.randn(2, 3, 28, 28)


def show_shape(module, inputs, output):
    print(type(module).__name__, tuple(output.shape))
    # > Conv2d (2, 8, 28, 28)


handles = [
    m.register_forward_hook(show_shape) for m in model.modules() if m is not model
]
try:
    model(x)  # the module hooks see conv and nothing after it
except RuntimeError:
    pass
for handle in handles:
    handle.remove()

mode = ShowShapes()
try:
    with mode:
        model(x)
except RuntimeError as e:
    print(e)
    # > mat1 and mat2 shapes cannot be multiplied (2x1568 and 2048x10)
    print("failed in", mode.running)
    # > failed in linear
