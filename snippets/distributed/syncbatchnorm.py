import torch
import torch.distributed as dist
import torch.nn as nn

torch.manual_seed(0)
# the global batch; under DDP rank 0 gets rows 0-3, rank 1 rows 4-7
batch = torch.randn(8, 3) * 2 + 1

full = nn.BatchNorm1d(3)
per_rank = [nn.BatchNorm1d(3), nn.BatchNorm1d(3)]
y_full = full(batch)
y_split = torch.cat(
    [bn(half) for bn, half in zip(per_rank, batch.chunk(2), strict=True)]
)
print("local stats == global stats:", torch.allclose(y_split, y_full, atol=1e-5))
# > local stats == global stats: False
print(
    "rank 0 running_mean == global:",
    torch.allclose(per_rank[0].running_mean, full.running_mean),
)
# > rank 0 running_mean == global: False

model = nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1d(3))
model = nn.SyncBatchNorm.convert_sync_batchnorm(model)  # before wrapping in DDP
print(model[1])
# > SyncBatchNorm(3, eps=1e-05, momentum=0.1, affine=True, bias=True, track_running_stats=True)

# SyncBatchNorm all-reduces the statistics across ranks, but only for GPU (and XPU)
# tensors:
# a one-process group, in-process
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
try:
    model(batch)
except ValueError as e:
    print(e)
    # > SyncBatchNorm expected input tensor to be on GPU or XPU or privateuseone
finally:
    dist.destroy_process_group()
