"""Exercises of the coding round, generated from their solutions so that the two never drift.

A coding question's snippet is the solution, shown on the page and run by the tests:

    def layer_norm(x, normalized_shape, weight=None, bias=None, eps=1e-5):
        \"\"\"The task's docstring stays in the stub.\"\"\"
        # --8<-- [start:solution]
        ...the solution...
        # --8<-- [end:solution]

    # --8<-- [start:check]
    def check(layer_norm):
        ...compare with torch's own on seeded inputs and edge cases; print one line...
    # --8<-- [end:check]

    if __name__ == "__main__":
        check(layer_norm)

From it come two downloads (written into the built site next to the page, by
tools/mkdocs_hooks.py): the stub `<name>.py`, where every solution section is replaced by
`raise NotImplementedError`, and the check `<name>_check.py`: the imports, the check section and
a main that loads the reader's file. The command a reader runs is
`python <name>_check.py <name>.py`: it prints the check's line, or `FAIL:` and the first mismatch.
tests/test_exercises.py proves, for every exercise, that the stub fails its check and the
solution passes it.
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

START = re.compile(r"^(?P<indent>\s*)# --8<-- \[start:(?P<name>solution|check)\]\s*$")
END = re.compile(r"^\s*# --8<-- \[end:(?P<name>solution|check)\]\s*$")
OUTPUT = re.compile(r"^\s*# >")
MAIN = re.compile(r"^if __name__ == ['\"]__main__['\"]:")


@dataclass
class Exercise:
    solution: Path
    name: str  # layer_norm
    checked: list[str]  # the names the main block passes to check(...)

    @property
    def stub_name(self) -> str:
        return f"{self.name}.py"

    @property
    def check_name(self) -> str:
        return f"{self.name}_check.py"

    @property
    def notebook_name(self) -> str:
        return f"{self.name}.ipynb"

    @property
    def command(self) -> str:
        return f"python {self.check_name} {self.stub_name}"


def is_exercise(path: Path) -> bool:
    return "# --8<-- [start:solution]" in path.read_text(encoding="utf-8")


def problems(path: Path) -> list[tuple[int, str]]:
    """(line, what is wrong) with the shape of an exercise's solution file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out, open_at = [], None
    sections = {"solution": 0, "check": 0}
    for n, line in enumerate(lines, start=1):
        if m := START.match(line):
            if open_at:
                out.append((n, f"a [start:{m['name']}] inside an open section"))
            open_at = (n, m["name"])
            sections[m["name"]] += 1
        elif m := END.match(line):
            if not open_at or open_at[1] != m["name"]:
                out.append((n, f"[end:{m['name']}] without its [start:{m['name']}]"))
            open_at = None
    if open_at:
        out.append((open_at[0], f"[start:{open_at[1]}] is never ended"))
    if sections["check"] != 1:
        out.append((1, f"needs one check section, found {sections['check']}"))
    try:
        checked(path)
    except ValueError as e:
        out.append((len(lines), str(e)))
    return out


def checked(path: Path) -> list[str]:
    """The names in the main block's one statement, `check(a, b)`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    main = [
        n
        for n in tree.body
        if isinstance(n, ast.If) and "__main__" in ast.unparse(n.test)
    ]
    if len(main) != 1 or len(main[0].body) != 1:
        raise ValueError("the main block must be exactly `check(<the names to check>)`")
    call = main[0].body[0]
    ok = isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)
    ok = ok and ast.unparse(call.value.func) == "check"
    ok = (
        ok
        and all(isinstance(a, ast.Name) for a in call.value.args)
        and not call.value.keywords
    )
    if not ok:
        raise ValueError("the main block must be exactly `check(<the names to check>)`")
    return [a.id for a in call.value.args]


def exercise(path: Path) -> Exercise:
    return Exercise(path, path.stem, checked(path))


def enclosing_def(lines: list[str], index: int) -> str:
    for line in reversed(lines[:index]):
        if m := re.match(r"^\s*(?:async\s+)?def\s+(\w+)", line):
            return m.group(1)
    return "this"


def stub(path: Path) -> str:
    """The solution with every solution section replaced by `raise NotImplementedError`, without
    the check and the main block."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[str] = []
    skipping = None
    for i, line in enumerate(lines):
        if MAIN.match(line):
            break
        if m := START.match(line):
            skipping = m["name"]
            if skipping == "solution":
                name = enclosing_def(lines, i)
                out.append(
                    f'{m["indent"]}raise NotImplementedError("{name}: your code here")'
                )
            continue
        if END.match(line):
            skipping = None
            continue
        if skipping or OUTPUT.match(line):
            continue
        out.append(line)
    text = "\n".join(out).rstrip() + "\n"
    ex = exercise(path)
    return re.sub(r"\n{3,}", "\n\n\n", text) + f"\n\n# Check it: {ex.command}\n"


