import math

import torch

# 1. the load: a billion queries a day, with a peak three times the mean
qps_mean = 1e9 / 86_400
qps_peak = 3 * qps_mean
print(round(qps_mean), round(qps_peak))
# > 11574 34722

# 2. replicas: one replica serves batches of 32 in 12 ms (made-up, measure yours)
batch, batch_s = 32, 0.012
per_replica = batch / batch_s  # requests per second at full batches
utilization = 0.6  # headroom for bursts, failures, deploys
replicas = math.ceil(qps_peak / (per_replica * utilization))
print(round(per_replica), replicas)
# > 2667 22
# sized by the mean instead: even run flat out, those replicas miss part of the peak
by_mean = math.ceil(qps_mean / (per_replica * utilization))
print(by_mean, round(1 - by_mean * per_replica / qps_peak, 2))
# > 8 0.39

# 3. Little's law: requests in flight = arrival rate x time in the system.
# The time comes out of the sizing: a replica gets 1/22 of the peak, and a request
# waits for the rest of its batch to arrive, then 12 ms
rate = qps_peak / replicas
print(round(rate), "per second; busy", round(rate * batch_s / batch, 2))
# > 1578 per second; busy 0.59


def time_in_system(rate):  # mean: a batch's last request waits 0 gaps, its first 31
    return (batch - 1) / rate / 2 + batch_s


mean = time_in_system(rate)
print(round(1000 * mean, 1), round(1000 * (2 * mean - batch_s), 1))  # mean, first (ms)
# > 21.8 31.6
print(round(rate * mean, 1), round(qps_peak * mean))  # in flight: a replica, the fleet
# > 34.4 758
# random (Poisson) arrivals instead of evenly spaced ones, simulated: same mean, and a
# tail beyond the evenly spaced worst case (31.6 ms)
torch.manual_seed(0)
gaps = torch.empty(batch * 5_000, dtype=torch.float64).exponential_(rate)
arrivals = gaps.cumsum(0).view(-1, batch)  # one row per batch of 32
done, free_at = [], 0.0
for full_at in arrivals[:, -1].tolist():  # a batch starts full, on a free replica
    free_at = max(full_at, free_at) + batch_s
    done.append(free_at)
times = torch.tensor(done, dtype=torch.float64).unsqueeze(1) - arrivals
p99 = times.quantile(0.99).item()
print(round(1000 * times.mean().item(), 1), round(1000 * p99, 1))  # mean, p99 (ms)
# > 21.8 36.3
# full batches put a floor under the mean, 21.8 ms here: a 15 ms target cannot hold.
# More replicas raise it, since each one's batches fill more slowly
print(round(1000 * time_in_system(qps_peak / 30), 1))  # ms, 30 replicas
# > 25.4

# 4. a cache in front: queries follow a Zipf law over a million distinct queries
ranks = torch.arange(1, 1_000_001, dtype=torch.float64)
popularity = 1 / ranks  # Zipf, exponent 1
popularity /= popularity.sum()
for top in (1_000, 10_000, 100_000):  # cache the `top` most popular answers
    hit = popularity[:top].sum().item()  # the share of queries the cache answers
    misses = qps_peak * (1 - hit)
    print(top, round(hit, 2), math.ceil(misses / (per_replica * utilization)))
    # > 1000 0.52 11
    # > 10000 0.68 7
    # > 100000 0.84 4

# 5. a cascade: a small model answers what it is sure of, the large one the rest
small_cost, large_cost, escalated = 0.1, 1.0, 0.2  # cost per query, share sent on
print(round(small_cost + escalated * large_cost, 2))  # of the large model's cost
# > 0.3
