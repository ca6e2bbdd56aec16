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
    # pickles the tensors plus a reference "__main__.Net", not the class's code
    torch.save(model, "whole.pt")
    torch.save(model.state_dict(), "weights.pt")  # only names and tensors

    try:
        # weights_only=True (the default) refuses to import a class
        torch.load("whole.pt")
    except pickle.UnpicklingError as e:
        print(
            [
                line.strip()
                for line in str(e).splitlines()
                if "WeightsUnpickler" in line
            ][0].split(" Please")[0]
        )
        # > WeightsUnpickler error: Unsupported global: GLOBAL __main__.Net was not an allowed global by default.

    # a refactor renames the class (moving it to another module does the same)
    Classifier = Net
    del Net
    try:
        # trusted file, but the reference no longer resolves
        torch.load("whole.pt", weights_only=False)
    except AttributeError as e:
        print(str(e).split(" on ")[0])
        # > Can't get attribute 'Net'

    # the state_dict does not care
    print(Classifier().load_state_dict(torch.load("weights.pt")))
    # > <All keys matched successfully>
