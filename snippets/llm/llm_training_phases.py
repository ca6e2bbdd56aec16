import torch
import torch.nn.functional as F

torch.manual_seed(0)
V = 10
# One sequence: 4 prompt tokens, then 4 response tokens
ids = torch.tensor([[1, 5, 3, 7, 2, 8, 4, 9]])
n_prompt = 4
logits = torch.randn(1, ids.shape[1], V)  # a model's outputs for ids

# Pretraining: every next token is a target
labels = ids.clone()
pretrain = F.cross_entropy(logits[:, :-1].reshape(-1, V), labels[:, 1:].reshape(-1))

# SFT: same loss, prompt tokens labelled -100 (ignored)
labels_sft = ids.clone()
labels_sft[:, :n_prompt] = -100
sft = F.cross_entropy(logits[:, :-1].reshape(-1, V), labels_sft[:, 1:].reshape(-1))
print(f"all tokens {pretrain.item():.4f}, response only {sft.item():.4f}")
# > all tokens 2.4109, response only 2.7326
print(
    "targets counted:",
    (labels[:, 1:] != -100).sum().item(),
    "vs",
    (labels_sft[:, 1:] != -100).sum().item(),
)
# > targets counted: 7 vs 4

# The same number by hand: mean of the response tokens' per-token losses
per_token = F.cross_entropy(
    logits[0, :-1], ids[0, 1:], reduction="none"
)  # position t predicts token t + 1
print(torch.allclose(sft, per_token[n_prompt - 1 :].mean()))
# > True

# DPO compares this sum with the reference's and the rejected answer's; PPO and
# GRPO weigh each response token's log-prob ratio by an advantage
logp_response = -per_token[n_prompt - 1 :].sum()
print(f"response log-prob {logp_response.item():.4f}")
# > response log-prob -10.9302
