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


def show_shape(module, inputs, output):
    print(
        f"{type(module).__name__:9} {tuple(inputs[0].shape)} -> {tuple(output.shape)}"
    )
    # > Conv2d    (2, 3, 28, 28) -> (2, 8, 28, 28)
    # > ReLU      (2, 8, 28, 28) -> (2, 8, 28, 28)
    # > MaxPool2d (2, 8, 28, 28) -> (2, 8, 14, 14)
    # > Flatten   (2, 8, 14, 14) -> (2, 1568)


leaves = [m for m in model.modules() if not list(m.children())]
handles = [m.register_forward_hook(show_shape) for m in leaves]
try:
    # 28x28 images: the last shape printed is where it breaks
    model(torch.randn(2, 3, 28, 28))
except RuntimeError as e:
    print(e)
    # > mat1 and mat2 shapes cannot be multiplied (2x1568 and 2048x10)
finally:
    for handle in handles:
        handle.remove()  # hooks stay until removed
