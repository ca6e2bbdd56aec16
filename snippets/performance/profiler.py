import warnings

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

# a schedule advances only on prof.step(); 5 iterations of 2 addmm calls each
cases = [  # (wait, warmup, active), prof.step() every iteration?
    ((1, 1, 2), True),  # skip 1, warm up 1, record 2: one finished cycle
    ((1, 1, 2), False),  # stuck in wait: nothing recorded
    ((0, 0, 2), False),  # stuck recording: one trace of all 5, active=2 ignored
    ((1, 1, 5), True),  # the with block ends mid-cycle: that trace is delivered too
]
with warnings.catch_warnings(record=True) as caught:
    for (wait, warmup, active), call_step in cases:
        traces = []
        with profile(
            activities=[ProfilerActivity.CPU],
            schedule=schedule(wait=wait, warmup=warmup, active=active, repeat=1),
            on_trace_ready=lambda p, out=traces: out.append(p.key_averages()),
        ) as prof:
            for _ in range(5):
                model(x)
                if call_step:
                    prof.step()  # once per iteration
        counts = [{e.key: e.count for e in t}["aten::addmm"] for t in traces]
        print(
            (wait, warmup, active),
            "prof.step():",
            call_step,
            "addmm per trace:",
            counts,
        )
        # > (1, 1, 2) prof.step(): True addmm per trace: [4]
        # > (1, 1, 2) prof.step(): False addmm per trace: []
        # > (0, 0, 2) prof.step(): False addmm per trace: [10]
        # > (1, 1, 5) prof.step(): True addmm per trace: [6]
print(sorted({str(w.message) for w in caught}))  # warmup=0 warns
# > ["Profiler won't be using warmup, this can skew profiler results"]

# the table to read (timings vary per run):
# prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=10)
# on a GPU, sort_by="self_device_time_total"
# prof.export_chrome_trace("trace.json") opens in Perfetto (ui.perfetto.dev).
