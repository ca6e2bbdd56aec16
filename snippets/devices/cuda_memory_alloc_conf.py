import multiprocessing
import os

import torch

NAMES = ("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF", "PYTORCH_ALLOC_CONF")
BROKEN = "expandable_segments:maybe"  # raises if it is parsed
VALID = "max_split_size_mb:100"


def parsed(env):
    for name in NAMES:
        os.environ.pop(name, None)
    os.environ.update(env)
    try:
        # private: the settings string the allocator config parsed, on this first use
        return repr(torch._C._accelerator_getAllocatorSettings())
    except ValueError as e:  # "Expected 'True' or 'False' ..."
        return f"raises {type(e).__name__}"


if __name__ == "__main__":
    cases = [  # (the variable set to BROKEN, the one set to VALID)
        ("PYTORCH_ALLOC_CONF", None),  # alone, it is parsed
        ("PYTORCH_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF"),
        ("PYTORCH_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF"),
        ("PYTORCH_HIP_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF"),
    ]
    # the config is parsed once per process: a fresh (forked) process per case
    fork = multiprocessing.get_context("fork")
    with fork.Pool(1, maxtasksperchild=1) as pool:
        print(f"{'set to BROKEN':22} {'set to VALID':23} parsed")
        # > set to BROKEN          set to VALID            parsed
        for broken, valid in cases:
            env = {broken: BROKEN} | ({valid: VALID} if valid else {})
            print(f"{broken:22} {valid or '-':23}", pool.apply(parsed, (env,)))
            # > PYTORCH_ALLOC_CONF     -                       raises ValueError
            # > PYTORCH_ALLOC_CONF     PYTORCH_CUDA_ALLOC_CONF 'max_split_size_mb:100'
            # > PYTORCH_ALLOC_CONF     PYTORCH_HIP_ALLOC_CONF  'max_split_size_mb:100'
            # > PYTORCH_HIP_ALLOC_CONF PYTORCH_CUDA_ALLOC_CONF 'max_split_size_mb:100'
