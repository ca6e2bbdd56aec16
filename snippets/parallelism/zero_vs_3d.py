# GPT-3 175B (Brown et al. 2020, Table 2.1): 96 layers, h 12288, 96 heads,
# 2048 tokens, a 3.2M-token batch: 1536 sequences (Narayanan et al.'s batch).
# 1024 GPUs, 8 per node, bf16. Link speed and utilization are assumptions.
P, L, h, a, s, batch, gpus = 175e9, 96, 12288, 96, 2048, 1536, 1024
GB = 1e9

# 1. ZeRO alone is data parallelism: each rank needs at least 1 sequence
print("most ranks ZeRO alone can use:", batch)
# > most ranks ZeRO alone can use: 1536

# 2. cross-node bytes per GPU for one sequence. ZeRO-3 all-gathers the bf16
# weights before forward and again before backward, and reduce-scatters the
# gradients: ~3 x 2P bytes per micro-batch, whatever the number of GPUs.
zero3 = 3 * 2 * P
nic = 50 * GB  # one 400 Gb/s link per GPU
flops = 6 * P * s / (312e12 * 0.5)  # A100 bf16 peak at 50 % utilization
print(
    f"ZeRO-3: {zero3 / GB:.0f} GB, {zero3 / nic:.0f} s on the wire, "
    f"{flops:.0f} s of compute"
)
# > ZeRO-3: 1050 GB, 21 s on the wire, 14 s of compute
# 3D, tp 8 inside the node, pp 8, dp 16: the dp all-reduce of the gradients
# of a 1/64 slice, once per step (ring: 2 x size), leaves the node, and so do
# the pipeline's sends: per micro-batch one s x h activation forward and one
# gradient back, each GPU sending its 1/tp (Narayanan et al. 2021, scatter/gather)
tp_, pp_, dp_ = 8, 8, gpus // 64
three_d = 2 * 2 * P / (tp_ * pp_) * (dp_ - 1) / dp_
pipe = batch // dp_ * 2 * (2 * s * h) / tp_
print(f"3D, per step: grads {three_d / GB:.1f} GB, pipeline {pipe / GB:.1f} GB")
# > 3D, per step: grads 10.3 GB, pipeline 1.2 GB
print(f"on the wire: {(three_d + pipe) / nic:.2f} s")
# > on the wire: 0.23 s

# 3. activations, which ZeRO does not shard: sbh(34 + 5as/h) bytes per layer
# for 1 sequence, no parallelism, 16-bit activations (Korthikanti et al. 2022)
act = s * h * (34 + 5 * a * s / h) * L
print(f"activations, 1 sequence: {act / GB:.0f} GB per GPU")
# > activations, 1 sequence: 275 GB per GPU
ckpt = 2 * s * h * L  # checkpointing keeps each layer's bf16 input only
print(f"with full activation checkpointing: {ckpt / GB:.1f} GB")
# > with full activation checkpointing: 4.8 GB
