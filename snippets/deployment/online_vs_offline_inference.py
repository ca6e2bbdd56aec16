import math
import random
from collections import OrderedDict

random.seed(0)
PROMPT, OUT = 500, 200  # tokens per request


def step_ms(batch, prefill_tokens):  # made-up, deterministic costs of one engine step
    return 20 + 0.25 * batch + 0.05 * prefill_tokens


def serve(arrivals, max_batch):
    """One replica, continuous batching: waiting requests join at every step (their
    prefill runs in that step), finished ones leave. Returns TTFT, TPOT and the
    end time, in ms."""
    t, i, waiting, running, ttft, tpot = 0.0, 0, [], [], [], []
    while i < len(arrivals) or waiting or running:
        while i < len(arrivals) and arrivals[i] <= t:
            waiting.append(arrivals[i])
            i += 1
        if not waiting and not running:
            t = arrivals[i]  # idle until the next request
            continue
        free = max_batch - len(running)
        admit, waiting = waiting[:free], waiting[free:]
        t += step_ms(len(running) + len(admit), PROMPT * len(admit))
        running += [[t, 1] for _ in admit]  # first token at the end of this step
        ttft += [t - a for a in admit]
        for r in running:
            r[1] += r[0] != t  # one more token for everyone already running
        tpot += [(t - r[0]) / (OUT - 1) for r in running if r[1] == OUT]
        running = [r for r in running if r[1] < OUT]
    return ttft, tpot, t


def p99(xs):
    return sorted(xs)[int(0.99 * (len(xs) - 1))]


# Offline: 2000 requests known up front, one big batch; only throughput counts
_, _, end = serve([0.0] * 2000, max_batch=256)
print(
    f"offline: {2000 * OUT / end * 1000:.0f} tokens/s = {2000 / end * 1000:.1f} req/s"
)
# > offline: 2198 tokens/s = 11.0 req/s

# Online: Poisson arrivals; the latency target (p99 TPOT <= 50 ms) caps the load
meets = []
for rate in (4, 6, 8, 10):  # requests per second
    t, arrivals = 0.0, []
    for _ in range(2000):
        t += random.expovariate(rate / 1000)
        arrivals.append(t)
    ttft, tpot, _ = serve(arrivals, max_batch=128)
    print(
        f"{rate:2d} req/s: p99 TTFT {p99(ttft):6.0f} ms, p99 TPOT {p99(tpot):4.1f} ms"
    )
    # >  4 req/s: p99 TTFT    123 ms, p99 TPOT 32.1 ms
    # >  6 req/s: p99 TTFT    144 ms, p99 TPOT 43.7 ms
    # >  8 req/s: p99 TTFT    200 ms, p99 TPOT 61.6 ms
    # > 10 req/s: p99 TTFT  14587 ms, p99 TPOT 68.0 ms
    if p99(tpot) <= 50:
        meets.append(rate)
peak = 50  # requests per second to plan for
online, offline = math.ceil(peak / max(meets)), math.ceil(peak / (2000 / end * 1000))
print(
    f"replicas for {peak} req/s: {online} online at the target, {offline} by throughput"
)
# > replicas for 50 req/s: 9 online at the target, 5 by throughput


# Routing with prefix caching: 200 chat sessions over 4 replicas, each replica's
# prefix cache holds 60 sessions (LRU). Round robin scatters a session's turns;
# hashing the session id keeps its cached prefix on one replica.
def hit_rate(route):
    caches = [OrderedDict() for _ in range(4)]
    hits = 0
    for turn in range(20000):
        session = random.randrange(200)
        cache = caches[route(turn, session)]
        hits += session in cache
        cache[session] = True
        cache.move_to_end(session)
        if len(cache) > 60:
            cache.popitem(last=False)
    return hits / 20000


print(f"round robin {hit_rate(lambda turn, s: turn % 4):.0%}")
# > round robin 30%
print(f"by session  {hit_rate(lambda turn, s: s % 4):.0%}")
# > by session  99%
