import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()  # creates the registries: _parameters, _buffers, _modules
        self.fc = nn.Linear(3, 2)  # a Module attribute: registered as a submodule
        # a Parameter attribute: registered as a parameter
        self.scale = nn.Parameter(torch.ones(2))
        # a Buffer attribute: registered as a buffer (torch 2.5+)
        self.shift = nn.Buffer(torch.zeros(2))
        self.offset = torch.zeros(2)  # a plain tensor: NOT registered

    def forward(self, x):
        return self.fc(x) * self.scale + self.shift + self.offset


class PlainNet:  # the same layers in a plain Python class
    def __init__(self):
        self.fc = nn.Linear(3, 2)
        self.scale = nn.Parameter(torch.ones(2))


net = Net()
# where __setattr__ put each attribute; offset is in none of them
print(list(net._parameters), list(net._buffers), list(net._modules))
# > ['scale'] ['shift'] ['fc']
print([name for name, _ in net.named_parameters()])
# > ['scale', 'fc.weight', 'fc.bias']
print(list(net.state_dict()))
# > ['scale', 'shift', 'fc.weight', 'fc.bias']
net.to(torch.float64)  # casts every registered parameter and buffer, recursively
print(net.fc.weight.dtype, net.shift.dtype, net.offset.dtype)
# > torch.float64 torch.float64 torch.float32
# net(x) runs __call__: hooks, then forward
print(net(torch.ones(1, 3, dtype=torch.float64)).shape)
# > torch.Size([1, 2])

plain = PlainNet()
# nothing to hand to an optimizer, no .to(), no state_dict()
print(hasattr(plain, "parameters"), hasattr(plain, "state_dict"))
# > False False


class NoSuper(nn.Module):
    def __init__(self):
        self.fc = nn.Linear(3, 2)  # forgot super().__init__()


try:
    NoSuper()
except AttributeError as e:
    print(e)
    # > cannot assign module before Module.__init__() call
