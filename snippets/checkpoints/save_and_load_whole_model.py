import pickle
import textwrap

import torch
import torch.nn.functional as F
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
        self.act = F.relu  # a function kept as an attribute is pickled by name too

    def forward(self, x):
        return self.act(self.fc(x))


if __name__ == "__main__":
    torch.manual_seed(0)
    model = Net()
    # pickles the tensors plus a reference "__main__.Net", not the class's code
    torch.save(model, "whole.pt")
    torch.save(model.state_dict(), "weights.pt")  # only names and tensors

    try:
        # weights_only=True (the default) refuses to import a class
        torch.load("whole.pt")
    except pickle.UnpicklingError as e:
        line = [s for s in str(e).splitlines() if "WeightsUnpickler" in s][0]
        print(textwrap.fill(line.split(" error: ")[1].split(" Please")[0], 76))
        # > Unsupported global: GLOBAL __main__.Net was not an allowed global by
        # > default.

    # the globals the file names that are not allowlisted (torch's tensor-rebuild
    # functions are): your class, torch's layer classes, the function
    print(sorted(torch.serialization.get_unsafe_globals_in_checkpoint("whole.pt")))
    # > ['__main__.Net', 'torch.nn.functional.relu', 'torch.nn.modules.linear.Linear']
    # allowlisted, it loads with weights_only=True
    with torch.serialization.safe_globals([Net, nn.Linear, F.relu]):
        print(type(torch.load("whole.pt")).__name__)
        # > Net

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
