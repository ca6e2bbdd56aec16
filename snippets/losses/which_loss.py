import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
N, C, T, D = 4, 3, 5, 8  # batch, classes, sequence length, embedding size

# task: (loss, what the model outputs, target)
tasks = {
    "regression": (nn.MSELoss(), torch.randn(N, 1), torch.randn(N, 1)),
    "binary": (
        nn.BCEWithLogitsLoss(),
        torch.randn(N),
        torch.randint(0, 2, (N,)).float(),
    ),
    "multi-class": (
        nn.CrossEntropyLoss(),
        torch.randn(N, C),
        torch.randint(0, C, (N,)),
    ),
    "multi-label": (
        nn.BCEWithLogitsLoss(),
        torch.randn(N, C),
        torch.randint(0, 2, (N, C)).float(),
    ),
    "per-token": (
        nn.CrossEntropyLoss(),
        torch.randn(N, C, T),
        torch.randint(0, C, (N, T)),
    ),
}
for task, (loss_fn, out, target) in tasks.items():
    name, loss = type(loss_fn).__name__, loss_fn(out, target)
    print(
        f"{task:11} {name:17} {tuple(out.shape)} {str(out.dtype)[6:]:7}"
        f" {tuple(target.shape)} {str(target.dtype)[6:]} -> {loss.shape}"
    )
    # > regression  MSELoss           (4, 1) float32 (4, 1) float32 -> torch.Size([])
    # > binary      BCEWithLogitsLoss (4,) float32 (4,) float32 -> torch.Size([])
    # > multi-class CrossEntropyLoss  (4, 3) float32 (4,) int64 -> torch.Size([])
    # > multi-label BCEWithLogitsLoss (4, 3) float32 (4, 3) float32 -> torch.Size([])
    # > per-token   CrossEntropyLoss  (4, 3, 5) float32 (4, 5) int64 -> torch.Size([])

# ranking and contrastive: embeddings in, no class target
anchor, positive, negative = torch.randn(3, N, D).unbind(0)
print(nn.TripletMarginLoss(margin=1.0)(anchor, positive, negative).shape)
# > torch.Size([])
# InfoNCE: row i of the similarity matrix should pick column i; CLIP averages it
# with the same loss over the columns (image-to-text and text-to-image)
z1, z2 = F.normalize(anchor, dim=1), F.normalize(positive, dim=1)
sim, labels = z1 @ z2.T / 0.07, torch.arange(N)
one_way = F.cross_entropy(sim, labels)
clip = (F.cross_entropy(sim, labels) + F.cross_entropy(sim.T, labels)) / 2
print(one_way.shape, round(one_way.item(), 4), round(clip.item(), 4))
# > torch.Size([]) 6.4527 6.4558

# ranking: two scores per pair, and y = 1 where the first should score higher, -1
# where the second should: the loss is mean(max(0, margin - y * (s1 - s2)))
s1, s2 = torch.randn(2, N).unbind(0)
y = torch.tensor([1.0, -1.0, 1.0, -1.0])
rank = nn.MarginRankingLoss(margin=0.5)(s1, s2, y)
print(rank.shape, torch.allclose(rank, (0.5 - y * (s1 - s2)).clamp(min=0).mean()))
# > torch.Size([]) True

# unaligned sequences (speech, OCR): CTC takes (T, N, C) log-probs and lengths
log_probs = torch.randn(T, N, C).log_softmax(dim=2)
targets = torch.randint(1, C, (N, 2))  # class 0 is the blank
lengths = torch.full((N,), T), torch.full((N,), 2)
print(nn.CTCLoss(blank=0)(log_probs, targets, *lengths).shape)
# > torch.Size([])

# robust regression: SmoothL1Loss(beta) is HuberLoss(delta=beta) divided by beta, so
# their gradients differ by that factor; at beta = 1 they are the same loss
x, t = torch.randn(N) * 3, torch.randn(N)
for beta in (1.0, 2.0):
    huber, smooth = F.huber_loss(x, t, delta=beta), F.smooth_l1_loss(x, t, beta=beta)
    print(beta, torch.allclose(smooth, huber / beta), torch.allclose(smooth, huber))
    # > 1.0 True True
    # > 2.0 True False
print(nn.HuberLoss().delta, nn.SmoothL1Loss().beta)  # the defaults: the same loss
# > 1.0 1.0
# a delta above every |x - t| leaves Huber's quadratic part: half of MSELoss
print(round((F.huber_loss(x, t, delta=1e6) / F.mse_loss(x, t)).item(), 4))
# > 0.5
