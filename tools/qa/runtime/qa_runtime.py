"""The rules a block runs under, inside its own process and in every interpreter it starts.

- torch's deprecations are errors: DeprecationWarning, FutureWarning, and any warning whose
  message says "deprecated". A snippet that exists to show one catches it with
  warnings.catch_warnings(record=True).
- What the block writes to standard output is recorded with the line of the block's statement
  that wrote it (print, sys.stdout.write, a library call that prints), to compare with the `# >`
  lines. `print` itself is not replaced: torch.compile sees the real builtin.
- Writes outside the block's working directory and the temporary folder are refused where they
  happen: an audit hook refuses Python's own writes into the repository and the Python
  environment, and Landlock (Linux 5.13+) refuses every write, C++ and child processes included,
  outside the folders the block may write. The refused write raises at the block's line.
- A fatal signal, or SIGUSR1 (sent when a block runs out of time), dumps every thread's stack
  into one file per process, so a timeout names the line each process was at.

This module is imported by tools/qa/runtime/zygote.py (the block's process) and, through
sitecustomize, by every interpreter a block starts (spawned workers, torchrun ranks).
"""

from __future__ import annotations

import ctypes
import errno
import faulthandler
import json
import os
import signal
import sys
import warnings

# What the tests' messages start with, so that tools/qa/runner.py can tell the rule that
# fired.
REFUSED = "[qa] refused a write"


TORCHSCRIPT = r"`torch\.jit\.\w+` is deprecated"


def strict_warnings() -> None:
    warnings.filterwarnings("error", category=DeprecationWarning)
    warnings.filterwarnings("error", category=FutureWarning)
    warnings.filterwarnings("error", message=r"(?is).*deprecat")
    # torch 2.13 deprecates TorchScript (`torch.jit.script`, `trace`, `save`, ...) and
    # still uses it itself (torch/utils/mkldnn.py, torch/_decomp/decompositions_for_jvp.py).
    # The warning is raised inside the deprecated function, with no stacklevel: whether the
    # reader's code or torch's own called it shows only on the stack. Torch's own use is
    # not the reader's, and Python's default filters hide it from readers too; the reader's
    # use is an error.
    warnings.filterwarnings("always", message=TORCHSCRIPT, category=DeprecationWarning)
    original = warnings.showwarning

    def showwarning(message, category, filename, lineno, file=None, line=None):
        import re

        if not (
            issubclass(category, DeprecationWarning)
            and re.match(TORCHSCRIPT, str(message))
        ):
            return original(message, category, filename, lineno, file, line)
        frame = sys._getframe(1)
        while frame is not None and not frame.f_code.co_filename.startswith(
            _torch_jit()
        ):
            frame = frame.f_back
        caller = frame.f_back if frame is not None else None
        if caller is not None and caller.f_code.co_filename.startswith(_torch_dir()):
            return None  # torch's own use of TorchScript
        raise category(str(message))

    warnings.showwarning = showwarning


def _torch_dir() -> str:
    import torch

    return os.path.dirname(torch.__file__) + os.sep


def _torch_jit() -> str:
    return _torch_dir() + "jit" + os.sep


class StdoutRecorder:
    """A stand-in for sys.stdout that calls sink(line, text) for each write, with the line of the
    innermost frame of code compiled from `filename` (the block); writes from elsewhere pass
    through unrecorded."""

    def __init__(self, stream, filename: str, sink):
        self._stream, self._filename, self._sink = stream, filename, sink

    def write(self, text: str) -> int:
        if text:
            frame = sys._getframe(1)
            while frame is not None and frame.f_code.co_filename != self._filename:
                frame = frame.f_back
            if frame is not None:
                self._sink(frame.f_lineno, text)
        return self._stream.write(text)

    def __getattr__(self, name):  # flush, fileno, encoding, isatty, ...
        return getattr(self._stream, name)


def append_jsonl(path: str):
    def sink(line: int, text: str) -> None:
        record = {"line": line, "text": text, "pid": os.getpid()}
        data = (json.dumps(record) + "\n").encode()
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)

    return sink


# --- writes
# -------------------------------------------------------------------------------

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_MUTATIONS = {  # audit event -> indexes of the path arguments it changes
    "os.remove": (0,),
    "os.rmdir": (0,),
    "os.mkdir": (0,),
    "os.rename": (0, 1),
    "os.replace": (0, 1),
    "os.link": (1,),
    "os.symlink": (1,),
    "os.truncate": (0,),
    "os.chmod": (0,),
    "os.chown": (0,),
    "os.utime": (0,),
    "shutil.rmtree": (0,),
    "shutil.copyfile": (1,),
    "shutil.copytree": (1,),
    "shutil.move": (1,),
}


