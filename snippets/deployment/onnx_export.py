import inspect
import os
import tempfile
import warnings

import onnxruntime as ort
import torch
import torch.nn as nn
from torch.export import Dim

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)).eval()
x = torch.randn(3, 4)
# keyed by forward()'s argument name; Sequential's is "input"
dynamic = {"input": {0: Dim("batch")}}

parameters = inspect.signature(torch.onnx.export).parameters
print("dynamo default:", parameters["dynamo"].default)
# > dynamo default: True
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # dynamo=True is the default: torch.export, then onnxscript translates the graph
    onnx_program = torch.onnx.export(model, (x,), dynamic_shapes=dynamic, verbose=False)
tmp = tempfile.mkdtemp()
onnx_program.save(os.path.join(tmp, "model.onnx"))
# the one warning: torch 2.13's own run_decompositions, not your code or onnxscript
for w in caught:
    print(w.category.__name__, str(w.message).split(", use")[0])
    # > FutureWarning `isinstance(treespec, LeafSpec)` is deprecated

session = ort.InferenceSession(
    os.path.join(tmp, "model.onnx")
)  # ONNX Runtime: no torch needed here
(inp,) = session.get_inputs()
print(inp.name, inp.shape)  # the Dim's name became a symbolic ONNX dimension
# > input ['batch', 4]
batch = torch.randn(5, 4)  # a batch size the export never saw
(out,) = session.run(None, {inp.name: batch.numpy()})
with torch.no_grad():
    print(
        "same as PyTorch:",
        torch.allclose(torch.from_numpy(out), model(batch), atol=1e-5),
    )
    # > same as PyTorch: True

# The old TorchScript-based exporter, with old tutorials' dynamic_axes=:
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.onnx.export(
        model,
        (x,),
        os.path.join(tmp, "legacy.onnx"),
        dynamo=False,
        input_names=["x"],
        dynamic_axes={"x": {0: "batch"}},
    )
print(caught[0].category.__name__, str(caught[0].message).split(". ")[0])
# > DeprecationWarning You are using the legacy TorchScript-based ONNX export
