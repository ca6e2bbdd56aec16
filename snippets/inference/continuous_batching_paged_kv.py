import heapq

import torch

torch.manual_seed(0)
SLOTS, REQUESTS = 8, 64
prompt = torch.randint(50, 2000, (REQUESTS,))  # prompt lengths
output = torch.randint(10, 1000, (REQUESTS,))  # tokens each request will generate

# static batching: 8 requests at a time, padded to the longest prompt, and every
# slot stays in the batch until the longest output of the 8 is done
useful_prefill = prompt.sum().item()
padded_prefill = sum(8 * b.max().item() for b in prompt.split(SLOTS))
static_steps = sum(b.max().item() for b in output.split(SLOTS))
print(f"static: prefill {1 - useful_prefill / padded_prefill:.0%} padding")
# > static: prefill 50% padding
busy = output.sum().item() / (SLOTS * static_steps)
print(f"static: {static_steps} decode steps, slots busy {busy:.0%}")
# > static: 7172 decode steps, slots busy 62%

# continuous batching: a finished request leaves at once and the next one joins
slots = [0] * SLOTS  # the step at which each slot frees up
for n in output.tolist():
    heapq.heappush(slots, heapq.heappop(slots) + n)
continuous_steps = max(slots)
busy = output.sum().item() / (SLOTS * continuous_steps)
print(f"continuous: {continuous_steps} decode steps, slots busy {busy:.0%}")
# > continuous: 4870 decode steps, slots busy 91%

# KV cache memory for these 64 requests (Llama 3 8B in bf16: 128 KiB per token)
PER_TOKEN, MAX_LEN, BLOCK = 2 * 32 * 8 * 128 * 2, 8192, 16
length = prompt + output
in_use = length.sum().item() * PER_TOKEN
region = MAX_LEN * PER_TOKEN  # one contiguous max-length region per request
reserved = REQUESTS * region
pages = (length + BLOCK - 1) // BLOCK  # a request holds whole pages only
paged = pages.sum().item() * BLOCK * PER_TOKEN
GiB = 2**30
print(f"the 64 requests' keys and values: {in_use / GiB:.1f} GiB")
# > the 64 requests' keys and values: 10.9 GiB
print(f"max-length regions: {region / GiB:.0f} GiB each, {in_use / reserved:.0%} used")
# > max-length regions: 1 GiB each, 17% used
print(f"16-token pages: {paged / GiB:.1f} GiB, {in_use / paged:.1%} used")
# > 16-token pages: 11.0 GiB, 99.5% used
