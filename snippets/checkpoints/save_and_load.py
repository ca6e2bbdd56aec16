import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
        self.bn = nn.BatchNorm1d(2)
        # a buffer the code rebuilds, marked non-persistent: not saved
        self.register_buffer("scale", torch.ones(2), persistent=False)

    def forward(self, x):
        return self.bn(self.fc(x)) * self.scale


torch.manual_seed(0)
model = Net()
# a training-mode step updates the BatchNorm running statistics
model(torch.randn(8, 4))
state = model.state_dict()  # parameters and persistent buffers, by name
print(type(state).__name__)
# > OrderedDict
for name, tensor in state.items():
    print(f"{name:22} {tuple(tensor.shape)}")
    # > fc.weight              (2, 4)
    # > fc.bias                (2,)
    # > bn.weight              (2,)
    # > bn.bias                (2,)
    # > bn.running_mean        (2,)
    # > bn.running_var         (2,)
    # > bn.num_batches_tracked ()
torch.save(state, "model.pt")

restored = Net()  # the code rebuilds the architecture...
# ...the file fills in the tensors
print(restored.load_state_dict(torch.load("model.pt", map_location="cpu")))
# > <All keys matched successfully>
x = torch.randn(3, 4)
model.eval()
restored.eval()  # before inference: BatchNorm uses the running statistics
print(torch.equal(model(x), restored(x)))
# > True
# in train mode it normalises with the batch's own statistics instead
print(torch.equal(restored.train()(x), model(x)))
# > False
