import torch

torch.manual_seed(0)
# G = 4 sampled solutions of one prompt, 3 steps each. A PRM scores every step;
# an ORM (or a checker) scores only the final answer.
step_scores = torch.tensor(
    [
        [0.9, 0.8, 0.9],  # sound steps, right answer
        [0.9, 0.1, 0.8],  # a wrong step 2, yet the right answer (lucky)
        [0.2, 0.3, 0.1],  # wrong throughout, wrong answer
        [0.8, 0.9, 0.2],  # sound start, wrong last step
    ]
)
outcome = torch.tensor([1.0, 1.0, 0.0, 0.0])


def norm(r):  # group normalization, as in GRPO
    return (r - r.mean()) / r.std()


# outcome supervision: one advantage for every token of a solution
adv_outcome = norm(outcome)[:, None].expand(-1, 3)
# process supervision: normalize all step rewards of the group together, then each
# step's advantage is the sum of the normalized rewards from that step to the end
z = norm(step_scores)
adv_process = z.flip(1).cumsum(1).flip(1)
print("outcome advantages per step:\n", adv_outcome.round(decimals=2))
# > outcome advantages per step:
# >  tensor([[ 0.8700,  0.8700,  0.8700],
# >         [ 0.8700,  0.8700,  0.8700],
# >         [-0.8700, -0.8700, -0.8700],
# >         [-0.8700, -0.8700, -0.8700]])
print("process advantages per step:\n", adv_process.round(decimals=2))
# > process advantages per step:
# >  tensor([[ 2.4700,  1.5500,  0.9200],
# >         [ 0.2100, -0.7100,  0.6300],
# >         [-3.1700, -2.1200, -1.3400],
# >         [ 0.4900, -0.1400, -1.0600]])
print(
    "lucky solution, step 2: outcome",
    round(adv_outcome[1, 1].item(), 2),
    " process",
    round(adv_process[1, 1].item(), 2),
)
# > lucky solution, step 2: outcome 0.87  process -0.71
print("step 2 alone, normalized reward:", round(z[1, 1].item(), 2))
# > step 2 alone, normalized reward: -1.34
