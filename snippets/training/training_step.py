import tempfile
from pathlib import Path

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

ACCUM, MAX_NORM, EPOCHS = 2, 1.0, 4
STEPS_PER_EPOCH = 8 // ACCUM  # 64 samples, micro-batches of 8
torch.manual_seed(0)
data = TensorDataset(torch.randn(64, 8), 10 * torch.randn(64, 1))


def make_scheduler(opt):
    # the schedule counts optimizer steps, not micro-batches
    total = EPOCHS * STEPS_PER_EPOCH
    return torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=1e-2, total_steps=total)


def build():
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Linear(8, 32), nn.ReLU(), nn.Dropout(0.2), nn.Linear(32, 1)
    )
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    return model, opt, make_scheduler(opt)


def train_epoch(model, opt, sched, epoch, log):
    model.train()
    # the order is a function of the epoch, so a resumed run replays it
    g = torch.Generator().manual_seed(epoch)
    loader = DataLoader(data, batch_size=8, shuffle=True, generator=g)
    for i, (x, y) in enumerate(loader):
        with torch.autocast("cpu", dtype=torch.bfloat16):  # 1. forward in bf16
            out = model(x)
            loss = nn.functional.mse_loss(out, y)
        (loss / ACCUM).backward()  # 2. backward outside autocast; adds into .grad
        if (i + 1) % ACCUM == 0:  # the last micro-batch of the window
            # 3. clip the whole accumulated gradient, once, right before the step
            norm = nn.utils.clip_grad_norm_(model.parameters(), MAX_NORM)
            log["dtypes"] = (out.dtype, loss.dtype, model[0].weight.grad.dtype)
            log["norms"].append(norm.item())
            opt.step()  # 4. update
            sched.step()  # 5. then set the LR of the next step
            opt.zero_grad()  # 6. clear for the next window


def save(path, model, opt, sched, epoch):  # after zero_grad: no half-summed gradient
    checkpoint = {
        "model": model.state_dict(),
        "optimizer": opt.state_dict(),  # AdamW's moments and step counts
        "scheduler": sched.state_dict(),  # the position in the schedule
        "epoch": epoch,
        # the next dropout masks; on a GPU also torch.cuda.get_rng_state_all()
        "rng": torch.get_rng_state(),
    }
    torch.save(checkpoint, path)


log = {"norms": []}
model, opt, sched = build()
for epoch in range(EPOCHS):
    train_epoch(model, opt, sched, epoch, log)
reference = [p.detach().clone() for p in model.parameters()]
# activations in bf16, the loss and every gradient in fp32
print(log["dtypes"], next(model.parameters()).dtype)
# > (torch.bfloat16, torch.float32, torch.float32) torch.float32
# the loss is fp32 by autocast's policy, not by promotion against the fp32 target:
# mse_loss runs in fp32 on two bf16 inputs too, while a hand-written one stays bf16
# (on the CPU: CUDA autocast runs pow in fp32 as well)
with torch.autocast("cpu", dtype=torch.bfloat16):
    a, b = torch.ones(4, dtype=torch.bfloat16), torch.zeros(4, dtype=torch.bfloat16)
    print(nn.functional.mse_loss(a, b).dtype, (a - b).pow(2).mean().dtype)
    # > torch.float32 torch.bfloat16
# clipping was active; one scheduler step per optimizer step (16, not 32)
print(max(log["norms"]) > MAX_NORM, sched.last_epoch)
# > True 16
# bf16 has fp32's exponent range, so small gradients do not underflow: no GradScaler
print(torch.finfo(torch.bfloat16).tiny == torch.finfo(torch.float32).tiny)
# > True

# The scheduler stepped per micro-batch (32 here) runs the schedule twice as fast, and
# OneCycleLR raises once it passes total_steps
model, opt, sched = build()
try:
    for _ in range(EPOCHS * 8):
        opt.step()
        sched.step()
except ValueError as e:
    print(e)
    # > Tried to step 17 times. The specified number of total steps is 16

# Stop after 2 epochs, restart from the checkpoint in fresh objects, finish: identical
# to the uninterrupted run only if every piece of state was saved and restored.
tmp = tempfile.TemporaryDirectory()  # deleted when the program ends
path = Path(tmp.name) / "checkpoint.pt"
for skip in (None, "optimizer", "scheduler", "rng", "order"):
    model, opt, sched = build()
    for epoch in range(EPOCHS // 2):
        train_epoch(model, opt, sched, epoch, {"norms": []})
    save(path, model, opt, sched, epoch)

    model, opt, sched = build()  # as in a new process: new objects, reseeded RNG
    checkpoint = torch.load(path)
    model.load_state_dict(checkpoint["model"])
    if skip != "optimizer":
        opt.load_state_dict(checkpoint["optimizer"])
    if skip == "order":  # a scheduler built now resets the lr the optimizer just loaded
        sched = make_scheduler(opt)
    if skip != "scheduler":
        sched.load_state_dict(checkpoint["scheduler"])
    if skip != "rng":
        torch.set_rng_state(checkpoint["rng"])
    for epoch in range(checkpoint["epoch"] + 1, EPOCHS):
        train_epoch(model, opt, sched, epoch, {"norms": []})
    params = zip(model.parameters(), reference, strict=True)
    same = all(torch.equal(p, r) for p, r in params)
    label = {None: "all restored", "order": "scheduler built after the load"}
    print(f"{label.get(skip, f'without {skip}')}: {same}")
    # > all restored: True
    # > without optimizer: False
    # > without scheduler: False
    # > without rng: False
    # > scheduler built after the load: False
