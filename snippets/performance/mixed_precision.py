import torch
import torch.nn.functional as F

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
# float16 on GPUs without bf16 (pre-Ampere): then the scaler must be on
amp_dtype = torch.bfloat16

model = torch.nn.Sequential(
    torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4)
).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
# bf16 needs no loss scaling
scaler = torch.amp.GradScaler(device, enabled=amp_dtype == torch.float16)
x = torch.randn(64, 16, device=device)
y = torch.randint(0, 4, (64,), device=device)

losses = []
for _ in range(30):
    optimizer.zero_grad()
    # only the forward pass and the loss
    with torch.autocast(device_type=device, dtype=amp_dtype):
        logits = model(x)
        loss = F.cross_entropy(logits, y)
    # backward outside autocast; with the scaler disabled these are plain calls
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    losses.append(loss.item())

# the linear layers ran in bf16; autocast ran the loss in fp32
print(logits.dtype, loss.dtype)
# > torch.bfloat16 torch.float32
# weights, grads and optimizer state stay fp32
weight = model[0].weight
exp_avg = optimizer.state[weight]["exp_avg"]  # AdamW's first moment
print(weight.dtype, weight.grad.dtype, exp_avg.dtype)
# > torch.float32 torch.float32 torch.float32
print(losses[-1] < losses[0] / 2)
# > True
