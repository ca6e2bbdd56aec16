import subprocess
import sys
import tempfile
from pathlib import Path

# What a spawned worker does: start a fresh interpreter and import your script as a
# module. Without the
# guard, that import runs the top-level code again, which tries to start workers from
# inside a worker.
UNGUARDED = """
import multiprocessing as mp
ctx = mp.get_context("spawn")  # the default on Windows and macOS; DataLoader(multiprocessing_context=...) too
p = ctx.Process(target=print)
p.start()
p.join()
print("worker exit code", p.exitcode)
"""
GUARDED = "if __name__ == '__main__':\n" + "\n".join(
    "    " + line for line in UNGUARDED.strip().splitlines()
)

with tempfile.TemporaryDirectory() as tmp:
    for name, source in [("unguarded", UNGUARDED), ("guarded", GUARDED)]:
        script = Path(tmp) / f"{name}.py"
        script.write_text(source)
        run = subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, cwd=tmp
        )
        print(name, "->", run.stdout.strip())
        # > unguarded -> worker exit code 1
        # > guarded -> worker exit code 0
        errors = [line.strip() for line in run.stderr.splitlines() if "attempt" in line]
        if errors:
            print(errors[0])
            # > An attempt has been made to start a new process before the
