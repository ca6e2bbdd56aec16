import torch

torch.set_printoptions(precision=3, sci_mode=False)
logits = torch.tensor([3.0, 2.5, 2.0, 1.0, 0.0, -1.0])  # one decoding step, 6 tokens

print(logits.softmax(-1))
# > tensor([0.459, 0.279, 0.169, 0.062, 0.023, 0.008])

# temperature divides the logits: T < 1 sharpens, T > 1 flattens, the order stays
for T in (0.5, 1.5):
    print(T, (logits / T).softmax(-1))
    # > 0.5 tensor([0.656, 0.241, 0.089, 0.012, 0.002, 0.000])
    # > 1.5 tensor([0.371, 0.266, 0.190, 0.098, 0.050, 0.026])


def top_k(logits, k):  # keep the k largest logits, then renormalize
    kth = logits.topk(k).values[-1]
    return logits.masked_fill(logits < kth, float("-inf"))


def top_p(logits, p):  # keep the smallest set of top tokens whose mass reaches p
    probs, order = logits.softmax(-1).sort(descending=True)
    drop = probs.cumsum(-1) - probs >= p  # mass before this token already reaches p
    return logits.masked_fill(drop.scatter(0, order, drop), float("-inf"))


print(top_k(logits, 2).softmax(-1))
# > tensor([0.622, 0.378, 0.000, 0.000, 0.000, 0.000])
print(top_p(logits, 0.9).softmax(-1))
# > tensor([0.506, 0.307, 0.186, 0.000, 0.000, 0.000])
# the nucleus depends on the temperature applied before it; top-k's set does not
for T in (0.5, 1.5):
    kept_k = top_k(logits / T, 2).isfinite().nonzero().flatten().tolist()
    kept_p = top_p(logits / T, 0.9).isfinite().sum().item()
    print(T, "top-k keeps", kept_k, "| top-p keeps", kept_p, "tokens")
    # > 0.5 top-k keeps [0, 1] | top-p keeps 3 tokens
    # > 1.5 top-k keeps [0, 1] | top-p keeps 4 tokens


# min-p: keep the tokens with at least min_p times the top token's probability
probs = logits.softmax(-1)
print((probs >= 0.1 * probs.max()).sum().item(), "tokens kept by min_p=0.1")
# > 4 tokens kept by min_p=0.1


def repetition_penalty(logits, seen, penalty):  # Hugging Face's rule, two cases
    picked = logits[seen]
    picked = torch.where(picked > 0, picked / penalty, picked * penalty)
    return logits.scatter(0, seen, picked)


seen = torch.tensor([0, 5])  # tokens 0 and 5 are already in the text
print(repetition_penalty(logits, seen, 2.0))
# > tensor([ 1.500,  2.500,  2.000,  1.000,  0.000, -2.000])
print(
    logits / torch.tensor([2.0, 1, 1, 1, 1, 2.0])
)  # CTRL's: divide: token 5 goes *up*
# > tensor([ 1.500,  2.500,  2.000,  1.000,  0.000, -0.500])
# the two cases hinge on the sign, and a logit's zero is arbitrary: shifting every
# logit leaves the softmax as it is but changes what the penalty does
shifted = logits - 5
print(torch.allclose(shifted.softmax(-1), logits.softmax(-1)))
# > True
for x in (logits, shifted):
    print(repetition_penalty(x, seen, 2.0).softmax(-1)[seen])
    # > tensor([0.161, 0.005])
    # > tensor([0.105, 0.000])


# presence and frequency penalties (OpenAI's, followed by vLLM) subtract from the
# logits of tokens generated so far: a subtraction does not care where zero is
def presence_frequency(logits, counts, presence=0.5, frequency=0.5):
    return logits - frequency * counts - presence * (counts > 0)


counts = torch.tensor([1, 0, 0, 0, 0, 3])  # token 0 generated once, token 5 three times
for x in (logits, shifted):
    print(presence_frequency(x, counts).softmax(-1)[seen])
    # > tensor([0.240, 0.002])
    # > tensor([0.240, 0.002])

# sampling draws only from what the filters kept
torch.manual_seed(0)
probs = top_p(logits / 0.7, 0.9).softmax(-1)
print(torch.multinomial(probs, 1000, replacement=True).unique())
# > tensor([0, 1, 2])
