"""Run a block as a reader's fresh interpreter would, and say what it did.

Each block runs in a process of its own, forked from a warm parent that has imported torch and
done nothing else (tools/qa/runtime/zygote.py; one per test worker). What "fresh" means:

- the block is a file, `<name>.py`, alone in an empty working directory, run as `__main__` with
  `sys.argv == [<name>.py]`, its folder first on `sys.path` and the repository nowhere on it;
- the seeds (torch, random, NumPy) and the hash seed differ from run to run (`QA_SEED`, printed in
  the header of every test run): output that depends on a seed the page does not set fails;
- the environment is the one the tests started with, plus a temporary folder, a home folder and
  torch.compile's cache under the tests' scratch folder;
- deprecations are errors; writes outside the working directory and the temporary folder are
  refused where they happen; a time limit; everything the block started is killed afterwards,
  and what it left running is reported.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import site
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

from tools.qa import PROJECT

RUNTIME = Path(__file__).resolve().parent / "runtime"
ZYGOTE = RUNTIME / "zygote.py"
DEFAULT_TIMEOUT = float(os.environ.get("QA_BLOCK_TIMEOUT", 60))
# A traceback line: the one pattern every translation of file and line uses.
TRACEBACK_LINE = r'File "{file}", line (\d+)'
CUDA_MISSING = re.compile(
    r"Torch not compiled with CUDA enabled|Found no NVIDIA driver|No CUDA GPUs are available"
    r"|CUDA driver initialization failed|invalid device ordinal|device=.?cuda.* not available",
    re.I,
)


def scratch() -> Path:
    """The folder the tests own: every block's files, TMPDIR, HOME, Inductor's cache. Set once
    per run (QA_SCRATCH), before TMPDIR points into it."""
    if "QA_SCRATCH" not in os.environ:
        os.environ["QA_SCRATCH"] = str(
            Path(tempfile.gettempdir()) / f"qa-tests-{os.getuid()}"
        )
    return Path(os.environ["QA_SCRATCH"])


def run_seed() -> int:
    """This run's seed: QA_SEED if set (to reproduce a run), else a new one per test run."""
    if "QA_SEED" not in os.environ:
        os.environ["QA_SEED"] = str(random.SystemRandom().randrange(1, 2**31))
    return int(os.environ["QA_SEED"])


