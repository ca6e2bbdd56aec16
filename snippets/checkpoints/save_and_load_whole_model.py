import pickle

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)


if __name__ == "__main__":
    model = Net()
    torch.save(model, "whole.pt")  # pickles the tensors plus a reference "__main__.Net", not the class's code
    torch.save(model.state_dict(), "weights.pt")  # only names and tensors

    try:
        torch.load("whole.pt")  # weights_only=True (the default) refuses to import a class
    except pickle.UnpicklingError as e:
        print([line.strip() for line in str(e).splitlines() if "WeightsUnpickler" in line][0].split(" Please")[0])
        # > WeightsUnpickler error: Unsupported global: GLOBAL __main__.Net was not an allowed global by default.

    Classifier = Net  # a refactor renames the class (moving it to another module does the same)
    del Net
    try:
        torch.load("whole.pt", weights_only=False)  # trusted file, but the reference no longer resolves
    except AttributeError as e:
        print(str(e).split(" on ")[0])
        # > Can't get attribute 'Net'

    print(Classifier().load_state_dict(torch.load("weights.pt")))  # the state_dict does not care
    # > <All keys matched successfully>
