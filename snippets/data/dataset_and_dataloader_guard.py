import re
import subprocess
import sys
import tempfile
from pathlib import Path

# A spawn (or forkserver) worker starts a fresh interpreter that imports your script.
# Without the guard, that import runs the top-level code again: the DataLoader inside
# the worker tries to start workers of its own.
UNGUARDED = """
import torch
from torch.utils.data import DataLoader

loader = DataLoader(
    torch.arange(8), batch_size=4, num_workers=1, multiprocessing_context="spawn"
)
print([batch.tolist() for batch in loader])
"""
GUARDED = "if __name__ == '__main__':\n" + "\n".join(
    "    " + line for line in UNGUARDED.strip().splitlines()
)
# spawn and forkserver also pickle what they send to a worker: no lambdas
LAMBDA = GUARDED.replace('"spawn"', '"forkserver", collate_fn=lambda b: b')
# the same code in a main() function: the lambda is now a local object
LOCAL = LAMBDA.replace("if __name__ == '__main__':", "def main():")
LOCAL += "\n\n\nif __name__ == '__main__':\n    main()\n"


def run(source):
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "train.py"
        script.write_text(source)
        return subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, cwd=tmp
        )


bad = run(UNGUARDED)
print("unguarded: exit code", bad.returncode)
# > unguarded: exit code 1
print([line.strip() for line in bad.stderr.splitlines() if "attempt" in line][0])
# > An attempt has been made to start a new process before the
# what the parent reports, once a worker has died
print(re.sub(r"\d+", "N", bad.stderr.strip().splitlines()[-1]))
# > RuntimeError: DataLoader worker (pid(s) N) exited unexpectedly

good = run(GUARDED)
print("guarded: exit code", good.returncode, good.stdout.strip())
# > guarded: exit code 0 [[0, 1, 2, 3], [4, 5, 6, 7]]

lam = run(LAMBDA)
print("lambda collate_fn: exit code", lam.returncode)
# > lambda collate_fn: exit code 1
print(lam.stderr.strip().splitlines()[-1].split(" <")[0])
# > _pickle.PicklingError: Can't pickle
local = run(LOCAL)
print("lambda in main(): exit code", local.returncode)
# > lambda in main(): exit code 1
print(local.stderr.strip().splitlines()[-1])
# > AttributeError: Can't pickle local object 'main.<locals>.<lambda>'
