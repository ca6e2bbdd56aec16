import codecs

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Embedding(20, 16), nn.Linear(16, 20)).eval()
calls = 0


def next_token(token):  # one decoding step: greedy on the last token's logits
    global calls
    calls += 1
    return model(torch.tensor([token])).argmax(-1).item()


def stream(token, steps):  # a generator: each token leaves as soon as it exists
    for _ in range(steps):
        token = next_token(token)
        yield token


def generate(token, steps):  # the same loop, returned once at the end
    return list(stream(token, steps))


with torch.inference_mode():
    full = generate(1, 8)
    calls = 0
    tokens = stream(1, 8)
    first = next(tokens)
    print("model calls before the first token:", calls)  # non-streamed: 8
    # > model calls before the first token: 1
    print([first, *tokens] == full, full)
    # > True [16, 3, 17, 17, 17, 17, 17, 17]

# byte-level tokens, the worst case of byte-level BPE: a character of 2-4 UTF-8
# bytes split across tokens
text = "naïve 🙂"
byte_tokens = list(text.encode("utf-8"))
print(len(text), len(byte_tokens))
# > 7 11
naive = [bytes([t]).decode("utf-8", errors="replace") for t in byte_tokens]
print("".join(naive), "".join(naive) == text)
# > na��ve ���� False
decoder = codecs.getincrementaldecoder("utf-8")()  # holds incomplete bytes back
pieces = [decoder.decode(bytes([t])) for t in byte_tokens]
print(pieces)
# > ['n', 'a', '', 'ï', 'v', 'e', ' ', '', '', '', '🙂']
print("".join(pieces) == text)
# > True
