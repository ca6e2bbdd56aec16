"""A warm parent that forks one fresh process per block: `python tools/qa/runtime/zygote.py`.

It imports torch, NumPy and torch._dynamo (which torch itself imports on the first use of
torch.compile, torch.export, an optimizer and more: 1 to 3 s a block otherwise), does nothing
else, and serves requests from tools/qa/runner.py, one JSON line each on stdin, answering one JSON
line each on stdout. For each request it forks a
child that runs the block as a reader's `python snippet.py` would: `__name__ == "__main__"`, a
real file in an empty working directory, `sys.argv`, the script's folder first on `sys.path` and
the repository nowhere on it, seeds set from the request. The child is its own process group;
whatever it does to Python or torch dies with it. This process is the subreaper of everything the
child starts, so after the child ends it finds what was left running, kills it and reports it.

The child reports through files in the request's run folder (the block never sees them):
result.json, prints.jsonl (each write to stdout with its line), stdout.txt, stderr.txt, and
dumps/<pid>.txt (stacks on a timeout or a crash).
"""

from __future__ import annotations

import ctypes
import json
import os
import select
import signal
import sys
import time
import traceback

import numpy  # noqa: F401  (warm: every block would import it with torch)
import qa_runtime
import torch
import torch._dynamo  # noqa: F401  (warm: see above)

_PR_SET_CHILD_SUBREAPER, _PR_SET_PDEATHSIG = 36, 1
LIBC = ctypes.CDLL(None, use_errno=True)
SELF = os.getpid()
RUNTIME = os.path.dirname(os.path.abspath(__file__))
_real_exit = os._exit
# Seconds a process the block started may take to end once the block has ended.
GRACE = 2.0


def main() -> None:
    LIBC.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    protocol = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(
        os.open(os.devnull, os.O_WRONLY), 1
    )  # nothing else may write on the protocol
    protocol.write(
        json.dumps({"ready": True, "pid": SELF, "torch": torch.__version__}) + "\n"
    )
    for line in sys.stdin:
        request = json.loads(line)
        try:
            answer = serve(request)
        except Exception:  # noqa: BLE001  (a bug here must reach the test, not kill the worker)
            answer = {"zygote_error": traceback.format_exc()}
        protocol.write(json.dumps(answer) + "\n")


# --- the parent side
# ----------------------------------------------------------------------


