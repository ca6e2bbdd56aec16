import torch
from torch.utils.data import DataLoader, Dataset


class Augmented(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return torch.rand(1) + i  # drawn in a worker, from the seed the worker got


def run(epochs, persistent, loader_state=None):
    g = torch.Generator().manual_seed(0)
    if loader_state is not None:  # a resume: the loader's RNG from the checkpoint
        g.set_state(loader_state)
    loader = DataLoader(
        Augmented(),
        batch_size=2,
        shuffle=True,
        num_workers=2,
        persistent_workers=persistent,
        generator=g,
    )
    batches, states = [], []
    for _ in range(epochs):
        states.append(g.get_state())  # what a checkpoint at this boundary saves
        batches.append(torch.cat(list(loader)))
    return batches, states


if __name__ == "__main__":
    for persistent in (False, True):
        straight, states = run(4, persistent)
        resumed, _ = run(2, persistent, loader_state=states[2])
        same = all(map(torch.equal, straight[2:], resumed))
        print(f"persistent_workers={persistent}: epochs 3-4 resume exactly: {same}")
        # > persistent_workers=False: epochs 3-4 resume exactly: True
        # > persistent_workers=True: epochs 3-4 resume exactly: False
