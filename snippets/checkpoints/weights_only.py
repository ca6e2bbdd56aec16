import argparse
import os
import pickle
import re
import textwrap
import warnings

import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 2)
# a config object saved next to the weights: very common
args = argparse.Namespace(lr=0.1, epochs=10)
torch.save({"model": model.state_dict(), "args": args}, "ckpt.pt")

try:
    torch.load("ckpt.pt")  # weights_only=True is the default
except pickle.UnpicklingError as e:
    # the message's lines, without the bold escape codes it has for a terminal
    lines = [re.sub(r"\x1b\[\d+m", "", s).strip() for s in str(e).splitlines()]
    print(textwrap.fill(lines[0], 80))
    # > Weights only load failed. This file can still be loaded, to do so you have two
    # > options, do those steps only if you trust the source of the checkpoint.
    print(textwrap.fill(lines[1].split(". Re-running")[0], 80))
    # > (1) In PyTorch 2.6, we changed the default value of the `weights_only` argument
    # > in `torch.load` from `False` to `True`
    print(textwrap.fill(lines[3].split(" Please")[0], 80))
    # > WeightsUnpickler error: Unsupported global: GLOBAL argparse.Namespace was not an
    # > allowed global by default.

# what the file would import
print(torch.serialization.get_unsafe_globals_in_checkpoint("ckpt.pt"))
# > ['argparse.Namespace']
# allow exactly these, for this block only
with torch.serialization.safe_globals([argparse.Namespace]):
    print(torch.load("ckpt.pt")["args"])
    # > Namespace(lr=0.1, epochs=10)

# better: save plain types
torch.save({"model": model.state_dict(), "args": vars(args)}, "ckpt.pt")
print(torch.load("ckpt.pt")["args"])
# > {'lr': 0.1, 'epochs': 10}

# NumPy values need NumPy's globals: a metric returned as np.float64, an array
torch.save({"best_acc": np.float64(0.91), "confusion": np.eye(2)}, "metrics.pt")
needs = torch.serialization.get_unsafe_globals_in_checkpoint("metrics.pt")
print(textwrap.fill(str(sorted(needs)), 80))
# > ['numpy._core.multiarray._reconstruct', 'numpy._core.multiarray.scalar',
# > 'numpy.dtype', 'numpy.ndarray']
# allowing exactly that list is not enough: the scan reads the pickle without
# running it, and misses the dtype class that loading builds
listed = [np._core.multiarray._reconstruct, np._core.multiarray.scalar]
listed += [np.dtype, np.ndarray]
try:
    with torch.serialization.safe_globals(listed):
        torch.load("metrics.pt")
except pickle.UnpicklingError as e:
    print(textwrap.fill([s for s in str(e).splitlines() if "but got" in s][0], 80))
    # > Can only build Tensor, Parameter, OrderedDict or types allowlisted via
    # > `add_safe_globals`, but got <class 'numpy.dtypes.Float64DType'>
with torch.serialization.safe_globals([*listed, np.dtypes.Float64DType]):
    print(repr(torch.load("metrics.pt")["best_acc"]))
    # > np.float64(0.91)
# simpler and safer: convert them before saving
torch.save({"best_acc": 0.91, "confusion": torch.eye(2)}, "metrics.pt")
print(torch.load("metrics.pt")["best_acc"])
# > 0.91


# what weights_only=True protects against: a pickle calls any function it names
class Payload:
    def __reduce__(self):
        return (sum, ([1, 2, 3],))  # an attacker would name os.system instead


torch.save(Payload(), "evil.pt")
print(torch.load("evil.pt", weights_only=False))  # sum([1, 2, 3]) ran during the load
# > 6
try:
    torch.load("evil.pt")
except pickle.UnpicklingError as e:
    line = [s for s in str(e).splitlines() if "WeightsUnpickler" in s][0]
    print(line.split(" error: ")[1].split(" Please")[0])
    # > Unsupported global: GLOBAL sum was not an allowed global by default.

# two switches that also turn the check off, with no weights_only=False in sight
print(torch.load("evil.pt", pickle_module=pickle))  # a pickle_module: default False
# > 6
os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = "1"  # every call that omits it
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.load("evil.pt"))
    # > 6
print(textwrap.fill(str(caught[0].message), 80))
# > Environment variable TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD detected, since
# > the`weights_only` argument was not explicitly passed to `torch.load`, forcing
# > weights_only=False.

# and the reverse switch: TORCH_FORCE_WEIGHTS_ONLY_LOAD=1 forces the check on every
# call, even one that passes weights_only=False (audit old code with it)
del os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"]
os.environ["TORCH_FORCE_WEIGHTS_ONLY_LOAD"] = "1"
try:
    torch.load("evil.pt", weights_only=False)
except pickle.UnpicklingError as e:
    print(str(e).split(".")[0])
    # > Weights only load failed
