import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        # any name ending in "module" contains "module."
        self.feature_module = nn.Linear(4, 8)
        self.head = nn.Linear(8, 2)


torch.manual_seed(0)
plain = Net().state_dict()  # saved without a wrapper: no prefix to strip
# the usual one-liner, run on every checkpoint
print([k.replace("module.", "", 1) for k in plain])
# > ['feature_weight', 'feature_bias', 'head.weight', 'head.bias']
print([k.removeprefix("module.") for k in plain])  # only touches a prefix
# > ['feature_module.weight', 'feature_module.bias', 'head.weight', 'head.bias']

wrapped = nn.DataParallel(Net()).state_dict()
# the same one-liner without the count
print([k.replace("module.", "") for k in wrapped])
# > ['feature_weight', 'feature_bias', 'head.weight', 'head.bias']
print([k.removeprefix("module.") for k in wrapped])
# > ['feature_module.weight', 'feature_module.bias', 'head.weight', 'head.bias']
