"""Rules every snippet runs under, in the test process and in every interpreter a snippet starts.

- torch's deprecations are errors: DeprecationWarning, FutureWarning, and any warning whose message says
  "deprecated". A snippet that exists to show such a warning catches it with warnings.catch_warnings().
- What the snippet writes to standard output is recorded with the line of the snippet's statement that wrote
  it (print, sys.stdout.write, a library call that prints), to compare with the `# >` lines. `print` itself
  is not replaced, so the snippet behaves exactly as in a reader's interpreter (torch.compile included).
"""

from __future__ import annotations

import json
import os
import sys
import warnings


def strict_warnings() -> None:
    warnings.filterwarnings("error", category=DeprecationWarning)
    warnings.filterwarnings("error", category=FutureWarning)
    warnings.filterwarnings("error", message=r"(?is).*deprecat")
    # torch 2.13 itself uses `@torch.jit.script_method` in torch/utils/mkldnn.py, imported by Inductor: the
    # warning is about torch's own code, not the reader's (and Python's default filters hide it from readers).
    warnings.filterwarnings(
        "ignore", message=r"`torch\.jit\.script_method` is deprecated", module=r"torch\.jit\._script"
    )


class StdoutRecorder:
    """A stand-in for sys.stdout that calls sink(line, text) for each write, with the line of the innermost
    frame of code compiled from `filename` (the snippet); writes from elsewhere pass through unrecorded."""

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
    sys.stdout = StdoutRecorder(sys.stdout, os.environ["QA_SNIPPET_FILE"], append_jsonl(os.environ["QA_PRINT_LOG"]))
    import faulthandler
    import signal

    # The test sends SIGUSR1 before it kills a snippet that ran out of time: the traceback names the line.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
