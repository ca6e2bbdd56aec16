import torch
import torch.nn as nn

torch.manual_seed(0)
n_ranks, d = 2, 4  # one expert per rank
experts = [nn.Linear(d, d) for _ in range(n_ranks)]
router = nn.Linear(d, n_ranks)
tokens = [torch.randn(5, d) for _ in range(n_ranks)]  # each rank's own tokens

# reference: every token through its top-1 expert, all in one place
choice = [router(t).argmax(-1) for t in tokens]
ref = [
    torch.stack([experts[e](x) for x, e in zip(t, c, strict=True)])
    for t, c in zip(tokens, choice, strict=True)
]

# expert parallel: all_to_all #1 sends token groups to the expert's rank
send = [
    [t[c == e] for e in range(n_ranks)] for t, c in zip(tokens, choice, strict=True)
]
recv = [[send[src][dst] for src in range(n_ranks)] for dst in range(n_ranks)]
print("tokens each rank sends to rank 0, 1:", [[len(g) for g in s] for s in send])
# > tokens each rank sends to rank 0, 1: [[3, 2], [4, 1]]
out = [[experts[r](g) for g in recv[r]] for r in range(n_ranks)]  # local expert
# all_to_all #2 sends the results back to where the tokens came from
back = [[out[dst][src] for dst in range(n_ranks)] for src in range(n_ranks)]
y = []
for src in range(n_ranks):
    res = torch.empty(len(tokens[src]), d)
    for e in range(n_ranks):
        res[choice[src] == e] = back[src][e]
    y.append(res)
same = all(torch.allclose(a, b) for a, b in zip(y, ref, strict=True))
print("two all_to_alls == every token through its expert:", same)
# > two all_to_alls == every token through its expert: True
print("tokens each expert got:", [sum(len(g) for g in recv[r]) for r in range(n_ranks)])
# > tokens each expert got: [7, 3]
