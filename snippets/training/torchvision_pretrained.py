import torch
from torch import nn

# torchvision is not imported: the site's tests run without it. This stands in for
# resnet18(weights=...): a model whose checkpoint has a 1000-class head.
torch.manual_seed(0)


def net(num_classes=1000):
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, num_classes))


checkpoint = net().state_dict()  # the pretrained weights, head included

# building with num_classes=10 first, then loading, fails on the head's shapes
try:
    net(num_classes=10).load_state_dict(checkpoint)
except RuntimeError as e:
    print(type(e).__name__, str(e).splitlines()[1].split(":")[0].strip())
    # > RuntimeError size mismatch for 2.weight
# strict=False skips missing and unexpected keys, not a shape mismatch: it raises too
try:
    net(num_classes=10).load_state_dict(checkpoint, strict=False)
except RuntimeError as e:
    print(type(e).__name__, str(e).splitlines()[1].split(":")[0].strip())
    # > RuntimeError size mismatch for 2.weight

# load first, then replace the head: the backbone is pretrained, the head is new
model = net()
model.load_state_dict(checkpoint)
model[2] = nn.Linear(model[2].in_features, 10)
same = torch.equal(model[0].weight, checkpoint["0.weight"])
print(same, model(torch.randn(4, 8)).shape)
# > True torch.Size([4, 10])
