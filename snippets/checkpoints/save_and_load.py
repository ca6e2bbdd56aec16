import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
        self.bn = nn.BatchNorm1d(2)

    def forward(self, x):
        return self.bn(self.fc(x))


model = Net()
# a training-mode step updates the BatchNorm running statistics
model(torch.randn(8, 4))
state = model.state_dict()  # parameters and buffers, by name
print(list(state))
# > ['fc.weight', 'fc.bias', 'bn.weight', 'bn.bias', 'bn.running_mean', 'bn.running_var', 'bn.num_batches_tracked']
torch.save(state, "model.pt")

restored = Net()  # the code rebuilds the architecture...
# ...the file fills in the tensors
print(restored.load_state_dict(torch.load("model.pt", map_location="cpu")))
# > <All keys matched successfully>
model.eval()
restored.eval()  # before inference: dropout off, BatchNorm uses the running statistics
x = torch.randn(3, 4)
print(torch.equal(model(x), restored(x)))
# > True
