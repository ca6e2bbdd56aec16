from collections import Counter
from itertools import pairwise

# Sennrich et al.'s toy corpus: word -> count; words start as characters + end mark
corpus = {"low": 5, "lower": 2, "newest": 6, "widest": 3}
words = {tuple(w) + ("</w>",): n for w, n in corpus.items()}


def apply(symbols, pair):  # replace every occurrence of the pair by one symbol
    out, i = [], 0
    while i < len(symbols):
        if symbols[i : i + 2] == pair:
            out.append(pair[0] + pair[1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return tuple(out)


start = sum(len(s) * n for s, n in words.items())  # symbols in the corpus
merges = []
for _ in range(10):
    pairs = Counter()
    for symbols, n in words.items():
        for pair in pairwise(symbols):
            pairs[pair] += n
    best = max(pairs, key=pairs.get)  # the most frequent pair (ties: seen first)
    merges.append(best)
    words = {apply(s, best): n for s, n in words.items()}
print(["".join(m) for m in merges])
# > ['es', 'est', 'est</w>', 'lo', 'low', 'ne', 'new', 'newest</w>', 'low</w>', 'wi']
print([" ".join(s) for s in words])
# > ['low</w>', 'low e r </w>', 'newest</w>', 'wi d est</w>']
print(start, sum(len(s) * n for s, n in words.items()))  # characters, then tokens
# > 95 28


def encode(word):  # a new word: its characters, then the merges in learned order
    symbols = tuple(word) + ("</w>",)
    for pair in merges:
        symbols = apply(symbols, pair)
    return symbols


for word in ("lowest", "newer", "wider"):  # none is in the corpus
    print(word, encode(word))
    # > lowest ('low', 'est</w>')
    # > newer ('new', 'e', 'r', '</w>')
    # > wider ('wi', 'd', 'e', 'r', '</w>')
print(encode("löw"))  # a character never seen stays a symbol outside the vocabulary
# > ('l', 'ö', 'w', '</w>')
# Byte-level BPE (GPT-2) starts from the 256 byte values instead: every string
# is covered, and a new character costs bytes, not an unknown token
print(list("löw".encode()))
# > [108, 195, 182, 119]
