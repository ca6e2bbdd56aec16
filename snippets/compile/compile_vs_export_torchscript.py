import io
import textwrap
import warnings
from pathlib import Path

import torch

torch.manual_seed(0)
net = torch.nn.Linear(4, 2)
buffer = io.BytesIO()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    scripted = torch.jit.script(net)
    traced = torch.jit.trace(net, torch.randn(1, 4))  # a module: trace_method too
    torch.jit.save(scripted, buffer)
    buffer.seek(0)
    torch.jit.load(buffer)
print({w.category.__name__ for w in caught})
# > {'DeprecationWarning'}
# script, trace, save and load all warn in 2.13
for name in dict.fromkeys(str(w.message).split(" is ")[0] for w in caught):
    print(name)
    # > `torch.jit.script`
    # > `torch.jit.trace`
    # > `torch.jit.trace_method`
    # > `torch.jit.save`
    # > `torch.jit.load`
print(textwrap.fill(str(caught[0].message), 80))
# > `torch.jit.script` is deprecated. Please switch to `torch.compile` or
# > `torch.export`.
# each is attributed to torch's own file, not to the caller, so Python's default
# filters (DeprecationWarning shown only for code in __main__) hide them all
print(sorted({"/".join(Path(w.filename).parts[-3:]) for w in caught}))
# > ['torch/jit/_script.py', 'torch/jit/_serialization.py', 'torch/jit/_trace.py']
print(any(w.filename == __file__ for w in caught))
# > False
