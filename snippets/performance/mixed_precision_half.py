import torch

torch.manual_seed(0)
x = torch.randn(32, 8)
for dtype in (torch.float32, torch.float16):
    # .to(torch.float16) is what model.half() does to every layer
    norm = torch.nn.LayerNorm(8).to(dtype)  # its weight starts at 1.0
    optimizer = torch.optim.AdamW(norm.parameters(), lr=1e-4)
    norm(x.to(dtype)).square().mean().backward()
    optimizer.step()  # Adam's first step moves each weight by about lr = 1e-4
    state = optimizer.state[norm.weight]["exp_avg"]
    moved = (norm.weight != 1).sum().item()
    # the step lowers the weight; fp16's spacing just below 1.0 is 2**-11 (about
    # 5e-4), so a 1e-4 step rounds back to 1.0
    print(f"{str(dtype):13} state={state.dtype} weights moved: {moved} of 8")
    # > torch.float32 state=torch.float32 weights moved: 8 of 8
    # > torch.float16 state=torch.float16 weights moved: 0 of 8
one = torch.tensor(1.0, dtype=torch.float16)
print(1 - torch.nextafter(one, torch.zeros_like(one)).item())  # 2**-11
# > 0.00048828125

# worse: a small gradient's square underflows in fp16 state, and so does eps=1e-8
print(torch.tensor(1e-8).half().item())
# > 0.0
for kwargs in ({}, {"fused": True}):  # the default (for-loop/foreach) step, and fused
    w = torch.nn.Parameter(torch.ones(4, dtype=torch.float16))
    optimizer = torch.optim.AdamW([w], lr=1e-3, **kwargs)
    w.grad = torch.full_like(w, 1e-5)
    optimizer.step()  # default: exp_avg / (sqrt(exp_avg_sq) + eps) divides by 0
    print(kwargs, optimizer.state[w]["exp_avg_sq"][0].item(), w[0].item())
    # > {} 0.0 -inf
    # > {'fused': True} 0.0 0.9990234375
