import torch
import torch.nn as nn

torch.manual_seed(0)
width, depth, n = 256, 4, 2  # 4 linear layers over n = 2 ranks
model = nn.Sequential(*[nn.Linear(width, width) for _ in range(depth)])
params = sum(p.numel() for p in model.parameters())

for batch in (32, 4096):
    acts = [torch.randn(batch, width)]
    with torch.no_grad():
        for layer in model:
            acts.append(layer(acts[-1]))
    # (fraction of the parameters a rank holds, elements it sends per step)
    plans = {
        # whole model on each rank, half the batch: all-reduce of the gradients
        "data": (1.0, params),
        # half the layers: rank 0 sends the boundary activation, rank 1 its gradient
        "pipeline": (1 / n, acts[depth // n].numel()),
        # half of each layer: every 2nd layer's output all-reduced, fwd and bwd
        "tensor": (1 / n, 2 * (depth // 2) * acts[-1].numel()),
    }
    for name, (held, sent) in plans.items():
        print(f"batch {batch:4d} {name:8s} holds {held:.1f}, sends {sent:7d}")
        # > batch   32 data     holds 1.0, sends  263168
        # > batch   32 pipeline holds 0.5, sends    8192
        # > batch   32 tensor   holds 0.5, sends   32768
        # > batch 4096 data     holds 1.0, sends  263168
        # > batch 4096 pipeline holds 0.5, sends 1048576
        # > batch 4096 tensor   holds 0.5, sends 4194304
