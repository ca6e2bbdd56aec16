import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
# Static vectors from counts: "hot" and "cold" (antonyms) occur in the same contexts
vocab = ["the", "weather", "is", "hot", "cold", "today"]
corpus = [["the", "weather", "is", w, "today"] for w in ("hot", "cold")]
C = torch.zeros(len(vocab), len(vocab))
for s in corpus:
    for i, w in enumerate(s):
        for c in s[max(0, i - 2) : i] + s[i + 1 : i + 3]:
            C[vocab.index(w), vocab.index(c)] += 1
hot, cold = C[vocab.index("hot")], C[vocab.index("cold")]
print(torch.equal(hot, cold))  # identical count vectors: cosine 1
# > True

# One vector per word type: "bank" (id 2) in two sentences
river = torch.tensor([[1, 2, 3]])  # "river bank water"
money = torch.tensor([[4, 2, 5]])  # "money bank loan"
emb = nn.Embedding(6, 16)
print(torch.equal(emb(river)[0, 1], emb(money)[0, 1]))  # static: the same
# > True

# Contextual: the output at "bank" depends on the whole sentence (random init)
enc = nn.TransformerEncoderLayer(d_model=16, nhead=2, batch_first=True).eval()
with torch.no_grad():
    a, b = enc(emb(river))[0, 1], enc(emb(money))[0, 1]
    print(torch.allclose(a, b), round(F.cosine_similarity(a, b, dim=0).item(), 3))
    # > False 0.962
    # change only the word after "bank": the vector at "bank" changes too
    c = enc(emb(torch.tensor([[1, 2, 5]])))[0, 1]
    print(torch.allclose(a, c))
    # > False
