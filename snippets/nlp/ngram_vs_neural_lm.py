import itertools
import math
from collections import Counter

import torch
from torch import nn

torch.manual_seed(0)
train = ["<s> the cat runs </s>", "<s> the dog runs </s>", "<s> a cat sleeps </s>"]
test = "<s> a dog sleeps </s>"  # every word seen, but "a dog" and "dog sleeps" never
# the possible next words: "</s>" is one, "<s>" never follows anything
vocab = sorted({w for s in train for w in s.split()} - {"<s>"})
V = len(vocab)
bigrams = Counter(b for s in train for b in itertools.pairwise(s.split()))
unigrams = Counter(w for s in train for w in s.split()[:-1])  # as a history


print(V)
# > 7


def p_bigram(prev, w, add=0.0):  # add=0: maximum likelihood; add=1: Laplace
    return (bigrams[prev, w] + add) / (unigrams[prev] + add * V)


words = test.split()
for add in (0.0, 1.0):
    ps = [p_bigram(a, b, add) for a, b in itertools.pairwise(words)]
    logp = sum(math.log(p) if p > 0 else -math.inf for p in ps)
    print(add, [round(p, 3) for p in ps], round(logp, 3))
    # > 0.0 [0.333, 0.0, 0.0, 1.0] -inf
    # > 1.0 [0.2, 0.125, 0.125, 0.25] -7.155

# Parameters: an n-gram table has V^(n-1) histories x V next words; a neural LM
# with an embedding table shared by all positions grows by d*h per extra word
V, d, h = 10_000, 128, 512
for n in (2, 3, 4):
    # Bengio et al. (2003): embed the n-1 previous words, concatenate, tanh, softmax
    model = nn.Sequential(
        nn.Embedding(V, d),
        nn.Flatten(),
        nn.Linear((n - 1) * d, h),
        nn.Tanh(),
        nn.Linear(h, V),
    )
    neural = sum(p.numel() for p in model.parameters())
    print(n, f"{V**n:.1e}", f"{neural:,}")
    # > 2 1.0e+08 6,476,048
    # > 3 1.0e+12 6,541,584
    # > 4 1.0e+16 6,607,120
out_layer = sum(p.numel() for p in model[4].parameters())  # h*V weights + V biases
print(f"{model[0].weight.numel():,}", f"{out_layer:,}")  # embedding, output layer
# > 1,280,000 5,130,000
