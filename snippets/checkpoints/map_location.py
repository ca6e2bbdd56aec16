import textwrap

import torch
from torch import nn

if __name__ == "__main__":
    torch.manual_seed(0)
    # Stand-in for a checkpoint written on a GPU machine: tag every storage "cuda:0"
    # when saving.
    torch.serialization.register_package(
        0, lambda storage: "cuda:0", lambda storage, location: None
    )
    torch.save(nn.Linear(4, 2).state_dict(), "gpu.pt")

    try:
        torch.load("gpu.pt")  # on a machine without CUDA
    except RuntimeError as e:
        print(textwrap.fill(str(e), 76))
        # > Attempting to deserialize object on a CUDA device but
        # > torch.cuda.is_available() is False. If you are running on a CPU-only
        # > machine, please use torch.load with map_location=torch.device('cpu') to map
        # > your storages to the CPU.

    state = torch.load("gpu.pt", map_location="cpu")
    print(state["weight"].device)
    # > cpu

    # a function sees each storage's saved tag; returning the storage keeps it on CPU
    def keep_on_cpu(storage, location):
        print(location)
        # > cuda:0
        # > cuda:0
        return storage

    state = torch.load("gpu.pt", map_location=keep_on_cpu)

    # remap by name, e.g. {"cuda:1": "cuda:0"}; tags not in the dict stay as saved
    state = torch.load("gpu.pt", map_location={"cuda:0": "cpu"})
    model = nn.Linear(4, 2)
    print(model.load_state_dict(state))
    # > <All keys matched successfully>
