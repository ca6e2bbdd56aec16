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
    # fp16's spacing at 1.0 is 2**-10 (about 1e-3): a 1e-4 step rounds back to 1.0
    print(f"{str(dtype):13} state={state.dtype} weights moved: {moved} of 8")
    # > torch.float32 state=torch.float32 weights moved: 8 of 8
    # > torch.float16 state=torch.float16 weights moved: 0 of 8

# worse: a small gradient's square underflows in fp16 state, and so does eps=1e-8
w = torch.nn.Parameter(torch.ones(4, dtype=torch.float16))
optimizer = torch.optim.AdamW([w], lr=1e-3)
w.grad = torch.full_like(w, 1e-5)
optimizer.step()  # exp_avg / (sqrt(exp_avg_sq) + eps) divides by 0
print(optimizer.state[w]["exp_avg_sq"][0].item(), torch.tensor(1e-8).half().item())
# > 0.0 0.0
print(w[0].item())
# > -inf
