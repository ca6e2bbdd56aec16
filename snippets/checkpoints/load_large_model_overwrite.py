import multiprocessing
import os
import signal

import torch
from torch import nn


def save_after_mmap_load(in_place):
    with torch.device("meta"):
        model = nn.Linear(1024, 1024)
    model.load_state_dict(torch.load("model.pt", mmap=True), assign=True)
    # the weights are now the file's pages
    if in_place:  # opening the file for writing truncates it under them
        torch.save(model.state_dict(), "model.pt")
    else:  # a new file, renamed over the old name: the mapping keeps the old file
        torch.save(model.state_dict(), "model.pt.tmp")
        os.replace("model.pt.tmp", "model.pt")
    model.weight.sum()  # reads every page of the weight


if __name__ == "__main__":
    torch.manual_seed(0)
    for in_place in (True, False):
        torch.save(nn.Linear(1024, 1024).state_dict(), "model.pt")
        # in a child process, because the crash would kill this one
        child = multiprocessing.Process(target=save_after_mmap_load, args=(in_place,))
        child.start()
        child.join()
        code = child.exitcode
        status = signal.Signals(-code).name if code < 0 else code
        print(f"in_place={in_place}: exit {status}")
        # > in_place=True: exit SIGBUS
        # > in_place=False: exit 0
