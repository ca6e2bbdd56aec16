import torch

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
model = torch.nn.Linear(4, 1).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
# defaults: 2**16 and 2000
scaler = torch.amp.GradScaler(device, init_scale=2.0**10, growth_interval=2)
x, y = torch.randn(8, 4, device=device), torch.randn(8, 1, device=device)

# fp32 reference gradient, for comparison
torch.nn.functional.mse_loss(model(x), y).backward()
reference = model.weight.grad.clone()

for step in range(4):
    optimizer.zero_grad()
    # in real use: computed under torch.autocast(float16)
    loss = torch.nn.functional.mse_loss(model(x), y)
    if step == 1:
        loss = loss * float("inf")  # simulate an fp16 overflow in this step
    # backward of loss * scale: every gradient is multiplied by the scale
    scaler.scale(loss).backward()
    if step == 0:
        print(torch.allclose(model.weight.grad, reference * 2**10))
        # > True
    # divide by the scale in place, and record whether any grad is inf/nan
    scaler.unscale_(optimizer)
    if step == 0:
        # now clipping sees the true norm
        print(torch.allclose(model.weight.grad, reference))
        # > True
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    before = model.weight.detach().clone()
    scaler.step(optimizer)  # skips optimizer.step() if unscale_ found inf/nan
    skipped = torch.equal(before, model.weight)
    # inf found: scale *= 0.5; growth_interval clean steps in a row: scale *= 2
    scaler.update()
    print(f"step {step}: skipped={skipped} scale after update={scaler.get_scale():.0f}")
    # > step 0: skipped=False scale after update=1024
    # > step 1: skipped=True scale after update=512
    # > step 2: skipped=False scale after update=512
    # > step 3: skipped=False scale after update=1024

try:
    scaler.unscale_(optimizer)
    # a second unscale_ before update() would divide the gradients twice
    scaler.unscale_(optimizer)
except RuntimeError as e:
    print(e)
    # > unscale_() has already been called on this optimizer since the last update().
