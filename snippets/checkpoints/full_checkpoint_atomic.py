import os

import torch

state = {"model": torch.ones(1000), "epoch": 3}
torch.save(state, "last.pt")

# A job killed while torch.save writes leaves part of a file under the real name.
size = os.path.getsize("last.pt")
with open("last.pt", "r+b") as f:
    f.truncate(size // 2)  # what a kill in the middle of the write leaves
try:
    torch.load("last.pt")
except RuntimeError as e:
    print(str(e).split(".")[0])
    # > PytorchStreamReader failed reading zip archive: failed finding central directory

# Write under a temporary name in the same folder, then rename: os.replace is atomic,
# so "last.pt" always holds either the old checkpoint or the new one.
with open("last.pt.tmp", "wb") as f:
    torch.save(state, f)
    f.flush()
    os.fsync(f.fileno())  # on disk before the rename, so a power loss keeps it too
os.replace("last.pt.tmp", "last.pt")
if os.name == "posix":  # and the rename itself: fsync the directory that holds it
    folder = os.open(".", os.O_RDONLY)
    os.fsync(folder)
    os.close(folder)
print(torch.load("last.pt")["epoch"])
# > 3
