import hashlib

import torch

torch.manual_seed(0)


def nearest_neighbor_accuracy(x_tr, y_tr, x_va, y_va):
    """A model that memorizes: predict the label of the closest training sample."""
    # float64: some nearest and second-nearest distances differ by 1e-5 only
    pred = y_tr[torch.cdist(x_va.double(), x_tr.double()).argmin(1)]
    return round((pred == y_va).float().mean().item(), 2)


# 100 subjects (patients, speakers, users), 4 samples each: one vector per subject plus
# a little noise. Labels are random per subject: there is nothing to learn.
subjects = torch.arange(100).repeat_interleave(4)
x = torch.randn(100, 16)[subjects] + 0.1 * torch.randn(400, 16)
y = torch.randint(0, 2, (100,))[subjects]

# A plain random split puts the same subject on both sides.
perm = torch.randperm(400)
tr, va = perm[:320], perm[320:]
shared = set(subjects[tr].tolist()) & set(subjects[va].tolist())
print("random split: subjects in both", len(shared))
# > random split: subjects in both 56
print("  val accuracy", nearest_neighbor_accuracy(x[tr], y[tr], x[va], y[va]))
# >   val accuracy 1.0

# Group-aware split: split the subjects, then take all their samples.
groups = torch.randperm(100)
va_groups = groups[:20]
is_va = torch.isin(subjects, va_groups)
tr, va = (~is_va).nonzero().flatten(), is_va.nonzero().flatten()
shared = set(subjects[tr].tolist()) & set(subjects[va].tolist())
print("group split: subjects in both", len(shared), "sizes", len(tr), len(va))
# > group split: subjects in both 0 sizes 320 80
print("  val accuracy", nearest_neighbor_accuracy(x[tr], y[tr], x[va], y[va]))
# >   val accuracy 0.52


# Exact duplicates across splits: hash each sample's bytes.
def digest(t):
    return hashlib.sha256(t.contiguous().numpy().tobytes()).hexdigest()


x_va = x[va].clone()
x_va[:3] = x[tr[:3]]  # three training samples copied into validation
train_hashes = {digest(s) for s in x[tr]}
print("exact duplicates:", sum(digest(s) in train_hashes for s in x_va))
# > exact duplicates: 3

# A hash finds exact copies only: the same sample with one changed bit, or in another
# dtype, hashes differently. Near-duplicates need a distance (or embedding) check.
near = x_va[0] + 1e-6
print(digest(near) in train_hashes, digest(x_va[0].double()) in train_hashes)
# > False False
# cdist's default matmul path can be ~1e-3 off for nearly equal rows: use differences
dist = torch.cdist(near[None], x[tr], compute_mode="donot_use_mm_for_euclid_dist")
print("near-duplicate found:", dist.min().item() < 1e-3)
# > near-duplicate found: True
