import torch
import torch.nn as nn
from torch.export import Dim, export

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3)).eval()
example = (torch.randn(2, 8),)

# One capture step feeds every modern path: AOTInductor, ExecuTorch, ONNX (dynamo=True)
# all start from this.
ep = export(model, example, dynamic_shapes=({0: Dim("batch")},))
print([str(n.target) for n in ep.graph.nodes if n.op == "call_function"])
# > ['aten.linear.default', 'aten.relu.default', 'aten.linear.default']

# a plain callable nn.Module (a GraphModule), no Python model class needed
runner = ep.module()
x = torch.randn(5, 8)  # a batch size the export never saw
with torch.inference_mode():
    print(runner(x).shape, torch.allclose(runner(x), model(x)))
    # > torch.Size([5, 3]) True

# Next step per target (not run here: they compile C++ or need extra packages):
#   server, no Python:  torch._inductor.aoti_compile_and_package(ep) -> model.pt2, load
# in C++ or Python
#   phone / MCU:        executorch.exir.to_edge_transform_and_lower(ep).to_executorch()
# -> model.pte
#   other runtimes:     torch.onnx.export(model, example, dynamo=True) -> model.onnx
