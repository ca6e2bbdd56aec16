import torch

torch.manual_seed(0)


def serve(arrivals, max_batch, delay_ms, fixed_ms=4.0, per_item_ms=0.25):
    """One model instance behind a dynamic batcher (Triton's scheduler, simplified).

    A batch costs fixed_ms + per_item_ms * size (made-up costs: a GPU run is mostly
    fixed overhead). When the instance is free, the batcher waits up to delay_ms after
    the oldest queued request, or until max_batch have arrived, then runs what it has.
    """
    latencies, free_at, i, n = [], 0.0, 0, len(arrivals)
    while i < n:
        first = max(free_at, arrivals[i])
        full = arrivals[min(i + max_batch, n) - 1]  # when the batch would be full
        start = max(first, min(arrivals[i] + delay_ms, full))
        j = i
        while j < n and j - i < max_batch and arrivals[j] <= start:
            j += 1
        done = start + fixed_ms + per_item_ms * (j - i)
        latencies += [done - a for a in arrivals[i:j]]
        free_at, i = done, j
    lat = torch.tensor(latencies)
    return round(lat.quantile(0.5).item(), 1), round(lat.quantile(0.99).item(), 1)


for rate in (150, 400, 2000):  # requests per second, Poisson arrivals, 2 s of traffic
    gaps = torch.distributions.Exponential(rate / 1000).sample((2 * rate,))
    arrivals = gaps.cumsum(0).tolist()  # in ms
    print(rate, "no batching", serve(arrivals, 1, 0.0))
    # > 150 no batching (6.7, 27.0)
    # > 400 no batching (689.3, 1315.9)
    # > 2000 no batching (7503.9, 14840.4)
    print(rate, "dynamic, 2 ms", serve(arrivals, 32, 2.0))
    # > 150 dynamic, 2 ms (6.2, 8.7)
    # > 400 dynamic, 2 ms (6.7, 9.7)
    # > 2000 dynamic, 2 ms (12.2, 18.7)
# capacity of one instance, requests per second: batch 1 against full batches of 32
print(round(1000 / (4.0 + 0.25)), round(32 * 1000 / (4.0 + 0.25 * 32)))
# > 235 2667
