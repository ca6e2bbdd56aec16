from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.feature_module = nn.Linear(4, 8)  # any name ending in "module" contains "module."
        self.head = nn.Linear(8, 2)


plain = Net().state_dict()  # saved without a wrapper: no prefix to strip
print([k.replace("module.", "", 1) for k in plain])  # the usual one-liner, run on every checkpoint
# > ['feature_weight', 'feature_bias', 'head.weight', 'head.bias']
print([k.removeprefix("module.") for k in plain])  # only touches a prefix
# > ['feature_module.weight', 'feature_module.bias', 'head.weight', 'head.bias']

wrapped = nn.DataParallel(Net()).state_dict()
print([k.replace("module.", "") for k in wrapped])  # the same one-liner without the count
# > ['feature_weight', 'feature_bias', 'head.weight', 'head.bias']
print([k.removeprefix("module.") for k in wrapped])
# > ['feature_module.weight', 'feature_module.bias', 'head.weight', 'head.bias']
