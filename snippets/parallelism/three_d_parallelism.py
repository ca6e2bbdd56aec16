import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh

dp, pp, tp, per_node = 2, 2, 8, 8  # 32 GPUs on 4 nodes of 8
# one process posing as rank 13 of 32: the "fake" backend creates the groups
# without sending anything, so init_device_mesh lays out the real mesh
dist.init_process_group("fake", rank=13, world_size=32)
mesh = init_device_mesh("cpu", (dp, pp, tp), mesh_dim_names=("dp", "pp", "tp"))
d, p, t = mesh.get_coordinate()
print("rank 13 -> (dp, pp, tp) =", (d, p, t), "row-major:", (d * pp + p) * tp + t)
# > rank 13 -> (dp, pp, tp) = (0, 1, 5) row-major: 13
print("its tp group", mesh["tp"].mesh.tolist())  # all-reduce in every layer
# > its tp group [8, 9, 10, 11, 12, 13, 14, 15]
print("its pp group", mesh["pp"].mesh.tolist())  # send/recv activations
# > its pp group [5, 13]
print("its dp group", mesh["dp"].mesh.tolist())  # all-reduce gradients per step
# > its dp group [13, 29]


def groups(m, dim):  # every group along one mesh dimension, as rows
    return m.movedim(dim, -1).reshape(-1, m.shape[dim])


def one_node(g):
    return bool(((g // per_node) == (g[0] // per_node)).all())


for name, dim in (("tp", 2), ("pp", 1), ("dp", 0)):
    gs = groups(mesh.mesh, dim)  # mesh.mesh: the whole rank grid
    inside = sum(one_node(g) for g in gs)
    print(f"{name}: {len(gs):2d} groups of {gs.shape[1]}, {inside} inside one node")
    # > tp:  4 groups of 8, 4 inside one node
    # > pp: 16 groups of 2, 0 inside one node
    # > dp: 16 groups of 2, 0 inside one node

# the same 32 ranks with tp outermost: every tp group now spans 4 nodes
wrong = init_device_mesh("cpu", (tp, pp, dp), mesh_dim_names=("tp", "pp", "dp"))
print("tp first, its tp group", wrong["tp"].mesh.tolist())
# > tp first, its tp group [1, 5, 9, 13, 17, 21, 25, 29]
inside = sum(one_node(g) for g in groups(wrong.mesh, 0))
print("tp first:", inside, "of 4 inside a node")
# > tp first: 0 of 4 inside a node
dist.destroy_process_group()
