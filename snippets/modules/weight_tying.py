import io

import torch
from torch import nn


class LM(nn.Module):
    def __init__(self, tie, vocab=1000, dim=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)  # weight: (vocab, dim)
        self.head = nn.Linear(dim, vocab, bias=False)  # weight: (vocab, dim) too
        if tie:
            self.head.weight = self.embed.weight  # one Parameter under two names

    def forward(self, ids):
        return self.head(self.embed(ids))


def saved_bytes(model):
    buffer = io.BytesIO()
    torch.save(model.state_dict(), buffer)
    return buffer.tell()


torch.manual_seed(0)
tied, untied = LM(tie=True), LM(tie=False)
print(tied.head.weight is tied.embed.weight, len(list(tied.parameters())))
# > True 1
print(
    sum(p.numel() for p in tied.parameters()),
    sum(p.numel() for p in untied.parameters()),
)
# > 64000 128000

# state_dict keeps both names, pointing at the same memory; torch.save stores it once
sd = tied.state_dict()
print(list(sd), sd["head.weight"].data_ptr() == sd["embed.weight"].data_ptr())
# > ['embed.weight', 'head.weight'] True
print(round(saved_bytes(tied) / saved_bytes(untied), 2))
# > 0.5

# the gradient is the sum of the two uses: input lookup and output projection
ids = torch.tensor([1, 2, 3])
tied(ids).sum().backward()
untied.load_state_dict(sd)  # the same values, as two separate tensors
untied(ids).sum().backward()
both = untied.embed.weight.grad + untied.head.weight.grad
print(torch.allclose(tied.embed.weight.grad, both))
# > True

# the trap: loading a tied checkpoint into an untied model copies, it does not tie
print(untied.head.weight is untied.embed.weight)
# > False
retied = LM(tie=True)
retied.load_state_dict(sd)  # into a tied model: copied into the one shared tensor
retied.to(torch.float64)  # .to() keeps the tie as well
print(retied.head.weight is retied.embed.weight)
# > True

# the other way is silent too: an untied checkpoint copied into the one shared tensor
# twice, embed's values first, then head's, which are all that is left
two = LM(tie=False).state_dict()
tied_again = LM(tie=True)
print(
    tied_again.load_state_dict(two),
    torch.equal(tied_again.embed.weight, two["head.weight"]),
    torch.equal(tied_again.embed.weight, two["embed.weight"]),
)
# > <All keys matched successfully> True False