def descendants() -> list[int]:
    """Every live process below this one: the child, what it started, what was orphaned to us."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        if fields[0] != "Z":
            parents[int(entry)] = int(fields[1])
    out, frontier = [], [SELF]
    while frontier:
        below = [p for p, pp in parents.items() if pp in frontier]
        out += below
        frontier = below
    return out


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


def reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def kill_all(pgid: int, sig: int) -> None:
    for pid in descendants():
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def serve(request: dict) -> dict:
    sys.stdout.flush()
    sys.stderr.flush()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        child(request)  # never returns
    pidfd = os.pidfd_open(pid)
    timed_out = False
    ready, _, _ = select.select([pidfd], [], [], request["timeout"])
    if not ready:
        timed_out = True
        kill_all(pid, signal.SIGUSR1)  # every process writes its stacks into dumps/
        time.sleep(0.5)
        kill_all(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    os.close(pidfd)
    # What the block left running: processes in its group, or orphaned into our care. A process
    # that is ending on its own (multiprocessing's resource tracker sees its parent's pipe close)
    # gets a grace period; what still runs after it was left running.
    deadline = time.monotonic() + GRACE
    while (left := sorted(set(descendants()))) and time.monotonic() < deadline:
        reap()
        time.sleep(0.02)
    strays = [{"pid": p, "cmdline": cmdline(p)} for p in left]
    kill_all(pid, signal.SIGKILL)
    deadline = time.monotonic() + 2
    while descendants() and time.monotonic() < deadline:
        reap()
        time.sleep(0.01)
    reap()
    return {
        "pid": pid,
        "exit": os.waitstatus_to_exitcode(status),
        "timed_out": timed_out,
        "strays": strays if not timed_out else [],
        "seconds": round(time.monotonic() - started, 3),
    }


# --- the child side: the reader's interpreter
# -----------------------------------------------


def child(request: dict) -> None:
    code = 70
    try:
        code = run_block(request)
    except BaseException:  # noqa: BLE001
        with open(os.path.join(request["run_dir"], "zygote-child-error.txt"), "w") as f:
            f.write(traceback.format_exc())
    finally:
        _real_exit(code)


def write_result(request: dict, result: dict) -> None:
    path = os.path.join(request["run_dir"], "result.json")
    with open(path + ".partial", "w", encoding="utf-8") as f:
        json.dump(result, f)
    os.replace(path + ".partial", path)


def top_level_statement_ends(source: str, filename: str) -> list[tuple[int, int]]:
    import ast

    try:
        tree = ast.parse(source, filename)
    except SyntaxError:
        return []
    return [(n.lineno, n.end_lineno or n.lineno) for n in tree.body]


def innermost_line(tb, filename: str) -> int | None:
    line = None
    for frame in traceback.extract_tb(tb):
        if frame.filename == filename:
            line = frame.lineno
    return line


def run_block(request: dict) -> int:
    script, run_dir = request["script"], request["run_dir"]
    os.setpgid(0, 0)
    LIBC.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    # Standard streams: nothing in, stdout and stderr into the run folder.
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    for fd, name in ((1, "stdout.txt"), (2, "stderr.txt")):
        os.dup2(
            os.open(os.path.join(run_dir, name), os.O_WRONLY | os.O_CREAT, 0o600), fd
        )
    sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stdout = open(1, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    sys.__stdout__, sys.__stderr__, sys.__stdin__ = sys.stdout, sys.stderr, sys.stdin

    # The reader's `python snippet.py` in the snippet's folder.
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(os.path.dirname(script))
    sys.argv = list(request["argv"])
    sys.path[:] = [os.path.dirname(script)] + [
        p for p in sys.path if p and os.path.abspath(p) != RUNTIME
    ]
    import random

    import numpy as np

    if os.environ.get("OMP_NUM_THREADS"):  # as a fresh interpreter would read it
        torch.set_num_threads(int(os.environ["OMP_NUM_THREADS"]))
    seed = request["seed"]
    random.seed(seed)
    np.random.seed(seed % 2**32)
    torch.manual_seed(seed)

    with open(os.environ["QA_BLOCK_SETTINGS"], encoding="utf-8") as f:
        settings = json.load(f)
    qa_runtime.install(settings)
    settings["landlock"] = qa_runtime.landlock_writes(settings["writable"])
    del sys.modules[
        "qa_runtime"
    ]  # not importable by the block: a reader does not have it
    me = os.getpid()

    def exit_now(status):
        if os.getpid() == me:
            frame = sys._getframe(1)
            while frame is not None and frame.f_code.co_filename != script:
                frame = frame.f_back
            write_result(
                request,
                {
                    "status": "os._exit",
                    "code": status,
                    "line": frame and frame.f_lineno,
                },
            )
        _real_exit(status)

    os._exit = exit_now

    if request.get("torchrun"):
        cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone"]
        cmd += [f"--nproc_per_node={request['torchrun']}", script]
        os.execve(sys.executable, cmd, os.environ)

    import builtins
    import importlib.machinery
    import types

    with open(script, encoding="utf-8") as f:
        source = f.read()
    main_module = types.ModuleType("__main__")
    main_module.__file__ = script
    main_module.__builtins__ = builtins
    main_module.__loader__ = importlib.machinery.SourceFileLoader("__main__", script)
    main_module.__spec__ = None
    sys.modules["__main__"] = main_module
    result: dict = {"status": "ok"}
    try:
        exec(compile(source, script, "exec", dont_inherit=True), main_module.__dict__)
    except SystemExit as e:
        line = innermost_line(e.__traceback__, script)
        last = top_level_statement_ends(source, script)[-1:]
        at_end = bool(last) and line is not None and last[0][0] <= line <= last[0][1]
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        result = {"status": "exit", "code": code, "line": line, "at_end": at_end}
        if e.code not in (None, 0) and not isinstance(e.code, int):
            result["message"] = str(e.code)
            print(e.code, file=sys.stderr)  # as Python does for sys.exit("message")
    except BaseException as e:  # noqa: BLE001
        tb = e.__traceback__
        line = innermost_line(tb, script)
        if isinstance(e, SyntaxError) and e.filename == script:
            line = e.lineno
        result = {
            "status": "error",
            "type": type(e).__name__,
            "message": str(e),
            "line": line,
            "traceback": "".join(traceback.format_exception(e)),
        }
    result["landlock"] = settings["landlock"]
    result["left_running"] = left_running()
    if result["left_running"]:
        write_result(
            request, result
        )  # a reader's interpreter would wait for them at exit
        return 0
    try:
        import atexit

        atexit._run_exitfuncs()
    except BaseException:  # noqa: BLE001
        result.setdefault("atexit", traceback.format_exc())
    sys.stdout.flush()
    sys.stderr.flush()
    result["left_files"] = sorted(set(os.listdir(".")) - set(request["given"]))
    write_result(request, result)
    return 0 if result["status"] in ("ok", "exit") else 1


def left_running() -> list[str]:
    """Non-daemon threads and processes the block started and did not wait for."""
    import threading

    out = [
        f"thread {t.name!r}"
        for t in threading.enumerate()
        if t is not threading.main_thread() and t.is_alive() and not t.daemon
    ]
    if "multiprocessing" in sys.modules:
        import multiprocessing

        out += [
            f"process {p.name!r} (pid {p.pid})"
            for p in multiprocessing.active_children()
            if not p.daemon
        ]
    return out


if __name__ == "__main__":
    main()
