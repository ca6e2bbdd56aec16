import math

# 100B: 80 layers, h 10240 (12 L h^2 weights per layer stack); 1024 A100 80GB
L, h, s = 80, 10240, 2048
P = 12 * L * h * h
gpus, tp, pp = 1024, 8, 4  # tp inside the 8-GPU node, 4 stages across nodes
dp = gpus // (tp * pp)
print(f"{P / 1e9:.1f}B params, dp {dp}, model state {16 * P / 1e12:.1f} TB")
# > 100.7B params, dp 32, model state 1.6 TB

shard = P / (tp * pp)  # parameters per GPU
state = (2 + 2) * shard + 12 * shard / dp  # bf16 w + g, ZeRO-1 over dp
print(f"per GPU: {state / 1e9:.1f} GB of model state")
# > per GPU: 13.8 GB of model state

tokens_per_step, total_tokens = 2048 * s, 300e9  # 4M-token batch, 300B tokens
m = 2048 // dp  # micro-batches of 1 sequence per pipeline
print(f"bubble {(pp - 1) / (m + pp - 1):.1%} with {m} micro-batches")
# > bubble 4.5% with 64 micro-batches
flops = 8 * P * tokens_per_step  # 6PT, plus a forward again for recompute
for hfu in (1.0, 0.4):  # hardware FLOPs utilization: recompute counted
    step = flops / (gpus * 312e12 * hfu)
    days = total_tokens / tokens_per_step * step / 86400
    mfu = hfu * 6 / 8  # MFU counts only the model's 6PT
    print(f"HFU {hfu:.0%} (MFU {mfu:.0%}): {step:4.1f} s per step, {days:4.1f} days")
    # > HFU 100% (MFU 75%): 10.6 s per step,  8.8 days
    # > HFU 40% (MFU 30%): 26.4 s per step, 21.9 days

# failures: Llama 3 saw 419 unexpected interruptions in 54 days on 16384 H100s;
# assume the rate scales with the GPU count
mtbf = 54 * 24 * 3600 * 16384 / 419 / gpus  # seconds, scaled to 1024 GPUs
# a checkpoint holds no gradients: bf16 weights, fp32 master, m and v (14 B/param)
write = 14 * P / 100e9  # to storage at 100 GB/s in aggregate
young = math.sqrt(2 * write * mtbf)  # Young (1974): optimum interval
print(f"MTBF {mtbf / 3600:.0f} h, save {write:.0f} s, Young {young / 60:.0f} min")
# > MTBF 49 h, save 14 s, Young 37 min
for T in (600, young, 4 * 3600):
    waste = write / T + T / (2 * mtbf)  # saving + work lost per failure
    print(f"  every {T / 60:4.0f} min: {waste:.2%} of the time lost")
    # >   every   10 min: 2.52% of the time lost
    # >   every   37 min: 1.26% of the time lost
    # >   every  240 min: 4.14% of the time lost
