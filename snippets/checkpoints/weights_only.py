import argparse
import pickle
import textwrap

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
    lines = [line.strip() for line in str(e).splitlines()]
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

# NumPy values are classes too: a metric returned as np.float64, an array
torch.save({"best_acc": np.float64(0.91), "confusion": np.eye(2)}, "metrics.pt")
needs = torch.serialization.get_unsafe_globals_in_checkpoint("metrics.pt")
print(textwrap.fill(str(sorted(needs)), 80))
# > ['numpy._core.multiarray._reconstruct', 'numpy._core.multiarray.scalar',
# > 'numpy.dtype', 'numpy.ndarray']
torch.save({"best_acc": 0.91, "confusion": torch.eye(2)}, "metrics.pt")  # converted
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
