import os
import pickle
import tempfile
import textwrap
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

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "net.ts")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.script(model)  # all four still work in 2.13, and all four warn
        torch.jit.save(torch.jit.trace(model, x), path)
        torch.jit.load(path)
    for w in caught:
        if "trace_method" not in str(w.message):  # trace() also warns for its helper
            # the file a warning is attributed to: torch's own, not this script, so
            # Python's default filters (which show DeprecationWarning only for
            # __main__) hide it; simplefilter("always") above is what shows it here
            where = os.path.basename(w.filename)
            print(w.category.__name__, str(w.message).split(" is deprecated")[0], where)
            # > DeprecationWarning `torch.jit.script` _script.py
            # > DeprecationWarning `torch.jit.trace` _trace.py
            # > DeprecationWarning `torch.jit.save` _serialization.py
            # > DeprecationWarning `torch.jit.load` _serialization.py

    # a whole module pickled (here Net's Linear): a reference to its class, no code
    torch.save(model.fc, os.path.join(tmp, "model.pt"))
    try:
        torch.load(os.path.join(tmp, "model.pt"))  # weights_only=True by default
    except pickle.UnpicklingError as e:
        print(str(e).split(". ")[0])
        # > Weights only load failed
        since = str(e)[str(e).index("In PyTorch") :].split(". Re-running")[0]
        print(textwrap.fill(since, 72))
        # > In PyTorch 2.6, we changed the default value of the `weights_only`
        # > argument in `torch.load` from `False` to `True`

    ep = torch.export.export(model, (x,))  # the graph of aten ops + the weights
    path = os.path.join(tmp, "net.pt2")
    torch.export.save(ep, path)
    expected = model(x)
    del Net, model  # the Python class is gone
    loaded = torch.export.load(path)
    print(type(loaded).__name__, torch.allclose(loaded.module()(x), expected))
    # > ExportedProgram True
