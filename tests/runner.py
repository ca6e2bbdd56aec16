"""Run one code block the way a reader would, and report what it printed.

A block runs in the test process (fast: torch is imported once) unless it is a program that starts processes:
a block with an `if __name__ == "__main__":` guard, or one marked `torchrun`, is written to a file and run by a
fresh interpreter, as the reader would run it.

Each block starts from the same state: seeds reset, float32 default dtype, grad mode on, default threads and
matmul precision, a fresh temporary working directory, deprecations as errors, a time limit.
"""

from __future__ import annotations

import contextlib
import fnmatch
import io
import json
import linecache
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from tests.pagecode import Block, rel
from tests.runtime import qa_runtime
from tools.qa import ROOT

RUNTIME = Path(__file__).resolve().parent / "runtime"
SEED = 0
DEFAULT_TIMEOUT = float(os.environ.get("QA_BLOCK_TIMEOUT", 60))  # seconds; pytest.mark.timeout(N) gives N


class BlockTimeout(BaseException):
    """Raised inside a block that runs past its time limit (a BaseException, so `except Exception` can't eat it)."""


@dataclass
class Outcome:
    prints: list[tuple[int, str]]  # (line of the block's statement, text it wrote to stdout)
    error: str | None = None  # translated traceback, naming snippet files and lines
    error_line: int | None = None  # line of the block where the error happened


# --- the repository is read-only for snippets ---------------------------------------------------------------


def ignored_patterns() -> list[str]:
    """What git ignores (.gitignore: the environment, caches, build output) is not the repository's content."""
    lines = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    return [".git", *(line.strip().rstrip("/") for line in lines if line.strip() and not line.startswith("#"))]


def repository_files() -> dict[str, tuple[int, int]]:
    """(mtime, size) of every file of the repository that git does not ignore."""
    ignored = ignored_patterns()
    files = {}
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not any(fnmatch.fnmatch(d, p) for p in ignored)]
        for name in names:
            if any(fnmatch.fnmatch(name, p) for p in ignored):
                continue
            path = os.path.join(folder, name)
            with contextlib.suppress(FileNotFoundError):
                st = os.stat(path)
                files[os.path.relpath(path, ROOT)] = (st.st_mtime_ns, st.st_size)
    return files


