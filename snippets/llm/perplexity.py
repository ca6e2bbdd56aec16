import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
V = 50
targets = torch.randint(0, V, (2, 10))

# A model that knows nothing (equal logits) has perplexity V: it is "choosing
# uniformly among V tokens" at every step
uniform = torch.zeros(2, 10, V)
ce = F.cross_entropy(uniform.flatten(0, 1), targets.flatten())
print(f"{ce.item():.4f} {math.log(V):.4f} {ce.exp().item():.1f}")
# > 3.9120 3.9120 50.0

# Perplexity = exp(mean cross-entropy over every predicted token), in nats
logits = torch.randn(2, 10, V) + 3 * F.one_hot(targets, V)  # a model that learned some
lengths = torch.tensor([10, 3])  # the second sequence has 3 real tokens
mask = torch.arange(10) < lengths[:, None]
nll = F.cross_entropy(logits.transpose(1, 2), targets, reduction="none")  # (2, 10)
per_token = nll[mask].mean().exp()
per_sequence = torch.stack([nll[i, : lengths[i]].mean().exp() for i in range(2)]).mean()
print(f"{per_token.item():.2f} {per_sequence.item():.2f}")  # not the same number
# > 6.42 7.38
print(f"{(nll[mask].mean() / math.log(2)).item():.3f} bits per token")
# > 2.683 bits per token

# The same text cut into fewer, longer tokens gives another perplexity: compare
# models only on one tokenizer, or normalize per byte or per word
text_nll = nll[mask].sum()  # total nats for the 13 tokens of the text
for n_tokens in (13, 26):  # that total, if a finer tokenizer cut the text in 26
    print(n_tokens, f"{(text_nll / n_tokens).exp().item():.2f}")
    # > 13 6.42
    # > 26 2.53
