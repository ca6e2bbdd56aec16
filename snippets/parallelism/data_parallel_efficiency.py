import torch
import torch.distributed as dist
import torch.nn as nn

torch.manual_seed(0)
# a 300M-param encoder, built on the meta device (shapes only, no memory)
with torch.device("meta"):
    layer = nn.TransformerEncoderLayer(1024, 16, 4096)
    model = nn.TransformerEncoder(layer, 24, enable_nested_tensor=False)
params = list(model.parameters())
sizes = [p.numel() * 4 for p in params]  # fp32 gradient bytes
N, bw, lat = 8, 50e9, 30e-6  # ranks, bytes/s per rank, seconds per all-reduce


def allreduce(nbytes, calls):  # ring: 2 (N - 1) / N of the bytes, plus latency
    return calls * lat + 2 * (N - 1) / N * nbytes / bw


# DDP's own bucketing (a 1 MiB first bucket, then 25 MiB, bucket_cap_mb's
# default), on the parameters in reverse: backward produces the last first.
# (DDP's first iteration uses one bucket; it rebuilds these at the second.)
caps = [dist._DEFAULT_FIRST_BUCKET_BYTES, 25 * 2**20]
bucket_ids, _ = dist._compute_bucket_assignment_by_size(
    params[::-1], caps, [False] * len(params)
)
buckets = len(bucket_ids)
total = sum(sizes)
print(f"{sum(sizes) / 4e6:.0f}M params in {len(sizes)} tensors, {buckets} buckets")
# > 302M params in 288 tensors, 37 buckets
print(
    f"sync: {allreduce(total, len(sizes)) * 1e3:.0f} ms one tensor at a time, "
    f"{allreduce(total, buckets) * 1e3:.0f} ms bucketed, "
    f"{allreduce(total / 2, buckets) * 1e3:.0f} ms in bf16"
)
# > sync: 51 ms one tensor at a time, 43 ms bucketed, 22 ms in bf16
sync = allreduce(total, buckets)
# the last bucket holds the first layers' gradients, ready when backward ends
last = allreduce(sum(sizes[::-1][i] for i in bucket_ids[-1]), 1)

backward = 0.008  # seconds of backward per sample per GPU (forward: half)
for local, accum, overlap in ((4, 1, False), (4, 1, True), (16, 1, True), (4, 4, True)):
    bwd = backward * local * accum
    compute = 1.5 * bwd
    # overlapped: buckets all-reduce while the rest of the backward runs, but
    # never the last one; with no_sync only the last micro-batch syncs
    exposed = max(last, sync - bwd / accum) if overlap else sync
    print(
        f"batch {local:2d} x {accum}, overlap {overlap!s:5}: "
        f"{compute / (compute + exposed):.1%} of the step computes"
    )
    # > batch  4 x 1, overlap False: 52.5% of the step computes
    # > batch  4 x 1, overlap True : 80.8% of the step computes
    # > batch 16 x 1, overlap True : 99.7% of the step computes
    # > batch  4 x 4, overlap True : 94.4% of the step computes

# bf16 compression (the bf16_compress_hook) is lossy: the cast alone, before
# the all-reduce sums in bf16
g = torch.randn(1024, 4096)
err = ((g.bfloat16().float() - g).norm() / g.norm()).item()
print(f"relative error of a bf16-compressed gradient: {err:.4f}")
# > relative error of a bf16-compressed gradient: 0.0017
