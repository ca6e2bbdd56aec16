import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)


def ngrams(word, minn=3, maxn=6):  # character n-grams of "<word>", fastText's
    w = f"<{word}>"
    return [w[i : i + n] for n in range(minn, maxn + 1) for i in range(len(w) - n + 1)]


def fnv1a(s):  # the 32-bit FNV-1a hash fastText maps n-grams with (ASCII here)
    h = 2166136261
    for byte in s.encode():
        h = ((h ^ byte) * 16777619) % 2**32
    return h


print(ngrams("where", 3, 3))
# > ['<wh', 'whe', 'her', 'ere', 're>']
print("her" in ngrams("where"), "<her>" in ngrams("where"), "<her>" in ngrams("her"))
# > True False True

vocab = ["walk", "walking", "talked", "table"]
K, d = 20_000, 300  # buckets (the paper: 2 million) and vector size
# one table: a row per vocabulary word, then K rows shared by all hashed n-grams
table = nn.EmbeddingBag(len(vocab) + K, d, mode="sum")


def rows(word):
    grams = [len(vocab) + fnv1a(g) % K for g in ngrams(word)]
    return ([vocab.index(word)] if word in vocab else []) + grams


def vector(word):  # the sum of the word's own row (if any) and its n-gram rows
    return table(torch.tensor(rows(word)), torch.tensor([0]))[0]


word2vec = dict(zip(vocab, torch.randn(len(vocab), d), strict=True))
try:
    word2vec["walked"]
except KeyError as e:
    print("word2vec: no vector for", e)
    # > word2vec: no vector for 'walked'
print(len(ngrams("walked")), len(rows("walked")), len(rows("walking")))
# > 18 18 23
print(sorted(set(ngrams("walked")) & set(ngrams("walking"))))
# > ['<wa', '<wal', '<walk', 'alk', 'wal', 'walk']
print(sorted(set(ngrams("walked")) & set(ngrams("talked"))))
# > ['alk', 'alke', 'alked', 'alked>', 'ed>', 'ked', 'ked>', 'lke', 'lked', 'lked>']
with torch.no_grad():
    w = vector("walked")
    for other in vocab:  # random rows: the cosine follows the rows the words share
        a, b = rows("walked"), rows(other)
        shared = len(set(a) & set(b)) / (len(a) * len(b)) ** 0.5
        cos = F.cosine_similarity(w, vector(other), dim=0).item()
        print(other, round(shared, 2), round(cos, 2))
        # > walk 0.43 0.52
        # > walking 0.29 0.33
        # > talked 0.54 0.44
        # > table 0.0 0.01
    # EmbeddingBag(mode="sum") is the sum of the rows it looks up
    r = torch.tensor(rows("walked"))
    print(torch.allclose(w, table.weight[r].sum(0), atol=1e-5))
    # > True

# Hashing: distinct n-grams can share a bucket (a collision), more so as K shrinks
grams = sorted({g for word in vocab + ["walked"] for g in ngrams(word)})
for k in (100, K, 2_000_000):
    print(k, len(grams), len({fnv1a(g) % k for g in grams}))
    # > 100 59 44
    # > 20000 59 59
    # > 2000000 59 59

# the library's get_word_vector averages the rows: same direction, so a lookup of
# fixed rows gives the same cosines (its training on the average is another matter)
mean = nn.EmbeddingBag.from_pretrained(table.weight, mode="mean")
with torch.no_grad():
    cos_sum = F.cosine_similarity(vector("walked"), vector("talked"), dim=0)
    a, b = (
        mean(torch.tensor(rows(w)), torch.tensor([0]))[0] for w in ("walked", "talked")
    )
    print(torch.allclose(cos_sum, F.cosine_similarity(a, b, dim=0)))
    # > True
