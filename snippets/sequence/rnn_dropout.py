import textwrap
import warnings

import torch
from torch import nn

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    one = nn.LSTM(8, 16, num_layers=1, dropout=0.5)
print(caught[0].category.__name__)
# > UserWarning
print(textwrap.fill(str(caught[0].message), 80))
# > dropout option adds dropout after all but last recurrent layer, so non-zero
# > dropout expects num_layers greater than 1, but got dropout=0.5 and num_layers=1

torch.manual_seed(0)
x = torch.randn(4, 10, 8)
print(torch.equal(one.train()(x)[0], one.eval()(x)[0]))  # one layer: nothing dropped
# > True

lstm = nn.LSTM(8, 16, num_layers=2, dropout=0.5, batch_first=True)
lstm.eval()
out_eval, (h_eval, _) = lstm(x)
lstm.train()
out_train, (h_train, _) = lstm(x)
# Layer 0's own states are untouched: no dropout inside its recurrence
print(torch.equal(h_train[0], h_eval[0]))
# > True
# Layer 1 reads layer 0's outputs through a dropout: its results change
print(torch.allclose(h_train[1], h_eval[1]), torch.allclose(out_train, out_eval))
# > False False
# The output of the last layer is not dropped: no exact zeros in it
print((out_train == 0).sum().item(), "zeros of", out_train.numel())
# > 0 zeros of 640

# Which mask? Make layer 1 copy its dropped input: c_t = g_t = tanh(2 * dropped h0_t)
H = 16
with torch.no_grad():
    for name, p in lstm.named_parameters():
        if name.endswith("l1"):
            p.zero_()
    lstm.weight_ih_l1[2 * H : 3 * H] = 2 * torch.eye(H)
    lstm.bias_ih_l1[:H], lstm.bias_ih_l1[3 * H :] = 100.0, 100.0  # i = o = 1
    lstm.bias_ih_l1[H : 2 * H] = -100.0  # f = 0: nothing carried from t - 1
dropped = lstm.train()(x)[0] == 0  # zero exactly where layer 0's output was dropped
print(f"{dropped.float().mean():.2f}", (dropped == dropped[:, :1]).all().item())
# > 0.52 False


# Variational dropout (Gal & Ghahramani): one mask per sequence, the same at every step
def variational_dropout(h, p):  # h: (N, L, H)
    mask = torch.bernoulli(torch.full((h.shape[0], 1, h.shape[2]), 1 - p))
    return h * mask / (1 - p)


y = variational_dropout(torch.ones(2, 5, 6), p=0.5)
print(((y == 0) == (y[:, :1] == 0)).all().item(), (y == 0).any().item())
# > True True