# The tensor puzzles' rules (docs/coding/tensors.md, "The rules"): the only torch functions a
# puzzle's solution may call, by the name the check's guard gives them (Tensor.__add__ and
# torch.add are "add", Tensor.shape is "shape"). Every other call fails the check, named.
PUZZLE_RULES = {
    "tensors": tuple(
        """arange where getitem to matmul add sub mul truediv div floordiv floor_divide mod
        remainder pow neg pos eq ne lt le gt ge and or xor invert bitwise_and bitwise_or
        bitwise_xor bitwise_not shape dim dtype is_floating_point promote_types""".split()
    ),
}


def allowed(path: Path) -> tuple[str, ...] | None:
    """The only calls an exercise allows (its page's puzzle rules), or None: any but FORBIDDEN."""
    return PUZZLE_RULES.get(path.parent.name)


def check_file(path: Path) -> str:
    """The imports, the check section, and a main that checks the reader's file."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    lines = source.splitlines()
    imports = [
        "\n".join(lines[n.lineno - 1 : n.end_lineno])
        for n in tree.body
        if isinstance(n, (ast.Import, ast.ImportFrom))
        and ast.unparse(n)
        not in ("import sys", "import importlib.util", "import traceback")
    ]
    section, inside = [], False
    for line in lines:
        if START.match(line) and "check" in line:
            inside = True
            continue
        if END.match(line) and "check" in line:
            inside = False
            continue
        if inside:
            section.append(line)
    ex = exercise(path)
    names = ", ".join(f"_keeps_inputs(solution.{n})" for n in ex.checked)
    header = [
        f'"""Check an implementation of {", ".join(ex.checked)} against torch\'s own.',
        "",
        f"    {ex.command}",
        "",
        "Prints the check's line when it passes; otherwise FAIL: and the first mismatch.",
        '"""',
        "",
        "import importlib.util",
        "import sys",
        "import traceback",
        "",
    ]
    main = f'''

if __name__ == "__main__":
    path = sys.argv[1] if len(sys.argv) > 1 else "{ex.stub_name}"
    _forbid(globals().get("FORBIDDEN", ()), [path], globals().get("ALLOWED"))
    spec = importlib.util.spec_from_file_location("solution", path)
    solution = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(solution)
    try:
        check({names})
    except AssertionError as e:
        sys.exit(f"FAIL: {{e}}")
    except Exception as e:
        if isinstance(e, NotImplementedError) and "your code here" in str(e):
            sys.exit(f"FAIL: not written yet: {{e}}")
        traceback.print_exc()
        sys.exit(f"FAIL: your code raised {{type(e).__name__}}: {{e}}")
'''
    if rules := allowed(path):
        while section and not section[-1].strip():
            section.pop()
        names_ = textwrap.wrap(", ".join(f'"{r}"' for r in rules), 84)
        section += [
            "",
            "",
            "# The puzzle rules: the only torch calls your code may make (the page says which).",
            "ALLOWED = (",
            *(f"    {line}" for line in names_),
            ")",
        ]
        section[-2] += ","
    body = "\n".join(header + imports + ["", ""] + section).rstrip()
    return body + "\n\n" + FORBID + main


