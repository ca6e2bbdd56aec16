import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
PAD, V, d = 0, 20, 8
sents = [[5, 6, 7], [8, 9, 10, 11, 12], [13, 14]]  # token ids of 3 sentences
L = max(map(len, sents))
padded = torch.tensor([s + [PAD] * (L - len(s)) for s in sents])
mask = padded != PAD  # True on real tokens
print(padded.tolist())
# > [[5, 6, 7, 0, 0], [8, 9, 10, 11, 12], [13, 14, 0, 0, 0]]

# 1. A bag of embeddings: the mean of the word vectors (fastText's classifier, DAN)
bag = nn.EmbeddingBag(V, d, mode="mean", padding_idx=PAD)
flat = torch.tensor([t for s in sents for t in s])
offsets = torch.tensor([0, 3, 8])  # where each sentence starts in `flat`
by_offsets = bag(flat, offsets)
by_padded = bag(padded)  # 2-D input: the pads are left out of the mean
emb = nn.Embedding.from_pretrained(bag.weight, padding_idx=PAD)
masked = (emb(padded) * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
naive = emb(padded).mean(1)  # divides by L: the pads' zeros count
print(torch.allclose(by_offsets, by_padded), torch.allclose(by_padded, masked))
# > True True
print(torch.allclose(masked, naive), torch.allclose(masked[1], naive[1]))
# > False True
# and it ignores word order: "dog bites man" = "man bites dog"
print(torch.allclose(bag(torch.tensor([[3, 4, 2]])), bag(torch.tensor([[2, 4, 3]]))))
# > True

# 2. A transformer encoder: pool its outputs with the same mask, or take [CLS]
enc = nn.TransformerEncoderLayer(d, 2, 16, dropout=0.0, batch_first=True).eval()


def pooled(ids, pad_to):
    n = len(ids)
    ids = torch.tensor([ids + [PAD] * (pad_to - n)])
    keep = ids != PAD
    with torch.no_grad():
        h = enc(emb(ids), src_key_padding_mask=~keep)  # True = ignore
    masked = (h * keep[..., None]).sum(1) / keep.sum(1, keepdim=True)
    return masked, h.mean(1), h[:, 0]  # masked mean, plain mean, first ([CLS]) token


a, b = pooled([1, 8, 9, 10], 4), pooled([1, 8, 9, 10], 9)  # 1 plays [CLS]
print([torch.allclose(p, q, atol=1e-6) for p, q in zip(a, b, strict=True)])
# > [True, False, True]

# 3. Whichever encoder, a linear head and cross-entropy: a 2-class toy task
torch.manual_seed(0)
X = torch.randint(1, V, (512, 6))
y = (X == 3).any(1).long()  # class 1: the sentence holds word 3
(X, X_test), (y, y_test) = X.split(256), y.split(256)
model = nn.Sequential(nn.EmbeddingBag(V, 16, mode="mean"), nn.Linear(16, 2))
opt = torch.optim.Adam(model.parameters(), lr=0.05)
for _ in range(200):
    loss = F.cross_entropy(model(X), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
print(round(loss.item(), 3), (model(X_test).argmax(1) == y_test).float().mean().item())
# > 0.0 1.0
