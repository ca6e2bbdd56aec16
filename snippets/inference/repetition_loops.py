import torch

torch.manual_seed(0)
words = ["the", "cat", "sat", "on", "a", "mat", "."]
W = {w: i for i, w in enumerate(words)}
# a toy bigram LM: the next token's logits depend on the last token only
table = torch.full((len(words), len(words)), -5.0)
for prev, nxt, logit in [
    ("the", "cat", 3.0), ("the", "mat", 2.5), ("cat", "sat", 3.0), ("sat", "on", 3.0),
    ("on", "the", 3.0), ("on", "a", 2.0), ("a", "mat", 3.0), ("mat", ".", 3.0),
]:  # fmt: skip
    table[W[prev], W[nxt]] = logit


def generate(steps=14, penalty=1.0, no_repeat_ngram=0):
    out = [W["the"]]
    while len(out) <= steps and out[-1] != W["."]:
        logits = table[out[-1]].clone()
        seen = torch.tensor(sorted(set(out)))
        picked = logits[seen]  # CTRL's penalty with Hugging Face's sign rule
        logits[seen] = torch.where(picked > 0, picked / penalty, picked * penalty)
        if no_repeat_ngram == 2:  # ban a token that would repeat a bigram
            for a, b in zip(out, out[1:], strict=False):
                if a == out[-1]:
                    logits[b] = float("-inf")
        out.append(int(logits.argmax()))  # greedy
    return " ".join(words[t] for t in out)


print("greedy:          ", generate())
# > greedy:           the cat sat on the cat sat on the cat sat on the cat sat
print("penalty 1.3:     ", generate(penalty=1.3))
# > penalty 1.3:      the cat sat on the mat .
print("penalty 2.0:     ", generate(penalty=2.0))  # "the" is needed again
# > penalty 2.0:      the cat sat on a mat .
print("no_repeat_ngram 2:", generate(no_repeat_ngram=2))
# > no_repeat_ngram 2: the cat sat on the mat .

# sampling at temperature 1: the loop has two exits, "a" after "on", "mat" after "the"
p = table.softmax(-1)
print("p(a | on) =", round(p[W["on"], W["a"]].item(), 3), end=", ")
# > p(a | on) = 0.269,
print("p(mat | the) =", round(p[W["the"], W["mat"]].item(), 3))
# > p(mat | the) = 0.377
lap = ["the", "cat", "sat", "on", "the"]
stay = torch.stack([p[W[u], W[v]] for u, v in zip(lap, lap[1:], strict=False)]).prod()
print("a lap of the loop survives with probability", round(stay.item(), 3))
# > a lap of the loop survives with probability 0.452
g = torch.Generator().manual_seed(0)
ended = 0
for _ in range(1000):
    t = W["the"]
    for _ in range(40):
        t = int(torch.multinomial(table[t].softmax(-1), 1, generator=g))
        if t == W["."]:
            ended += 1
            break
print("sampled runs that reach '.' within 40 tokens:", ended, "of 1000")
# > sampled runs that reach '.' within 40 tokens: 1000 of 1000