def written(before: dict, after: dict) -> list[str]:
    """Files created, changed or deleted between two snapshots."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def is_program(block: Block, marks: dict) -> bool:
    return "torchrun" in marks or re.search(r"^if __name__ == ['\"]__main__['\"]:", block.code, re.M) is not None


# --- in the test process -----------------------------------------------------------------------------------

_DEFAULTS = {
    "threads": torch.get_num_threads(),
    "matmul": torch.get_float32_matmul_precision(),
    "np_print": np.get_printoptions(),
    "np_err": np.geterr(),
    "denormals": torch.set_flush_denormal(False),  # returns whether the CPU supports the setting
}


def reset_global_state() -> None:
    """The state a fresh interpreter starts with, plus fixed seeds."""
    torch.set_default_dtype(torch.float32)
    torch.set_default_device(None)
    torch.set_grad_enabled(True)
    torch.autograd.set_detect_anomaly(False)
    torch.use_deterministic_algorithms(False)
    torch.set_num_threads(_DEFAULTS["threads"])
    torch.set_float32_matmul_precision(_DEFAULTS["matmul"])
    torch.set_printoptions(profile="default")
    np.set_printoptions(**_DEFAULTS["np_print"])
    np.seterr(**_DEFAULTS["np_err"])
    torch.set_flush_denormal(False)
    torch.manual_seed(SEED)
    random.seed(SEED)
    np.random.seed(SEED)
    if "torch._dynamo" in sys.modules:
        torch._dynamo.reset()
    if "torch._logging" in sys.modules:
        torch._logging.set_logs()  # TORCH_LOGS-style settings back to their defaults


@contextlib.contextmanager
def time_limit(seconds: float):
    def expire(signum, frame):
        raise BlockTimeout(f"did not finish within {seconds:g} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def run_in_process(block: Block, timeout: float) -> Outcome:
    filename = f"<{rel(block.page)}:{block.fence_line}>"
    linecache.cache[filename] = (len(block.code), None, block.code.splitlines(True), filename)
    prints: list[tuple[int, str]] = []
    out = io.StringIO()
    cwd, environ, path = os.getcwd(), dict(os.environ), list(sys.path)
    error = error_line = None
    with tempfile.TemporaryDirectory(prefix="qa-block-") as tmp, warnings.catch_warnings():
        os.chdir(tmp)
        reset_global_state()
        qa_runtime.strict_warnings()
        recorder = qa_runtime.StdoutRecorder(out, filename, lambda line, text: prints.append((line, text)))
        try:
            code = compile(block.code, filename, "exec", dont_inherit=True)
            with contextlib.redirect_stdout(recorder), time_limit(timeout):
                exec(code, {"__name__": "__snippet__", "__file__": filename})
        except BaseException as exc:  # noqa: BLE001  (KeyboardInterrupt included: a block must not stop the suite)
            if isinstance(exc, KeyboardInterrupt):
                raise
            error, error_line = _describe(exc, filename, block)
        finally:
            os.chdir(cwd)
            os.environ.clear()
            os.environ.update(environ)
            sys.path[:] = path
            reset_global_state()
            linecache.cache.pop(filename, None)
    return Outcome(prints, error, error_line)


def _describe(exc: BaseException, filename: str, block: Block) -> tuple[str, int | None]:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    if frames:
        line = frames[-1].lineno
    elif isinstance(exc, SyntaxError) and exc.filename == filename:
        line = exc.lineno
    else:
        line = None
    text = "".join(traceback.format_exception(exc))
    return translate(text, filename, block), line


def translate(text: str, filename: str, block: Block) -> str:
    """Rewrite 'File "<block>", line N' in a traceback as the snippet file and line it came from."""

    def sub(m: re.Match) -> str:
        n = int(m.group(1))
        origin = block.origins[n - 1] if 0 < n <= len(block.origins) else None
        return f'File "{rel(origin[0])}", line {origin[1]}' if origin else m.group(0)

    text = re.sub(r'File "' + re.escape(filename) + r'", line (\d+)', sub, text)
    # Drop the test harness frames: the reader's traceback starts at their own code.
    return re.sub(r'  File "[^"]*tests/runner\.py", line \d+, in \w+\n(    .*\n)*', "", text)


# --- in a fresh interpreter ---------------------------------------------------------------------------------


def run_as_program(block: Block, timeout: float, torchrun: dict | None = None) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="qa-program-") as tmp:
        script = Path(tmp) / Path(block.name).name
        script.write_text(block.code, encoding="utf-8")
        log = Path(tmp) / ".prints.jsonl"
        env = dict(os.environ)
        env.update(
            PYTHONPATH=os.pathsep.join([str(RUNTIME), env.get("PYTHONPATH", "")]).rstrip(os.pathsep),
            QA_SNIPPET_FILE=str(script),
            QA_PRINT_LOG=str(log),
            PYTHONHASHSEED="0",
            PYTHONUNBUFFERED="1",
        )
        if torchrun is not None:
            nproc = str(torchrun.get("nproc_per_node", 2))
            cmd = [
                sys.executable,
                "-m",
                "torch.distributed.run",
                "--standalone",
                f"--nproc_per_node={nproc}",
                str(script),
            ]
        else:
            cmd = [sys.executable, str(script)]
        proc = subprocess.Popen(
            cmd, cwd=tmp, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
        )
        timed_out = False
        try:
            _, stderr = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGUSR1)  # faulthandler prints where each process is
                time.sleep(1)
                os.killpg(proc.pid, signal.SIGKILL)
            _, stderr = proc.communicate()
        prints = []
        if log.exists():
            for row in log.read_text(encoding="utf-8").splitlines():
                record = json.loads(row)
                prints.append((record["line"], record["text"]))
        error = error_line = None
        if timed_out or proc.returncode != 0:
            lines = [int(n) for n in re.findall(r'File "' + re.escape(str(script)) + r'", line (\d+)', stderr)]
            error_line = lines[-1] if lines else None
            head = f"did not finish within {timeout:g} s" if timed_out else f"exited with status {proc.returncode}"
            error = f"{head}\n{translate(stderr, str(script), block)}"
        return Outcome(prints, error, error_line)
