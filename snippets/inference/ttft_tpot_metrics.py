from itertools import pairwise

# A simulated engine, deterministic costs in ms (not measured): prefill is
# compute-bound (time per prompt token), a decode step memory-bound (a fixed cost
# to read the weights, plus a little per sequence in the batch).
PROMPT, OUTPUT = 200, 100  # tokens per request


def prefill_ms(batch):
    return 0.1 * PROMPT * batch


def step_ms(batch):
    return 20 + 0.5 * batch


def timeline(batch, stall_at=None, stall_ms=0.0):
    """Times (ms from the request's arrival) at which each output token reaches
    the client: the first from the prefill, then one per decode step."""
    t = prefill_ms(batch)
    times = [t]
    for step in range(1, OUTPUT):
        if step == stall_at:  # another request's prefill runs between two steps
            t += stall_ms
        t += step_ms(batch)
        times.append(t)
    return times


def metrics(times):  # the definitions of vLLM's benchmark (calculate_metrics)
    ttft = times[0]
    e2e = times[-1]
    tpot = (e2e - ttft) / (len(times) - 1)  # the first token excluded
    itl = [b - a for a, b in pairwise(times)]  # every gap, one per token
    return ttft, tpot, e2e, itl


print("batch  TTFT  TPOT   E2E  tok/s (all users)  tok/s (one user)")
# > batch  TTFT  TPOT   E2E  tok/s (all users)  tok/s (one user)
for batch in (1, 8, 32, 64):
    ttft, tpot, e2e, _ = metrics(timeline(batch))
    throughput = batch * OUTPUT / e2e * 1000  # output tokens / duration
    print(
        f"{batch:5} {ttft:5.0f} {tpot:5.1f} {e2e:5.0f} {throughput:18.0f}"
        f" {1000 / tpot:17.1f}"
    )
    # >     1    20  20.5  2050                 49              48.8
    # >     8   160  24.0  2536                315              41.7
    # >    32   640  36.0  4204                761              27.8
    # >    64  1280  52.0  6428                996              19.2

ttft, tpot, e2e, itl = metrics(timeline(8))
print(round(tpot, 2), round(e2e / OUTPUT, 2))  # TPOT is not e2e / tokens
# > 24.0 25.36
# one 400 ms stall: TPOT moves by 4 ms, the worst gap by 400 ms
_, tpot_s, _, itl_s = metrics(timeline(8, stall_at=50, stall_ms=400))
print(round(tpot_s - tpot, 2), max(itl), max(itl_s))
# > 4.04 24.0 424.0
