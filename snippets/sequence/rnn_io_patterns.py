import torch
from torch import nn

torch.manual_seed(0)
N, L, E, H, C, V = 4, 7, 8, 16, 3, 10  # batch, length, sizes, classes, vocabulary
x = torch.randn(N, L, E, requires_grad=True)
rnn = nn.GRU(E, H, batch_first=True)
output, h_n = rnn(x)  # output (N, L, H): every step; h_n (1, N, H): the last
print(tuple(output.shape), tuple(h_n.shape))
# > (4, 7, 16) (1, 4, 16)

# many-to-one (sentence classification): one vector for the whole sequence
logits = nn.Linear(H, C)(h_n[-1])
print("many-to-one", tuple(logits.shape))
# > many-to-one (4, 3)

# many-to-many, aligned (tagging): one output per input step
tags = nn.Linear(H, C)(output)
print("many-to-many", tuple(tags.shape))
# > many-to-many (4, 7, 3)
# a one-direction RNN's output at step 2 has read inputs 0..2 only
g = torch.autograd.grad(output[:, 2].sum(), x, retain_graph=True)[0]
print([bool(g[:, t].abs().sum() > 0) for t in range(L)])
# > [True, True, True, False, False, False, False]

# one-to-many (captioning): one input vector, then the model feeds itself
image = torch.randn(N, 32)
captioner, to_input = nn.GRU(E, H, batch_first=True), nn.Linear(32, E)
embed, head = nn.Embedding(V, E), nn.Linear(H, V)
inp, h, words = to_input(image)[:, None], None, []
for _ in range(5):
    out, h = captioner(inp, h)  # one step: (N, 1, E) -> (N, 1, H)
    word = head(out[:, -1]).argmax(-1)  # greedy choice, fed back next step
    words.append(word)
    inp = embed(word)[:, None]
print("one-to-many", tuple(torch.stack(words, 1).shape))
# > one-to-many (4, 5)

# seq2seq (translation): the encoder's h_n starts a decoder over T != L steps
decoder = nn.GRU(E, H, batch_first=True)
T = 4
dec_out, _ = decoder(torch.randn(N, T, E), h_n)  # teacher-forced target inputs
print("seq2seq", tuple(nn.Linear(H, V)(dec_out).shape))
# > seq2seq (4, 4, 10)
g = torch.autograd.grad(dec_out[:, -1].sum(), x)[0]
print(bool(g[:, 0].abs().sum() > 0))  # the last target step reads the first source
# > True
