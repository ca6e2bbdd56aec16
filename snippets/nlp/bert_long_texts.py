import torch
from torch import nn

torch.manual_seed(0)
MAX = 512  # BERT's learned position table has 512 rows
pos = nn.Embedding(MAX, 8)
try:
    pos(torch.arange(600))
except IndexError as e:
    print("600 positions:", e)
    # > 600 positions: index out of range in self

ids = torch.arange(1300)  # a long document's token ids ([CLS]/[SEP] left out)

# 1. truncation, head + tail: the first 128 and the last 382 tokens (+2 specials = 512)
head_tail = torch.cat([ids[:128], ids[-382:]])
print("head+tail:", len(head_tail), head_tail[127].item(), head_tail[128].item())
# > head+tail: 510 127 918


# 2. sliding windows of 510 tokens, each starting 255 after the one before
#    (Hugging Face's `stride` is the overlap, size - step: also 255 here)
def windows(ids, size=510, step=255):
    starts = list(range(0, max(len(ids) - size, 0) + 1, step))
    if starts[-1] + size < len(ids):
        starts.append(len(ids) - size)  # a last window flush with the end
    return [ids[s : s + size] for s in starts], starts


chunks, starts = windows(ids)
print("windows start at", starts)
# > windows start at [0, 255, 510, 765, 790]
covered = torch.zeros(len(ids), dtype=torch.long)
for c in chunks:
    covered[c] += 1
print(
    "covered:",
    bool((covered > 0).all()),
    "windows per token:",
    covered.unique().tolist(),
)
# > covered: True windows per token: [1, 2, 3]


# aggregate the windows: one mention of token 100 makes the document positive
def window_score(chunk):  # a stand-in for the classifier's logit on one window
    return 4.0 if (chunk == 100).any() else -2.0


scores = torch.tensor([window_score(c) for c in chunks])
print("scores:", scores.tolist())
# > scores: [4.0, -2.0, -2.0, -2.0, -2.0]
print("mean:", round(scores.mean().item(), 2), "max:", scores.max().item())
# > mean: -0.8 max: 4.0
