# Largest model whose training state fits, per GPU: 80 GB, of which ~70 % for
# the model state (the rest: activations, buffers). Mixed-precision Adam holds
# 2 (weights) + 2 (grads) + 12 (fp32 master, m, v) bytes/param (zero-stages).
budget = 0.7 * 80e9


def largest(bytes_per_param):
    return f"{budget / bytes_per_param / 1e9:7.1f}B"


cases = {
    "1 GPU": {
        "plain Adam": 16,
        "optimizer state on CPU, bf16 w+g on GPU": 2 + 2,
        "ZeRO-Offload: gradients to the CPU too": 2,
        "LoRA, frozen bf16 weights": 2,
    },
    "1 node, 8 GPUs": {
        "DDP": 16,
        "DDP + ZeRO-1": 2 + 2 + 12 / 8,
        "FSDP (ZeRO-3) over 8": 16 / 8,
    },
    "64 nodes, 512 GPUs": {
        "DDP + ZeRO-1": 2 + 2 + 12 / 512,
        "HSDP: FSDP inside each node": 16 / 8,
        "TP 8 x PP 8 x DP 8, ZeRO-1": (2 + 2 + 12 / 8) / 64,
        "FSDP over all 512": 16 / 512,
    },
}
for case, options in cases.items():
    print(case)
    # > 1 GPU
    # > 1 node, 8 GPUs
    # > 64 nodes, 512 GPUs
    for name, b in options.items():
        print(f"  {name:38s} {largest(b)}")
        # >   plain Adam                                 3.5B
        # >   optimizer state on CPU, bf16 w+g on GPU    14.0B
        # >   ZeRO-Offload: gradients to the CPU too    28.0B
        # >   LoRA, frozen bf16 weights                 28.0B
        # >   DDP                                        3.5B
        # >   DDP + ZeRO-1                              10.2B
        # >   FSDP (ZeRO-3) over 8                      28.0B
        # >   DDP + ZeRO-1                              13.9B
        # >   HSDP: FSDP inside each node               28.0B
        # >   TP 8 x PP 8 x DP 8, ZeRO-1               651.6B
        # >   FSDP over all 512                       1792.0B

# Ren et al. 2021 trained 13B with ZeRO-Offload on one 32 GB V100
print(f"ZeRO-Offload, 32 GB GPU: {0.7 * 32e9 / 2 / 1e9:.1f}B")
# > ZeRO-Offload, 32 GB GPU: 11.2B
