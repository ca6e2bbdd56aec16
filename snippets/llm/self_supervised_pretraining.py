import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
V, d, T = 50, 16, 9
text = torch.randint(0, V, (1, T))  # raw, unlabelled token ids
inputs, labels = text[:, :-1], text[:, 1:]  # the labels are the text, shifted by one
print(text.tolist(), labels.tolist())
# > [[44, 39, 33, 10, 13, 29, 27, 3, 47]] [[39, 33, 10, 13, 29, 27, 3, 47]]

embed, head = nn.Embedding(V, d), nn.Linear(d, V)
block = nn.TransformerEncoderLayer(d, 2, 32, dropout=0.0, batch_first=True)


def logits(x, causal=True):
    n = x.shape[1]
    mask = nn.Transformer.generate_square_subsequent_mask(n) if causal else None
    return head(block(embed(x), src_mask=mask, is_causal=causal))


with torch.no_grad():
    out = logits(inputs)  # one forward pass: T - 1 = 8 next-token predictions
    prefixes = [logits(inputs[:, : t + 1])[:, -1] for t in range(T - 1)]
    one_by_one = torch.stack(prefixes, 1)  # 8 passes, one per prefix
    print(out.shape[1], torch.allclose(out, one_by_one, atol=1e-5))
    # > 8 True
    print(f"loss {F.cross_entropy(out.flatten(0, 1), labels.flatten()).item():.4f}")
    # > loss 4.2837

    # why the mask: change the last input token, see whether position 0 moves
    edited = inputs.clone()
    edited[0, -1] = (edited[0, -1] + 1) % V
    for causal in (True, False):
        first, first_edited = logits(inputs, causal)[0, 0], logits(edited, causal)[0, 0]
        moved = not torch.allclose(first, first_edited)
        print("causal" if causal else "no mask", "position 0 sees the future:", moved)
        # > causal position 0 sees the future: False
        # > no mask position 0 sees the future: True

# training signal per batch: next-token targets vs BERT-style 15% masked targets
B, L = 8, 128
causal_targets = B * (L - 1)
masked_targets = int((torch.rand(B, L) < 0.15).sum())
print(causal_targets, masked_targets)
# > 1016 160
