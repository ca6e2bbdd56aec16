import importlib.util
import inspect
import warnings

import torch
import torch.nn as nn
from torch.export import Dim

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)).eval()
x = torch.randn(3, 4)
# keyed by forward()'s argument name; Sequential's is "input"
dynamic = {"input": {0: Dim("batch")}}

print(
    "dynamo default:", inspect.signature(torch.onnx.export).parameters["dynamo"].default
)
# > dynamo default: True
print("onnxscript installed:", importlib.util.find_spec("onnxscript") is not None)
# > onnxscript installed: False

# Step 1 of the dynamo exporter is torch.export: if this fails, the ONNX export fails
# the same way.
ep = torch.export.export(model, (x,), dynamic_shapes=dynamic)
print(type(ep).__name__)
# > ExportedProgram

# Step 2 translates the exported graph to ONNX with onnxscript (pip install onnx
# onnxscript).
try:
    onnx_program = torch.onnx.export(model, (x,), dynamic_shapes=dynamic, dynamo=True)
    onnx_program.save("model.onnx")
except ImportError as e:
    print(type(e).__name__, e)
    # > ModuleNotFoundError No module named 'onnxscript'

# The old TorchScript-based exporter is the deprecated path:
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        torch.onnx.export(model, (x,), "legacy.onnx", dynamo=False)
    except Exception as e:  # here the onnx package is missing as well
        print(type(e).__name__, e)
        # > OnnxExporterError Module onnx is not installed!
print(caught[0].category.__name__, str(caught[0].message).split(". ")[0])
# > DeprecationWarning You are using the legacy TorchScript-based ONNX export
