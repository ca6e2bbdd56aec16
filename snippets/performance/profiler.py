import torch
from torch.profiler import ProfilerActivity, profile, record_function, schedule

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4)
)
x = torch.randn(8, 16)

# on a GPU add ProfilerActivity.CUDA to see kernel times as well
with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
    with record_function("my_forward"):  # a labelled range of your own code
        out = model(x)
    out.sum().backward()

stats = {e.key: e for e in prof.key_averages()}
# nn.Linear with bias is aten::addmm: 2 layers, 2 calls
print("my_forward" in stats, stats["aten::addmm"].count)
# > True 2
# the backward pass is profiled too
print("autograd::engine::evaluate_function: AddmmBackward0" in stats)
# > True
# grouped by name alone, the rows drop the shapes that record_shapes=True recorded
print(repr(stats["aten::addmm"].input_shapes))
# > ''
# one row per op and input shapes
for e in prof.key_averages(group_by_input_shape=True):
    if e.key == "aten::addmm":
        print(e.input_shapes)  # [bias, input, weight^T, beta, alpha]
        # > [[32], [8, 16], [16, 32], [], []]
        # > [[4], [8, 32], [32, 4], [], []]

# total time includes the ops called inside; self time excludes them
label = stats["my_forward"]
print(label.cpu_time_total > label.self_cpu_time_total)
# > True
# the device columns are named device_*; the old cuda_* names are gone from aggregates
print(hasattr(label, "self_device_time_total"), hasattr(label, "cuda_time_total"))
# > True False

# a schedule advances only on prof.step(): skip 1 step, warm up 1, record 2
for call_step in (True, False):
    traces = []
    with profile(
        activities=[ProfilerActivity.CPU],
        schedule=schedule(wait=1, warmup=1, active=2, repeat=1),
        on_trace_ready=lambda p, out=traces: out.append(p.key_averages()),  # per cycle
    ) as prof:
        for _ in range(5):
            model(x)
            if call_step:
                prof.step()  # once per iteration
    counts = [{e.key: e.count for e in t}["aten::addmm"] for t in traces]
    print("prof.step():", call_step, "traces:", len(traces), "addmm calls:", counts)
    # > prof.step(): True traces: 1 addmm calls: [4]
    # > prof.step(): False traces: 0 addmm calls: []

# the table to read (timings vary per run):
# prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=10)
# on a GPU, sort_by="self_device_time_total"
# prof.export_chrome_trace("trace.json") opens in Perfetto (ui.perfetto.dev).
