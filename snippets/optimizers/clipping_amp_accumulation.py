import torch
import torch.nn.functional as F

torch.manual_seed(0)
x, y = torch.randn(4, 16, 10), torch.randn(4, 16, 1)  # 4 micro-batches of 16
y[0] *= 10  # one micro-batch with a large gradient
accum, max_norm = 4, 1.0


def window(clip, opt_cls=torch.optim.SGD, lr=1.0):
    """One optimizer step over the 4 micro-batches; returns the step it applied."""
    torch.manual_seed(0)
    model = torch.nn.Linear(10, 1)
    opt = opt_cls(model.parameters(), lr=lr)  # SGD at lr 1: step = -gradient
    scaler = torch.amp.GradScaler("cpu", enabled=clip != "every backward")
    before = torch.cat([p.detach().flatten() for p in model.parameters()])
    for i in range(accum):
        loss = F.mse_loss(model(x[i]), y[i]) / accum
        scaler.scale(loss).backward()  # scale 2**16 (fp16 training uses "cuda")
        if clip == "every backward":  # clips the partial sum, scaler disabled
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    if clip == "before unscale_":
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    if clip == "once, right":
        scaler.unscale_(opt)  # the true gradients, in place
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    scaler.step(opt)  # unscales first, unless unscale_ already ran
    scaler.update()
    return before - torch.cat([p.detach().flatten() for p in model.parameters()])


right = window("once, right")
for clip in ("none", "once, right", "before unscale_", "every backward"):
    step = window(clip)
    cos = F.cosine_similarity(step, right, dim=0).item()
    print(f"{clip:15} norm {step.norm().item():.3g}  direction vs right {cos:.3f}")
    # > none            norm 3.61  direction vs right 1.000
    # > once, right     norm 1  direction vs right 1.000
    # > before unscale_ norm 1.53e-05  direction vs right 1.000
    # > every backward  norm 1  direction vs right 0.806

# Adam divides the extra 1/65536 out (g / sqrt(v)): its step barely changes here
for clip in ("once, right", "before unscale_"):
    print(f"Adam {clip:15} norm {window(clip, torch.optim.Adam, 1e-3).norm():.4g}")
    # > Adam once, right     norm 0.003317
    # > Adam before unscale_ norm 0.003282

# with the scaler on, "every backward" would need an unscale_ per micro-batch: the
# second one before update() raises
model = torch.nn.Linear(10, 1)
opt = torch.optim.SGD(model.parameters(), lr=1.0)
scaler = torch.amp.GradScaler("cpu")
try:
    for i in range(2):
        scaler.scale(F.mse_loss(model(x[i]), y[i])).backward()
        scaler.unscale_(opt)
except RuntimeError as e:
    message = str(e)
print(i, message)
# > 1 unscale_() has already been called on this optimizer since the last update().
