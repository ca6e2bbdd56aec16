import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(  # written for 3x32x32 images
    nn.Conv2d(3, 8, kernel_size=3, padding=1),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Flatten(),
    nn.Linear(8 * 16 * 16, 10),
)


def show_shape(module, inputs, output):  # runs after the module returns
    shapes = f"{tuple(inputs[0].shape)} -> {tuple(output.shape)}"
    print(f"{type(module).__name__:9} {shapes}")
    # > Conv2d    (2, 3, 28, 28) -> (2, 8, 28, 28)
    # > ReLU      (2, 8, 28, 28) -> (2, 8, 28, 28)
    # > MaxPool2d (2, 8, 28, 28) -> (2, 8, 14, 14)
    # > Flatten   (2, 8, 14, 14) -> (2, 1568)


started = []


def note_start(module, inputs):  # a pre-hook runs before the module
    started.append(f"{type(module).__name__} {tuple(inputs[0].shape)}")


leaves = [m for m in model.modules() if not list(m.children())]
handles = [m.register_forward_hook(show_shape) for m in leaves]
handles += [m.register_forward_pre_hook(note_start) for m in leaves]
try:
    model(torch.randn(2, 3, 28, 28))  # 28x28 images
except RuntimeError as e:
    print(e)
    # > mat1 and mat2 shapes cannot be multiplied (2x1568 and 2048x10)
    # the last line printed is the last layer that worked; the pre-hook names the next
    print("failed in", started[-1])
    # > failed in Linear (2, 1568)
finally:
    for handle in handles:
        handle.remove()  # hooks stay until removed
