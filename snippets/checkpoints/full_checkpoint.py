import random

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
g = torch.Generator()  # the loader's own RNG: shuffle order and worker seeds
loader = DataLoader(
    TensorDataset(torch.randn(32, 4), torch.randn(32, 1)),
    batch_size=8,
    shuffle=True,
    generator=g,
)


def seed_all(seed):
    torch.manual_seed(seed)
    random.seed(seed)
    np.random.seed(seed)
    g.manual_seed(seed)


def build():
    model = nn.Sequential(
        nn.Linear(4, 16), nn.ReLU(), nn.Dropout(0.2), nn.Linear(16, 1)
    )
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    return model, opt, sched


def train_epoch(model, opt, sched):
    for x, y in loader:  # shuffle order from g, dropout masks from torch's RNG
        # augmentation: Python and NumPy RNGs
        x = x + 0.01 * random.gauss(0, 1) + 0.01 * np.random.randn()
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    sched.step()


def rng_states():
    np_state = np.random.get_state(legacy=False)
    # an ndarray would need weights_only=False
    np_state["state"]["key"] = torch.from_numpy(np_state["state"]["key"])
    states = {
        "torch": torch.get_rng_state(),
        "python": random.getstate(),
        "numpy": np_state,
        "loader": g.get_state(),
    }
    if torch.cuda.is_available():
        states["cuda"] = torch.cuda.get_rng_state_all()
    return states


def set_rng_states(states):
    torch.set_rng_state(states["torch"])
    random.setstate(states["python"])
    states["numpy"]["state"]["key"] = states["numpy"]["state"]["key"].numpy()
    np.random.set_state(states["numpy"])
    g.set_state(states["loader"])
    if "cuda" in states:
        torch.cuda.set_rng_state_all(states["cuda"])


# Run A: 4 epochs without interruption.
seed_all(1)
model_a, opt_a, sched_a = build()
for _ in range(4):
    train_epoch(model_a, opt_a, sched_a)

# Run B: 2 epochs, then save everything a resume needs.
seed_all(1)
model, opt, sched = build()
for _ in range(2):
    train_epoch(model, opt, sched)
checkpoint = {
    "epochs_done": 2,
    "model": model.state_dict(),
    "optimizer": opt.state_dict(),  # AdamW moments and step counts
    "scheduler": sched.state_dict(),  # position in the LR schedule
    "rng": rng_states(),  # next shuffle order, dropout masks, augmentations
}
torch.save(checkpoint, "checkpoint.pt")


def resume(restore_rng, too_early=False):
    seed_all(123)  # a restarted process is in some other RNG state
    # weights_only=True works: only tensors, numbers, strings and containers
    ckpt = torch.load("checkpoint.pt")
    if restore_rng and too_early:
        set_rng_states(ckpt["rng"])  # then build()'s random init draws from it
    model, opt, sched = build()
    model.load_state_dict(ckpt["model"])
    opt.load_state_dict(ckpt["optimizer"])
    sched.load_state_dict(ckpt["scheduler"])
    if restore_rng and not too_early:
        set_rng_states(ckpt["rng"])  # last, right before the next step
    for _ in range(ckpt["epochs_done"], 4):
        train_epoch(model, opt, sched)
    return model, sched


def same(m1, m2):
    return all(
        torch.equal(p1, p2)
        for p1, p2 in zip(m1.parameters(), m2.parameters(), strict=True)
    )


model_b, sched_b = resume(restore_rng=True)
print(same(model_a, model_b), sched_a.get_last_lr() == sched_b.get_last_lr())
# > True True
# same weights, optimizer, schedule: different data order
print(same(model_a, resume(restore_rng=False)[0]))
# > False
# RNG states restored before build(): the init used up the restored stream
print(same(model_a, resume(restore_rng=True, too_early=True)[0]))
# > False
