"""Rules every snippet runs under, in the test process and in every interpreter a snippet starts.

- torch's deprecations are errors: DeprecationWarning, FutureWarning, and any warning whose message says
  "deprecated". A snippet that exists to show such a warning catches it with warnings.catch_warnings().
- Each `print` called from the snippet's own code is recorded with its line, to compare with the `# >` lines.
"""

from __future__ import annotations

import builtins
import json
import os
import sys
import warnings


def strict_warnings() -> None:
    warnings.filterwarnings("error", category=DeprecationWarning)
    warnings.filterwarnings("error", category=FutureWarning)
    warnings.filterwarnings("error", message=r"(?is).*deprecat")


def record_prints(filename: str, sink) -> None:
    """Call sink(line, text) for every print made by code compiled from `filename` to standard output."""
    original = builtins.print

    def print(*args, sep=" ", end="\n", file=None, flush=False):  # noqa: A001
        if file is None or file is sys.stdout:
            caller = sys._getframe(1)
            if caller.f_code.co_filename == filename:
                sep = " " if sep is None else sep
                end = "\n" if end is None else end
                sink(caller.f_lineno, sep.join(map(str, args)) + end)
        return original(*args, sep=sep, end=end, file=file, flush=flush)

    print.__wrapped__ = original
    builtins.print = print


def append_jsonl(path: str):
    def sink(line: int, text: str) -> None:
        data = (json.dumps({"line": line, "text": text, "pid": os.getpid()}) + "\n").encode()
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)

    return sink


def install_from_environment() -> None:
    """Used by sitecustomize in interpreters started for a snippet (the program, its workers, torchrun ranks)."""
    if not os.environ.get("QA_SNIPPET_FILE"):
        return
    strict_warnings()
    record_prints(os.environ["QA_SNIPPET_FILE"], append_jsonl(os.environ["QA_PRINT_LOG"]))
    import faulthandler
    import signal

    # The test sends SIGUSR1 before it kills a snippet that ran out of time: the traceback names the line.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
