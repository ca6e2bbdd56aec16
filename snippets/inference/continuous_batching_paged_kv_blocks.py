import torch

torch.manual_seed(0)
BLOCK, NUM_BLOCKS, D = 4, 16, 8
pool = torch.zeros(NUM_BLOCKS, BLOCK, D)  # physical pages: one layer's keys, say
free = torch.randperm(NUM_BLOCKS).tolist()  # pages come back in any order
tables = {"a": [], "b": []}  # block table: request -> its pages, in logical order
lengths = {"a": 0, "b": 0}
contiguous = {"a": [], "b": []}  # what a per-request contiguous cache would hold


def append(request, k):
    n = lengths[request]
    if n % BLOCK == 0:  # the last page is full: take any free page
        tables[request].append(free.pop())
    pool[tables[request][-1], n % BLOCK] = k
    lengths[request] = n + 1
    contiguous[request].append(k)


for step in range(10):  # two requests decode side by side, at different rates
    append("a", torch.randn(D))
    if step % 2 == 0:
        append("b", torch.randn(D))

print(tables)  # scattered, interleaved pages; no request owns a contiguous region
# > {'a': [1, 3, 4], 'b': [7, 0]}
# reading a request's keys: gather its pages, in block-table order
for r in tables:
    keys = pool[tables[r]].flatten(0, 1)[: lengths[r]]
    print(r, lengths[r], torch.equal(keys, torch.stack(contiguous[r])))
    # > a 10 True
    # > b 5 True

# request b finishes: its pages go back to the pool, and a new request takes them
free += tables.pop("b")
print(len(free), "pages free")
# > 13 pages free
tables["c"], lengths["c"], contiguous["c"] = [], 0, []
for _ in range(8):
    append("c", torch.randn(D))
print(tables)  # c holds the two pages that b gave back
# > {'a': [1, 3, 4], 'c': [0, 7]}
