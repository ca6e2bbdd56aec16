import warnings

import torch

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.cuda.amp.GradScaler()  # the pre-2.4 spelling, still in many tutorials
    with torch.cuda.amp.autocast():
        pass

# without CUDA a UserWarning comes too
future = [w for w in caught if issubclass(w.category, FutureWarning)]
print(len(future), future[0].category.__name__)
# > 2 FutureWarning
for w in future:
    print(str(w.message).replace(" Please", "\n    Please"))
    # > `torch.cuda.amp.GradScaler(args...)` is deprecated.
    # >     Please use `torch.amp.GradScaler('cuda', args...)` instead.
    # > `torch.cuda.amp.autocast(args...)` is deprecated.
    # >     Please use `torch.amp.autocast('cuda', args...)` instead.
