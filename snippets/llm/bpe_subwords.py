from collections import Counter

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


merges = []
for _ in range(10):
    pairs = Counter()
    for symbols, n in words.items():
        for pair in zip(symbols, symbols[1:]):
            pairs[pair] += n
    best = max(pairs, key=pairs.get)  # the most frequent pair (ties: seen first)
    merges.append(best)
    words = {apply(s, best): n for s, n in words.items()}
print(["".join(m) for m in merges])
# > TODO
print([" ".join(s) for s in words])
# > TODO


def encode(word):  # a new word: its characters, then the merges in learned order
    symbols = tuple(word) + ("</w>",)
    for pair in merges:
        symbols = apply(symbols, pair)
    return symbols


for word in ("lowest", "newer", "wider"):  # none is in the corpus
    print(word, encode(word))
# > TODO
print(encode("löw"))  # a character never seen stays a symbol outside the vocabulary
# > TODO
# Byte-level BPE (GPT-2) starts from the 256 byte values instead: every string
# is covered, and a new character costs bytes, not an unknown token
print(list("löw".encode()))
# > TODO
