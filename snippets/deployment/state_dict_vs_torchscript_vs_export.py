import os
import tempfile
import warnings

import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x).softmax(dim=-1)


torch.manual_seed(0)
model = Net().eval()
x = torch.randn(3, 4)

print(list(model.state_dict()))  # tensors only: to use them you need Net's code
# > ['fc.weight', 'fc.bias']

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.jit.script(model)  # still works in 2.13, but is on its way out
print(caught[0].category.__name__, caught[0].message)
# > DeprecationWarning `torch.jit.script` is deprecated. Please switch to `torch.compile` or `torch.export`.

ep = torch.export.export(model, (x,))  # the graph of aten ops + the weights
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "net.pt2")
    torch.export.save(ep, path)
    expected = model(x)
    del Net, model  # the Python class is gone
    loaded = torch.export.load(path)
    print(type(loaded).__name__, torch.allclose(loaded.module()(x), expected))
    # > ExportedProgram True
