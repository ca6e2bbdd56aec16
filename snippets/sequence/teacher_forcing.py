import torch
from torch import nn

torch.manual_seed(0)
VOCAB, H, BOS = 10, 16, 0
emb, gru, head = (
    nn.Embedding(VOCAB, H),
    nn.GRU(H, H, batch_first=True),
    nn.Linear(H, VOCAB),
)
target = torch.tensor([[3, 1, 4, 1, 5, 9, 2, 6]])  # the sequence to produce
h0 = torch.zeros(1, 1, H)  # in a seq2seq model: the encoder's final state
params = [*emb.parameters(), *gru.parameters(), *head.parameters()]
opt = torch.optim.Adam(params, lr=0.05)

# Teacher forcing (training): step t reads the TRUE token t-1, known in advance,
# so all steps go through the GRU in one call
inputs_tf = torch.cat([torch.tensor([[BOS]]), target[:, :-1]], dim=1)
print("teacher forcing feeds", inputs_tf.tolist()[0])
# > teacher forcing feeds [0, 3, 1, 4, 1, 5, 9, 2]
for _ in range(100):
    logits = head(gru(emb(inputs_tf), h0)[0])
    loss = nn.functional.cross_entropy(logits.transpose(1, 2), target)
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item() < 0.01)
# > True

# The one call equals a loop that feeds the true previous token at every step
with torch.no_grad():
    h, steps = h0, []
    for t in range(target.shape[1]):
        out, h = gru(emb(inputs_tf[:, t : t + 1]), h)
        steps.append(head(out))
    one_call = head(gru(emb(inputs_tf), h0)[0])
    print(torch.allclose(torch.cat(steps, dim=1), one_call, atol=1e-5))
    # > True


# Free running (inference): step t reads the model's OWN prediction at t-1,
# which exists only after that step: a loop
@torch.no_grad()
def free_run(mistake_at=None):
    token, h, fed, made = torch.tensor([[BOS]]), h0, [], []
    for t in range(target.shape[1]):
        fed.append(token.item())
        out, h = gru(emb(token), h)
        token = head(out).argmax(-1)
        if t == mistake_at:
            token = torch.tensor([[7]])  # one wrong token, as a sampler may pick
        made.append(token.item())
    return fed, made


print("free running feeds   ", free_run()[0])
# > free running feeds    [0, 3, 1, 4, 1, 5, 9, 2]
print("and produces         ", free_run()[1])
# > and produces          [3, 1, 4, 1, 5, 9, 2, 6]
# Exposure bias: after one mistake the model reads a prefix it never saw in training
print("after a mistake at 2 ", free_run(mistake_at=2)[1])
# > after a mistake at 2  [3, 1, 7, 3, 1, 4, 1, 5]
