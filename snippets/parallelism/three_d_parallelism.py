import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh

pp, dp, tp, per_node = 2, 2, 8, 8  # 32 GPUs on 4 nodes of 8
# one process posing as rank 13 of 32: the "fake" backend creates the groups
# without sending anything, so init_device_mesh lays out the real mesh
dist.init_process_group("fake", rank=13, world_size=32)
# Megatron-Core's default order "tp-cp-ep-dp-pp" and torchtitan's mesh both put
# tp innermost (fastest-varying) and pp outermost
mesh = init_device_mesh("cpu", (pp, dp, tp), mesh_dim_names=("pp", "dp", "tp"))
p, d, t = mesh.get_coordinate()
print("rank 13 -> (pp, dp, tp) =", (p, d, t), "row-major:", (p * dp + d) * tp + t)
# > rank 13 -> (pp, dp, tp) = (0, 1, 5) row-major: 13
for name in ("tp", "dp", "pp"):
    ranks = mesh[name].mesh.tolist()
    print(
        f"its {name} group", ranks, "on nodes", sorted({r // per_node for r in ranks})
    )
    # > its tp group [8, 9, 10, 11, 12, 13, 14, 15] on nodes [1]
    # > its dp group [5, 13] on nodes [0, 1]
    # > its pp group [13, 29] on nodes [1, 3]


def groups(m, dim):  # every group along one mesh dimension, as rows
    return m.movedim(dim, -1).reshape(-1, m.shape[dim])


def one_node(g):
    return bool(((g // per_node) == (g[0] // per_node)).all())


for name, dim in (("tp", 2), ("dp", 1), ("pp", 0)):
    gs = groups(mesh.mesh, dim)  # mesh.mesh: the whole rank grid
    inside = sum(one_node(g) for g in gs)
    print(f"{name}: {len(gs):2d} groups of {gs.shape[1]}, {inside} inside one node")
    # > tp:  4 groups of 8, 4 inside one node
    # > dp: 16 groups of 2, 0 inside one node
    # > pp: 16 groups of 2, 0 inside one node

# the same 32 ranks with tp outermost: every tp group now spans 4 nodes
wrong = init_device_mesh("cpu", (tp, dp, pp), mesh_dim_names=("tp", "dp", "pp"))
print("tp first, its tp group", wrong["tp"].mesh.tolist())
# > tp first, its tp group [1, 5, 9, 13, 17, 21, 25, 29]
inside = sum(one_node(g) for g in groups(wrong.mesh, 0))
print("tp first:", inside, "of 4 inside a node")
# > tp first: 0 of 4 inside a node
dist.destroy_process_group()
