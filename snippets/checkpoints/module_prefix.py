import textwrap

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.modules.utils import consume_prefix_in_state_dict_if_present
from torch.nn.parallel import DistributedDataParallel


def build():
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))


if __name__ == "__main__":
    torch.manual_seed(0)
    model = build()
    wrapped = nn.DataParallel(model)
    print(list(wrapped.state_dict())[:2], wrapped.module is model)
    # > ['module.0.weight', 'module.0.bias'] True

    # DDP wraps the same way (a one-process group, just to build it here)
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    ddp = DistributedDataParallel(model)
    print(list(ddp.state_dict())[:2], ddp.module is model)
    # > ['module.0.weight', 'module.0.bias'] True
    # every rank is done with its collectives before any closes its sockets
    dist.barrier()
    dist.destroy_process_group()

    fresh = build()
    try:
        fresh.load_state_dict(wrapped.state_dict())
    except RuntimeError as e:
        for line in str(e).splitlines():
            print(textwrap.fill(line.strip(), 72, subsequent_indent="  "))
            # > Error(s) in loading state_dict for Sequential:
            # > Missing key(s) in state_dict: "0.weight", "0.bias", "2.weight",
            # >   "2.bias".
            # > Unexpected key(s) in state_dict: "module.0.weight", "module.0.bias",
            # >   "module.2.weight", "module.2.bias".

    # Best fix: save the inner model's state_dict, then no prefix reaches the file.
    print(fresh.load_state_dict(wrapped.module.state_dict()))
    # > <All keys matched successfully>

    # Fix at load time: strip the prefix in place, only from keys that start with it.
    state = wrapped.state_dict()
    consume_prefix_in_state_dict_if_present(state, "module.")
    print(fresh.load_state_dict(state))
    # > <All keys matched successfully>