# Written into every check file: the task's FORBIDDEN calls (declared in the check section of the
# solution) raise when the reader's file calls them, directly, by another name, as a Tensor method,
# through torch.ops.aten, through torch's own Python version of the op (torch._refs, torch._decomp)
# or through a module whose forward calls them; torch's own calls, the check's, are untouched.
FORBID = """
def _forbid(names, candidates, allowed=None):
    import functools
    import importlib
    import os

    import torch
    from torch.overrides import TorchFunctionMode

    def defined_in(c):
        # A path (the check file's argument), or what the reader defined (a notebook's cell:
        # the files its functions' code came from).
        if isinstance(c, str):
            return {os.path.abspath(c)}
        members = vars(c).values() if isinstance(c, type) else [c]
        codes = [getattr(getattr(m, "__func__", m), "__code__", None) for m in members]
        return {os.path.abspath(code.co_filename) for code in codes if code}

    files = set().union(*map(defined_in, candidates))
    inside_torch = os.path.dirname(os.path.abspath(torch.__file__)) + os.sep

    def under_candidate(depth):
        # (the names of torch's frames between this call and the reader's code, the code of the
        # outermost of them: what the reader's line called); None when the reader's code is not
        # on the stack (the check's own calls, torch printing a tensor).
        frame, seen, outer = sys._getframe(depth), set(), None
        while frame is not None:
            name = os.path.abspath(frame.f_code.co_filename)
            if name in files:
                return seen, outer
            if name.endswith(os.path.join("torch", "_tensor_str.py")):
                return None
            if name.startswith(inside_torch):
                seen.add(frame.f_code.co_name)
                if not name.endswith(os.path.join("torch", "_ops.py")):  # torch.ops' __call__
                    outer = frame.f_code
            frame = frame.f_back
        return None

    def torch_frames_under_candidate(depth):
        found = under_candidate(depth + 1)
        return None if found is None else found[0]

    # torch.ops.* and torch's private functions (torch._softmax, Tensor._reshape_alias,
    # torch._C._nn.thnn_conv2d) are kernels, not the API a task allows: a direct call fails.
    public = (torch, torch.nn.functional, torch.Tensor, torch.linalg, torch.special, torch.fft)
    public_ids = {id(v) for space in public for v in vars(space).values()}

    def private(func):
        if isinstance(func, (torch._ops.OpOverload, torch._ops.OpOverloadPacket)):
            return True
        name = getattr(func, "__name__", "")
        if name.startswith("_foreach_"):  # the multi-tensor API torch's own optimizers use
            return False
        if name.startswith("_") and not name.startswith("__"):
            return True
        module = getattr(func, "__module__", None) or ""
        return module.startswith("torch._C") and id(func) not in public_ids

    def label(func):
        if isinstance(func, (torch._ops.OpOverload, torch._ops.OpOverloadPacket)):
            return f"torch.ops.{func}"  # torch.ops.aten.abs.default
        if getattr(func, "__name__", "") == "__get__":  # a property: Tensor.T, Tensor.mT
            return f"Tensor.{getattr(getattr(func, '__self__', None), '__name__', '?')}"
        name = getattr(func, "__qualname__", None) or getattr(func, "__name__", repr(func))
        for inner, shown in (("_VariableFunctionsClass.", "torch."), ("TensorBase.", "Tensor.")):
            name = name.replace(inner, shown)
        return name

    def plain(func):
        # The name the puzzle rules use: Tensor.__add__ and torch.add alike are "add".
        if getattr(func, "__name__", "") == "__get__":
            return getattr(getattr(func, "__self__", None), "__name__", "?")
        name = getattr(func, "__name__", "")
        core = name[2:-2] if name.startswith("__") and name.endswith("__") else name
        for prefix in ("r", "i"):  # __radd__, __iadd__
            if core.startswith(prefix) and core[1:] in allowed:
                core = core[1:]
        return core

    def resolve(dotted):
        parts = dotted.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            try:
                owner = importlib.import_module(".".join(parts[:cut]))
                break
            except ImportError:
                continue
        for part in parts[cut:-1]:
            owner = getattr(owner, part)
        return owner, parts[-1]

    def guard(original, dotted):
        message = f"the task forbids {dotted}: write it from the operations it allows"
        if isinstance(original, type):

            def init(self, *a, __original=original, **k):
                if torch_frames_under_candidate(2) is not None:
                    raise AssertionError(message)
                __original.__init__(self, *a, **k)

            return type(original.__name__, (original,), {"__init__": init})

        def guarded(*a, __original=original, **k):
            if torch_frames_under_candidate(2) is not None:
                raise AssertionError(message)
            return __original(*a, **k)

        return functools.wraps(original)(guarded)

    # 1. Each listed name, replaced where it is looked up, then where it is defined (a class's
    #    module, torch.nn.modules.activation.GELU for torch.nn.GELU), unless listed there too.
    originals = {}
    for dotted in names:
        owner, attr = resolve(dotted)
        originals[dotted] = getattr(owner, attr)
        setattr(owner, attr, guard(originals[dotted], dotted))
    for dotted, original in originals.items():
        home = sys.modules.get(getattr(original, "__module__", None) or "")
        name = getattr(original, "__name__", "")
        if home is not None and getattr(home, name, None) is original:
            setattr(home, name, guard(original, dotted))

    # 2. The same op under any other name, seen by a torch function mode: the name a call
    #    resolves to (torch.X and Tensor.X by their bindings, Tensor.X_ in place, an
    #    OpOverload of torch.ops.aten as "X.default"), and torch's own frames under the
    #    reader's code (torch._refs, torch._decomp, a Python function of torch, a module's
    #    forward). A name is the last component of a listed name. torch.nn.init's functions
    #    are named after the Tensor methods they call (init.uniform_ calls Tensor.uniform_,
    #    which a task may allow): they are matched by their frames only.
    by_call, by_frame = {}, {}
    for dotted in originals:
        last = dotted.split(".")[-1]
        by_frame.setdefault(last, dotted)
        if dotted.startswith("torch.Tensor.") and not last.endswith("_"):
            by_call.setdefault(last + "_", dotted)
        if not dotted.startswith("torch.nn.init."):
            by_call.setdefault(last, dotted)
        for space in ("linalg", "special", "fft"):  # torch.linalg.eigh binds as linalg_eigh
            if dotted.startswith(f"torch.{space}."):
                by_call.setdefault(f"{space}_{last}", dotted)

    # A functional can share its name with a Tensor method that is another op: F.unfold is
    # im2col, Tensor.unfold a strided view. A call of that method is not the functional.
    other_op = {"torch.nn.functional.unfold": torch.Tensor.unfold}

    class Forbid(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            name = getattr(func, "__name__", "").split(".")[0]
            found = under_candidate(2)
            if found is not None:
                frames, outer = found
                called = name in by_call and func is not other_op.get(by_call[name])
                hit = [name] if called else sorted(frames & set(by_frame))
                if hit:
                    dotted = by_call.get(hit[0]) or by_frame[hit[0]]
                    raise AssertionError(
                        f"the task forbids {dotted} (called as {hit[0]}): write it"
                        " from the operations it allows"
                    )
                # What the reader's own line called: this function, or torch's Python code
                # that reached it without dispatching (outer).
                direct = outer is None or outer is getattr(func, "__code__", None)
                if direct and private(func):
                    raise AssertionError(
                        f"your code calls {label(func)}, a private kernel of torch's"
                        " (torch.ops, torch._*): write it from public operations"
                    )
                if allowed is not None:
                    what = label(func) if direct else f"torch's {outer.co_name}"
                    if not direct or plain(func) not in allowed:
                        raise AssertionError(
                            f"your code calls {what}: the puzzle rules allow only"
                            " torch.arange, torch.where, indexing, operators, @, .to(dtype)"
                            " and reading .shape, .dim(), .dtype, torch.promote_types (the page's"
                            " rules)"
                        )
            return func(*args, **(kwargs or {}))

    Forbid().__enter__()


def _keeps_inputs(fn):
    # The reader's function, checked at every call: no tensor argument modified in place (its
    # version counter moved), unless the task's MUTATES names it (an optimizer's step).
    import functools
    import inspect

    import torch

    if not inspect.isfunction(fn):
        return fn
    signature = inspect.signature(fn)
    may_change = set(globals().get("MUTATES", ()))

    @functools.wraps(fn)
    def checked(*args, **kwargs):
        try:
            bound = signature.bind(*args, **kwargs).arguments
        except TypeError:
            return fn(*args, **kwargs)
        before = {
            k: (v, v._version) for k, v in bound.items()
            if isinstance(v, torch.Tensor) and k not in may_change
        }  # fmt: skip
        out = fn(*args, **kwargs)
        for name, (value, version) in before.items():
            if value._version != version:
                raise AssertionError(
                    f"{fn.__name__} modified its argument {name} in place: the task does not"
                    " ask for that (the caller's tensor is theirs); compute out of place"
                )
        return out

    return checked

"""


