import collections
import datetime
import pickle
import textwrap

import numpy as np
import torch

candidates = {
    "tensors, int, float, str": [torch.ones(2), 3, 0.5, "adamw"],
    "None, bool, bytes, complex": [None, True, b"x", 1j],
    "list, tuple, dict, set": [[1], (2,), {"a": 3}, {4}],
    "OrderedDict, Counter": [collections.OrderedDict(a=1), collections.Counter("ab")],
    "torch.Size, dtype, device": [torch.Size([2]), torch.float16, torch.device("cpu")],
    "defaultdict": collections.defaultdict(list, loss=[0.5]),
    "frozenset": frozenset({1}),
    "range": range(3),
    "datetime": datetime.date(2025, 1, 1),
    "np.float64": np.float64(0.5),
    "np.ndarray": np.zeros(2),
    "np.random.get_state()": np.random.get_state(),  # the legacy tuple form
}
for name, value in candidates.items():
    torch.save({"entry": value}, "entry.pt")
    try:
        torch.load("entry.pt")  # weights_only=True
        print(f"{name:26} loads")
        # > tensors, int, float, str   loads
        # > None, bool, bytes, complex loads
        # > list, tuple, dict, set     loads
        # > OrderedDict, Counter       loads
        # > torch.Size, dtype, device  loads
    except pickle.UnpicklingError:
        # what the file names; for NumPy values the scan misses the dtype class
        needs = torch.serialization.get_unsafe_globals_in_checkpoint("entry.pt")
        line = f"{name:26} refused: {', '.join(sorted(needs))}"
        print(textwrap.fill(line, 76, subsequent_indent=" " * 27))
        # > defaultdict                refused: builtins.list, collections.defaultdict
        # > frozenset                  refused: builtins.frozenset
        # > range                      refused: builtins.range
        # > datetime                   refused: datetime.date
        # > np.float64                 refused: numpy._core.multiarray.scalar,
        # >                            numpy.dtype
        # > np.ndarray                 refused: numpy._core.multiarray._reconstruct,
        # >                            numpy.dtype, numpy.ndarray
        # > np.random.get_state()      refused: numpy._core.multiarray._reconstruct,
        # >                            numpy.dtype, numpy.ndarray

# A scheduler's state_dict holds numbers, not code: LambdaLR stores a lambda (or any
# plain function) as None, so the resumed run passes the same function again.
opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda epoch: 0.5**epoch)
print(sched.state_dict()["lr_lambdas"])
# > [None]


# A callable object fares little better: only its attributes are saved, and
# load_state_dict copies them into the object the new scheduler was built with.
class Decay:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, epoch):
        return self.factor**epoch


sched = torch.optim.lr_scheduler.LambdaLR(opt, Decay(0.5))
print(sched.state_dict()["lr_lambdas"])
# > [{'factor': 0.5}]