def block_environment() -> dict[str, str]:
    """The environment a block starts with."""
    root = scratch()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTEST_", "QA_", "COV_"))
        and k not in {"PYTHONPATH", "PWD"}
    }
    env.update(
        TMPDIR=str(root / "tmp"),
        HOME=str(root / "home"),
        PYTHONHASHSEED=str(run_seed() % 4294967295),
        PYTHONPATH=str(
            RUNTIME
        ),  # sitecustomize: the rules, in every interpreter a block starts
        TORCHINDUCTOR_CACHE_DIR=str(root / "inductor"),
        TRITON_CACHE_DIR=str(root / "triton"),
        # One compile process: Inductor's pool of compile workers would outlive the
        # block.
        TORCHINDUCTOR_COMPILE_THREADS="1",
        # One thread: the test workers share the machine's cores, and two OpenMP threads per
        # block on busy cores spin (a tiny model's step took 6 s instead of 0.8 s). A page's
        # output must not depend on the thread count anyway.
        OMP_NUM_THREADS="1",
        PYTHONDONTWRITEBYTECODE="1",
    )
    for folder in ("tmp", "home", "runs"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    return env


def protected() -> dict[str, str]:
    """Folders a block may never write into, and what they are called in the message."""
    env = {
        sys.prefix: "the Python environment",
        sys.base_prefix: "the Python installation",
    }
    env.update(dict.fromkeys(site.getsitepackages(), "the Python environment"))
    return {str(PROJECT.root): "the repository", **env}


def writable() -> list[str]:
    """Where Landlock lets a block write: the scratch folder, and /tmp and /dev when the
    repository is not inside them."""
    root = PROJECT.root
    out = [str(scratch())]
    for folder in ("/tmp", "/var/tmp", "/dev", "/proc"):
        if Path(folder) not in root.parents:
            out.append(folder)
    return out


# --- the warm parent
# -----------------------------------------------------------------------


class Zygote:
    """A tools/qa/runtime/zygote.py process, started on first use; one per test worker."""

    def __init__(self):
        self.proc: subprocess.Popen | None = None
        self.lock = threading.Lock()

    def start(self) -> None:
        log = open(scratch() / f"zygote-{os.getpid()}.log", "a")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, str(ZYGOTE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log,
            env=block_environment(),
            cwd=str(scratch()),
            text=True,
        )
        hello = self.proc.stdout.readline()
        if not hello:
            raise RuntimeError(f"the block runner did not start: see {log.name}")

    def request(self, request: dict) -> dict:
        with self.lock:
            if self.proc is None or self.proc.poll() is not None:
                self.start()
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
            answer = self.proc.stdout.readline()
        if not answer:
            self.proc = None
            raise RuntimeError(
                "the block runner died: see its log in " + str(scratch())
            )
        data = json.loads(answer)
        if "zygote_error" in data:
            raise RuntimeError(f"the block runner failed:\n{data['zygote_error']}")
        return data

    def close(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


ZYGOTE_PROCESS = Zygote()


# --- one run
# ---------------------------------------------------------------------------------


@dataclass
class Failure:
    rule: str  # a rule id of tools/qa/rules.py
    line: int | None  # line of the block, when known
    message: str


@dataclass
class Outcome:
    prints: list[
        tuple[int, str]
    ]  # (line of the block's statement, text it wrote to stdout)
    stderr: str = ""
    failure: Failure | None = None
    seconds: float = 0.0
    landlock: int = 0  # the Landlock ABI the block ran under; 0: audit hooks only
    leftover: list[str] = field(
        default_factory=list
    )  # files left in its working directory
    script: str = ""  # the file it ran as: tracebacks name it


def run(
    code: str,
    name: str,
    timeout: float = DEFAULT_TIMEOUT,
    *,
    torchrun: int | None = None,
    argv: list[str] | None = None,
    files: dict[str, str] | None = None,
    seed: int | None = None,
    env: dict[str, str] | None = None,
) -> Outcome:
    """Run `code` as `python <name>` in an empty folder (plus `files`, for exercise checks)."""
    runs = scratch() / "runs"
    runs.mkdir(parents=True, exist_ok=True)
    run_dir = Path(tempfile.mkdtemp(prefix="run-", dir=runs))
    work = run_dir / "work"
    work.mkdir()
    script = work / Path(name).name
    script.write_text(code, encoding="utf-8")
    for fname, text in (files or {}).items():
        (work / fname).write_text(text, encoding="utf-8")
    settings = {
        "script": str(script),
        "prints": str(run_dir / "prints.jsonl"),
        "dumps": str(run_dir / "dumps"),
        "protected": protected(),
        "writable": writable(),
    }
    (run_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    env = {**block_environment(), **(env or {})}
    env["QA_BLOCK_SETTINGS"] = str(run_dir / "settings.json")
    request = {
        "script": str(script),
        "run_dir": str(run_dir),
        "argv": [script.name, *(argv or [])],
        "timeout": timeout,
        "seed": run_seed() if seed is None else seed,
        "env": env,
        "torchrun": torchrun,
        "given": [script.name, *(files or {})],
    }
    try:
        answer = ZYGOTE_PROCESS.request(request)
        answer["torchrun"] = torchrun
        return outcome(answer, run_dir, script, timeout)
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


def outcome(answer: dict, run_dir: Path, script: Path, timeout: float) -> Outcome:
    prints = []
    for row in read(run_dir / "prints.jsonl").splitlines():
        record = json.loads(row)
        prints.append((record["line"], record["text"]))
    stderr = read(run_dir / "stderr.txt")
    result = json.loads(read(run_dir / "result.json") or "null")
    out = Outcome(prints, stderr, seconds=answer["seconds"], script=str(script))
    out.landlock = (result or {}).get("landlock", 0)
    out.leftover = (result or {}).get("left_files", [])
    if result is None and answer.get("torchrun") and not answer["timed_out"]:
        # torchrun replaced the block's process: its exit status and stderr are the
        # result.
        result = {"status": "ok"} if answer["exit"] == 0 else None
        if result is None:
            where = lines_in(stderr, script)
            out.failure = Failure("block-error", where[-1] if where else None, stderr)
            return out
    out.failure = classify(answer, result, run_dir, script, stderr, timeout)
    return out


def lines_in(text: str, script: Path) -> list[int]:
    pattern = TRACEBACK_LINE.format(file=re.escape(str(script)))
    return [int(n) for n in re.findall(pattern, text)]


def classify(answer, result, run_dir, script, stderr, timeout) -> Failure | None:
    """The rule a finished run broke, if any."""
    if answer["timed_out"]:
        return Failure(
            "block-timeout", *timeout_report(run_dir, script, answer["pid"], timeout)
        )
    if result is None:
        code = answer["exit"]
        dumps = stacks(run_dir, script, answer["pid"])
        if code < 0:
            sig = signal.Signals(-code).name
            return Failure(
                "block-crash", dumps[0], f"the process died with {sig}\n{dumps[1]}"
            )
        where = lines_in(stderr, script)
        return Failure(
            "block-exit",
            where[-1] if where else None,
            f"the process ended with status {code} before the block finished\n{stderr}",
        )
    status = result["status"]
    if status == "error":
        return error_failure({**result, "stderr": stderr}, script)
    if status == "exit" and (result["code"] != 0 or not result["at_end"]):
        if result["code"] != 0:
            what = f"sys.exit({result['code']}) ends the program with an error status"
            if result.get("message"):
                what = f"it exits with an error: {result['message']}"
        else:
            what = "sys.exit() ends the program here: the code after it never runs"
        return Failure("block-exit", result["line"], what)
    if status == "os._exit":
        return Failure(
            "block-exit",
            result["line"],
            f"os._exit({result['code']}) ends the process before the block's end",
        )
    if result.get("left_running"):
        return Failure(
            "block-stray",
            None,
            "left running when the block ended (a reader's interpreter would wait for them):\n"
            + "\n".join(f"  {x}" for x in result["left_running"]),
        )
    if answer["strays"]:
        return Failure(
            "block-stray",
            None,
            "left processes running after the block ended:\n"
            + "\n".join(f"  pid {s['pid']}: {s['cmdline']}" for s in answer["strays"]),
        )
    if result.get("atexit"):
        return Failure(
            "block-error", None, f"an atexit handler failed:\n{result['atexit']}"
        )
    return None


def error_failure(result: dict, script: Path) -> Failure:
    kind, message, line = result["type"], result["message"], result["line"]
    text = result["traceback"]
    root, env = str(PROJECT.root), [sys.prefix, *site.getsitepackages()]
    if kind in {"DeprecationWarning", "FutureWarning"} or (
        kind.endswith("Warning") and "deprecat" in message.lower()
    ):
        return Failure("block-deprecation", line, f"{kind}: {message}")
    if (
        message.startswith("[Errno 13] " + "[qa]")
        or "[qa] refused a write" in message
        or (
            kind in {"PermissionError", "RuntimeError", "OSError"}
            and any(p in message for p in [root, *env])
        )
    ):
        return Failure("block-writes", line, f"{kind}: {message}")
    if result.get("landlock") and "Permission denied" in message + result.get(
        "stderr", ""
    ):
        return Failure(
            "block-writes",
            line,
            f"{kind}: {message}\n(Landlock refused a write outside the block's working "
            "directory; the path is missing when the write came from C++ or another process)",
        )
    if CUDA_MISSING.search(message):
        return Failure("block-cuda-unmarked", line, f"{kind}: {message}")
    if kind == "ModuleNotFoundError":
        missing = re.search(r"No module named '([^'.]+)", message)
        if missing and (
            (PROJECT.root / missing.group(1)).exists()
            or (script.parent / missing.group(1)).exists()
        ):
            return Failure("block-imports", line, f"{kind}: {message}")
    return Failure("block-error", line, text)


def stacks(run_dir: Path, script: Path, main_pid: int) -> tuple[int | None, str]:
    """(the block's line, readable stacks): one section per process that dumped its stack."""
    folder = run_dir / "dumps"
    sections, line = [], None
    for dump in sorted(folder.glob("*.txt")) if folder.is_dir() else []:
        text = read(dump).strip()
        if not text:
            continue
        pid = int(dump.stem)
        who = (
            "the block's process" if pid == main_pid else "a process the block started"
        )
        found = lines_in(text, script)
        if pid == main_pid and found:
            line = found[0]  # faulthandler lists the innermost frame first
        sections.append(f"--- {who} (pid {pid}) ---\n{text}")
    return line, "\n".join(sections)


def timeout_report(run_dir, script, pid, timeout) -> tuple[int | None, str]:
    line, dumps = stacks(run_dir, script, pid)
    return (
        line,
        f"did not finish within {timeout:g} s; where each process was:\n{dumps}",
    )