def forbidden(path: Path) -> list[str]:
    """The calls an exercise forbids: the FORBIDDEN tuple of its check section."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "FORBIDDEN" for t in node.targets
        ):
            return list(ast.literal_eval(node.value))
    return []


def notebook(path: Path) -> str:
    """The exercise as a Jupyter notebook: the stub to fill in, the check, and a cell that runs it
    on what the reader wrote (the same check as the check file)."""
    import nbformat

    ex = exercise(path)
    body = stub(path).rsplit("\n\n# Check it:", 1)[0].rstrip() + "\n"
    check = check_file(path).split('\n\nif __name__ == "__main__":', 1)[0]
    check = check.split('"""\n', 1)[1].strip() + "\n"  # without the file's docstring
    names = ", ".join(ex.checked)
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(
            f"# Exercise: {', '.join(ex.checked)}\n\nWrite your solution in the next cell "
            "(replace each `raise NotImplementedError`), run it, then run the last two cells: "
            "the check compares yours with torch's own and prints its line when they match."
        ),
        nbformat.v4.new_code_cell(body),
        nbformat.v4.new_code_cell(check),
        nbformat.v4.new_code_cell(
            "# The task's FORBIDDEN calls (and torch's private kernels) fail when your cell"
            " makes them.\n"
            f'_forbid(globals().get("FORBIDDEN", ()), [{names}], globals().get("ALLOWED"))\n'
            f"check({', '.join(f'_keeps_inputs({n})' for n in ex.checked)})"
        ),
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    return nbformat.writes(nb)
