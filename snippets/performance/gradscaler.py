import warnings

import torch

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
model = torch.nn.Linear(4, 1).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
defaults = torch.amp.GradScaler(device)
print(defaults.get_scale(), defaults.get_growth_interval())
# > 65536.0 2000
print(defaults.get_backoff_factor(), defaults.get_growth_factor())
# > 0.5 2.0
# small values, so the example shows a backoff and a growth in four steps
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
    grad = model.weight.grad.clone()
    scaler.step(optimizer)  # skips optimizer.step() if unscale_ found inf/nan
    skipped = torch.equal(before, model.weight)
    if step == 0:
        # step() saw that unscale_ already ran: it did not divide the gradients again
        print(torch.equal(model.weight.grad, grad))
        # > True
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


# the first step skipped (common: the scale starts at 2**16): the scheduler warns
def first_scheduler_step_warns(make_scheduler, *step_args):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = make_scheduler(optimizer)
    scaler = torch.amp.GradScaler(device)
    optimizer.zero_grad()
    scaler.scale(model(x).sum() * float("inf")).backward()  # an overflow in step 0
    scaler.step(optimizer)  # skipped
    scaler.update()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scheduler.step(*step_args)  # in the right order, and it still warns
    return [str(w.message).split(". ")[0] for w in caught]


schedulers = torch.optim.lr_scheduler
print(first_scheduler_step_warns(lambda opt: schedulers.StepLR(opt, step_size=1))[0])
# > Detected call of `lr_scheduler.step()` before `optimizer.step()`
# schedulers that override step() have no such check (this one takes the metric)
print(first_scheduler_step_warns(schedulers.ReduceLROnPlateau, 1.0))
# > []
warm_restarts = schedulers.CosineAnnealingWarmRestarts
print(first_scheduler_step_warns(lambda opt: warm_restarts(opt, T_0=5)))
# > []


# SequentialLR and ChainedScheduler override step() too, but what they step warns
def sequential(opt):
    parts = [schedulers.ConstantLR(opt), schedulers.StepLR(opt, step_size=1)]
    return schedulers.SequentialLR(opt, parts, milestones=[2])


def chained(opt):
    parts = [schedulers.ConstantLR(opt), schedulers.StepLR(opt, step_size=1)]
    return schedulers.ChainedScheduler(parts, optimizer=opt)


print(first_scheduler_step_warns(sequential)[0])
# > Detected call of `lr_scheduler.step()` before `optimizer.step()`
warned = first_scheduler_step_warns(chained)  # one per scheduler in the chain
print(len(warned), "x", warned[0])
# > 2 x Detected call of `lr_scheduler.step()` before `optimizer.step()`
# both come from one source line, so Python's default filter shows the first only
scheduler = chained(torch.optim.SGD(model.parameters(), lr=0.1))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("default")
    scheduler.step()
print(len(caught))
# > 1
