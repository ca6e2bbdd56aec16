import textwrap
import warnings

import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():  # debug only: it slows every op down
        y = w.sigmoid()
        y.mul_(2)
        try:
            y.sum().backward()
        except RuntimeError:
            pass
print(textwrap.fill(str(caught[0].message), 80))  # the context manager warns
# > Anomaly Detection has been enabled. This mode will increase the runtime and
# > should only be enabled for debugging.
report = next(str(c.message) for c in caught if "Error detected" in str(c.message))
# anomaly mode names the backward that failed and the forward line that made it:
print(report.split(".")[0])
# > Error detected in SigmoidBackward0
code_lines = [line for line in report.splitlines() if line.startswith("    ")]
print(code_lines[-1].strip())  # the innermost frame: the sigmoid, not the mul_
# > y = w.sigmoid()

# The global switch, set_detect_anomaly(True), warns nothing
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.autograd.set_detect_anomaly(True)
    torch.autograd.set_detect_anomaly(False)
print(len(caught), "warnings")
# > 0 warnings
