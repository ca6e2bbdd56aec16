import torch
from torch.utils.data import DataLoader, Dataset


class Augmented(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        # the index, and an augmentation drawn in the worker from the seed it got
        return torch.stack([torch.tensor(float(i)), torch.rand(())])


def run(epochs, shuffle, persistent, loader_state=None):
    g = torch.Generator().manual_seed(0)
    if loader_state is not None:  # a resume: the loader's RNG from the checkpoint
        g.set_state(loader_state)
    loader = DataLoader(
        Augmented(),
        batch_size=2,
        shuffle=shuffle,
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
    for shuffle, persistent in ((True, False), (True, True), (False, True)):
        straight, states = run(2, shuffle, persistent)
        # resume at the start of epoch 2 and compare that epoch
        (resumed,), _ = run(1, shuffle, persistent, loader_state=states[1])
        # column 0: the order, drawn by the sampler in the main process;
        # column 1: the draws of the workers
        order, draws = (torch.equal(straight[1][:, c], resumed[:, c]) for c in (0, 1))
        where = f"shuffle={shuffle}, persistent_workers={persistent}:"
        print(where, f"same order {order}, same draws {draws}")
        # > shuffle=True, persistent_workers=False: same order True, same draws True
        # > shuffle=True, persistent_workers=True: same order False, same draws False
        # > shuffle=False, persistent_workers=True: same order True, same draws False
