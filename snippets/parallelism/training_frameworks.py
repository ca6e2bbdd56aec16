# A toy automatic-parallelism search: enumerate every (dp, tp, pp) for 64 A100s
# (8 nodes of 8), drop the plans that do not fit, rank the rest by a cost model.
L, h, s, batch, gpus = 48, 6144, 2048, 512, 64  # a 21.7B model, 512 sequences
P = 12 * L * h * h
nvlink, net = 300e9, 50e9  # bytes/s per GPU inside a node, across nodes


def cost(dp, tp, pp):
    m = batch // dp  # micro-batches of 1 sequence per pipeline
    mem = (4 + 12 / dp) * P / (tp * pp) + 2 * s * h * L / pp * min(m, pp)
    if L % pp or mem > 56e9:
        return None  # layers do not split evenly, or state + activations > 70 %
    compute = 8 * P * s * batch / (gpus * 312e12 * 0.5)
    bubble = (pp - 1) / (m + pp - 1)
    # 6 all-reduces of s x h bf16 per layer and micro-batch (fwd, recompute, bwd)
    tp_bw = nvlink if tp <= 8 else net
    t_tp = L / pp * m * 6 * 2 * (tp - 1) / tp * 2 * s * h / tp_bw
    t_dp = 2 * (dp - 1) / dp * 2 * P / (tp * pp) / net  # gradients, not overlapped
    return compute / (1 - bubble) + t_tp + t_dp


plans = []
for tp in (1, 2, 4, 8, 16):
    for pp in (1, 2, 4, 8, 16):
        if gpus % (tp * pp) == 0 and (t := cost(gpus // (tp * pp), tp, pp)):
            plans.append((t, gpus // (tp * pp), tp, pp))
plans.sort()
print(len(plans), "plans fit")
# > 21 plans fit
for t, dp, tp, pp in plans[:3] + plans[-1:]:
    print(f"dp {dp:2d} tp {tp:2d} pp {pp:2d}: {t:5.1f} s per step")
    # > dp 32 tp  2 pp  1:  19.5 s per step
    # > dp 16 tp  2 pp  2:  19.6 s per step
    # > dp  8 tp  2 pp  4:  19.7 s per step
    # > dp  1 tp 16 pp  4:  53.2 s per step
print(f"rule of thumb, tp 8 in the node: {cost(8, 8, 1):5.1f} s")
# > rule of thumb, tp 8 in the node:  21.2 s
print("pure DDP fits:", cost(64, 1, 1) is not None)
# > pure DDP fits: False
