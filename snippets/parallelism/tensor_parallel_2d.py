import torch

torch.manual_seed(0)
q = 2  # a q x q grid of p = 4 devices
X, W = torch.randn(6, 8), torch.randn(8, 4)  # activations (tokens x h), weight


def blocks(m):  # device (i, j) holds block (i, j): a 1/p of every matrix
    return [list(r.chunk(q, dim=1)) for r in m.chunk(q, dim=0)]


Xb, Wb = blocks(X), blocks(W)
# SUMMA: at step k, X[i][k] is broadcast along grid row i, W[k][j] down
# grid column j, and every device adds their product to its own block of Y
Y = [[sum(Xb[i][k] @ Wb[k][j] for k in range(q)) for j in range(q)] for i in range(q)]
print(
    "2D blocks == X @ W:",
    torch.allclose(torch.cat([torch.cat(r, 1) for r in Y]), X @ W, atol=1e-6),
)
# > 2D blocks == X @ W: True
print("own blocks only:", torch.allclose(Xb[0][0] @ Wb[0][0], Y[0][0]))
# > own blocks only: False

# per device, one h x h weight and b x h activations: elements held, and
# elements moved for a pair of linears (an MLP block)
b = h = 8192
for p in (4, 16, 64):
    s = int(p**0.5)
    held_1d = b * h + h * h / p  # Megatron: full input, 1/p of the weight
    held_2d = (b * h + h * h) / p  # everything split
    comm_1d = 2 * (p - 1) / p * b * h  # one ring all-reduce of the output
    comm_2d = 2 * (s - 1) * (b * h + h * h) / p  # SUMMA broadcasts, 2 matmuls
    print(
        f"p={p:2d} held 1D {held_1d / 1e6:5.1f}M 2D {held_2d / 1e6:5.1f}M | "
        f"moved 1D {comm_1d / 1e6:5.1f}M 2D {comm_2d / 1e6:5.1f}M"
    )
    # > p= 4 held 1D  83.9M 2D  33.6M | moved 1D 100.7M 2D  67.1M
    # > p=16 held 1D  71.3M 2D   8.4M | moved 1D 125.8M 2D  50.3M
    # > p=64 held 1D  68.2M 2D   2.1M | moved 1D 132.1M 2D  29.4M