def _path(arg) -> str | None:
    if isinstance(arg, int) or arg is None:
        return None
    try:
        arg = os.fsdecode(os.fspath(arg))
    except TypeError:
        return None
    return os.path.realpath(arg)


def guard_writes(protected: dict[str, str]) -> None:
    """Refuse Python-level writes under the protected folders ({folder: what it is})."""
    roots = sorted(
        ((os.path.realpath(p), what) for p, what in protected.items()), reverse=True
    )

    def owner(path: str) -> str | None:
        for root, what in roots:
            if path == root or path.startswith(root + os.sep):
                return what
        return None

    def hook(event: str, args: tuple) -> None:
        if event == "open":
            path, mode, flags = (list(args) + [None, None, None])[:3]
            writing = any(c in mode for c in "wax+") if isinstance(mode, str) else False
            writing = writing or (isinstance(flags, int) and bool(flags & _WRITE_FLAGS))
            targets = [path] if writing else []
        elif event in _MUTATIONS:
            targets = [args[i] for i in _MUTATIONS[event] if i < len(args)]
        else:
            return
        for target in targets:
            path = _path(target)
            if path and (what := owner(path)):
                raise PermissionError(
                    errno.EACCES,
                    f"{REFUSED} into {what}: a block writes only into its working directory",
                    path,
                )

    sys.addaudithook(hook)


# Landlock: the kernel refuses writes outside the allowed folders, for this process and
# everything
# it starts. https://docs.kernel.org/userspace-api/landlock.html
_SYS_CREATE_RULESET, _SYS_ADD_RULE, _SYS_RESTRICT_SELF = (
    444,
    445,
    446,
)  # x86_64 and aarch64
_PR_SET_NO_NEW_PRIVS = 38


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def landlock_writes(allowed: list[str]) -> int:
    """Allow writes only beneath `allowed`; return the Landlock ABI version, 0 if unavailable."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    abi = libc.syscall(
        _SYS_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(1)
    )
    if abi < 1:
        return 0
    # Writing, making and removing files and folders; reading and executing stay free.
    access = 0
    for bit in (1, 4, 5, 6, 7, 8, 9, 10, 11, 12):
        access |= 1 << bit
    if abi >= 2:
        access |= 1 << 13  # REFER: renames and links across folders
    if abi >= 3:
        access |= 1 << 14  # TRUNCATE
    handled = ctypes.c_uint64(access)
    fd = libc.syscall(
        _SYS_CREATE_RULESET,
        ctypes.byref(handled),
        ctypes.c_size_t(8),
        ctypes.c_uint32(0),
    )
    if fd < 0:
        return 0
    try:
        for folder in allowed:
            try:
                parent = os.open(folder, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            rule = _PathBeneath(access, parent)
            libc.syscall(_SYS_ADD_RULE, fd, 1, ctypes.byref(rule), ctypes.c_uint32(0))
            os.close(parent)
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return 0
        if libc.syscall(_SYS_RESTRICT_SELF, fd, ctypes.c_uint32(0)) != 0:
            return 0
    finally:
        os.close(fd)
    return abi


# --- stacks on timeout and crash
# ----------------------------------------------------------


def dump_stacks_into(folder: str) -> None:
    """A fatal signal, or SIGUSR1, writes every thread's stack into <folder>/<pid>.txt."""
    os.makedirs(folder, exist_ok=True)
    f = open(os.path.join(folder, f"{os.getpid()}.txt"), "w")  # noqa: SIM115 (kept open)
    faulthandler.enable(file=f, all_threads=True)
    faulthandler.register(signal.SIGUSR1, file=f, all_threads=True, chain=False)
    sys.modules[__name__]._dump_file = f  # keep it open for the process's life


def install(settings: dict) -> None:
    """The rules, for the process described by `settings` (tools/qa/runner.py writes them)."""
    strict_warnings()
    sys.stdout = StdoutRecorder(
        sys.stdout, settings["script"], append_jsonl(settings["prints"])
    )
    dump_stacks_into(settings["dumps"])
    guard_writes(settings["protected"])


def install_from_environment() -> None:
    """Used by sitecustomize in every interpreter a block starts."""
    path = os.environ.get("QA_BLOCK_SETTINGS")
    if not path:
        return
    with open(path, encoding="utf-8") as f:
        install(json.load(f))
    # The runtime's own folder is not on a reader's path: a snippet cannot import it.
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
