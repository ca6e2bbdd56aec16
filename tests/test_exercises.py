"""Every exercise of the coding round (tools/exercises.py): the generated stub fails its check,
the solution passes it, and known wrong solutions fail it, each run as the reader runs it:
`python <name>_check.py <name>.py`."""

from __future__ import annotations

import json

import pytest
import yaml

from tools import exercises
from tools.qa import PROJECT, runner

EXERCISES = [p for p in PROJECT.snippet_files() if exercises.is_exercise(p)]

MUTANTS_DIR = PROJECT.root / "tests" / "mutants"


def load_mutants() -> dict[str, list[tuple[str, str, str]]]:
    """Wrong solutions a candidate writes, each of which the check must fail: one YAML file per
    coding page in tests/mutants/ ({exercise: [{wrong, find, replace}]})."""
    out: dict[str, list] = {}
    for path in sorted(MUTANTS_DIR.glob("*.yml")):
        for name, rows in (
            yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        ).items():
            out.setdefault(name, []).extend(
                (r["wrong"], r["find"], r["replace"]) for r in rows
            )
    return out


MUTANTS = load_mutants()


def run_check(path, implementation: str) -> runner.Outcome:
    ex = exercises.exercise(path)
    return runner.run(
        exercises.check_file(path),
        ex.check_name,
        argv=[ex.stub_name],
        files={ex.stub_name: implementation},
    )


def ids(paths):
    return [PROJECT.rel(p).removeprefix("snippets/") for p in paths]


@pytest.mark.parametrize("path", EXERCISES, ids=ids(EXERCISES))
def test_solution_passes_and_stub_fails_its_check(path):
    solution = path.read_text(encoding="utf-8")
    passed = run_check(path, solution)
    assert passed.failure is None, (
        f"the solution fails its own check:\n{passed.failure.message}"
    )
    assert "".join(t for _, t in passed.prints).strip(), (
        "the check printed nothing when it passed"
    )
    failed = run_check(path, exercises.stub(path))
    assert failed.failure is not None, (
        "the stub passes its check: the check cannot fail"
    )
    assert "FAIL: not written yet" in failed.failure.message + failed.stderr, (
        failed.failure.message
    )


# The wrong solutions of one exercise, checked in one process: the generated check is imported
# once and its check() called on each (a fresh process per wrong solution cost a fork and an
# import each: about 190 of them). The solution and the stub run as the reader runs them, above.
DRIVER = """
import importlib.util, io, json, sys, contextlib

def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

checker = load("checker", sys.argv[1])
checker._forbid(getattr(checker, "FORBIDDEN", ()), sys.argv[3:], getattr(checker, "ALLOWED", None))
names = json.loads(sys.argv[2])
results = []
for i, path in enumerate(sys.argv[3:]):
    try:
        candidate = load(f"candidate{i}", path)
        with contextlib.redirect_stdout(io.StringIO()):
            checker.check(*[checker._keeps_inputs(getattr(candidate, n)) for n in names])
        results.append(None)
    except BaseException as e:
        results.append(f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
print(json.dumps(results))
"""

WITH_MUTANTS = [p for p in EXERCISES if MUTANTS.get(p.stem)]


def check_each(path, wrongs: list[str], name: str) -> list:
    """Run path's check on each wrong solution (DRIVER): None where it passed, else the error."""
    ex = exercises.exercise(path)
    files = {"check.py": exercises.check_file(path)}
    files |= {f"wrong{i}.py": text for i, text in enumerate(wrongs)}
    argv = [
        "check.py",
        json.dumps(ex.checked),
        *[f"wrong{i}.py" for i in range(len(wrongs))],
    ]
    outcome = runner.run(DRIVER, name, argv=argv, files=files)
    assert outcome.failure is None, outcome.failure.message
    return json.loads("".join(text for _, text in outcome.prints))


@pytest.mark.parametrize("path", WITH_MUTANTS, ids=ids(WITH_MUTANTS))
def test_every_wrong_solution_fails_the_check(path):
    solution = path.read_text(encoding="utf-8")
    rows = MUTANTS[path.stem]
    stale = [what for what, old, _ in rows if old not in solution]
    assert not stale, f"mutants that no longer apply to {PROJECT.rel(path)}: {stale}"
    wrongs = [solution.replace(old, new) for _, old, new in rows]
    results = check_each(path, wrongs, "wrong_solutions.py")
    passed = [
        what
        for (what, _, _), result in zip(rows, results, strict=True)
        if result is None
    ]
    assert not passed, f"{PROJECT.rel(path)}: the check passes solutions that: {passed}"


def test_every_mutant_names_an_exercise():
    names = {p.stem for p in EXERCISES}
    unknown = sorted(set(MUTANTS) - names)
    assert not unknown, f"tests/mutants/ names exercises that do not exist: {unknown}"


# The notebook download (tools/exercises.py, notebook): its cells, run in order as Jupyter runs
# them, fail on the stub as written and pass with the solution's code in the stub's cell. One
# exercise per coding page: each page's checks are made the same way.
NOTEBOOKS = sorted({p.parent: p for p in EXERCISES}.values())


def notebook_program(path, replace_stub: bool, forbidden_call: str = "") -> str:
    """The notebook's code cells run as Jupyter runs them: one namespace, each cell compiled
    from a file of its own (the check tells the reader's cell from its own by that file)."""
    import nbformat

    cells = [
        c.source for c in nbformat.reads(exercises.notebook(path), 4).cells
        if c.cell_type == "code"
    ]  # fmt: skip
    if replace_stub:
        solution = path.read_text(encoding="utf-8")
        cells[0] = solution.split('\nif __name__ == "__main__":')[0]
        if forbidden_call:
            cells[0] = calling(cells[0], forbidden_call)
    return (
        "import os, tempfile\n"
        "folder, namespace = tempfile.mkdtemp(), {'__name__': '__main__'}\n"
        f"for i, cell in enumerate({cells!r}):\n"
        "    name = os.path.join(folder, f'cell{i}.py')\n"
        "    open(name, 'w').write(cell)\n"
        "    exec(compile(cell, name, 'exec'), namespace)\n"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_the_notebook_fails_as_given_and_passes_when_solved(path):
    name = exercises.exercise(path).notebook_name
    given = runner.run(notebook_program(path, False), name.replace(".ipynb", ".py"))
    assert given.failure is not None and "NotImplementedError" in (
        given.failure.message + given.stderr
    ), "the notebook as given does not fail on the unwritten stub"
    solved = runner.run(notebook_program(path, True), name.replace(".ipynb", ".py"))
    assert solved.failure is None, (
        f"the solved notebook fails:\n{solved.failure.message}"
    )
    assert "".join(t for _, t in solved.prints).strip(), "the check printed nothing"


# Forbidden means forbidden: every call a task lists in FORBIDDEN (its check section) fails the
# check with a message that names it, when the reader's code makes it, whatever the arguments.
WITH_FORBIDDEN = [p for p in EXERCISES if exercises.forbidden(p)]
CALL = """

def _qa_call(dotted):
    import importlib

    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
            break
        except ImportError:
            continue
    for part in parts[cut:]:
        obj = getattr(obj, part)
    obj()
"""


def calling(solution: str, dotted: str) -> str:
    """The solution, with a call to `dotted` first in each of its solution sections."""
    out = []
    for line in solution.splitlines():
        out.append(line)
        if line.strip() == "# --8<-- [start:solution]":
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}_qa_call({dotted!r})")
    return "\n".join(out) + CALL


@pytest.mark.parametrize("path", WITH_FORBIDDEN, ids=ids(WITH_FORBIDDEN))
def test_every_forbidden_call_fails_the_check_and_is_named(path):
    solution = path.read_text(encoding="utf-8")
    names = exercises.forbidden(path)
    wrongs = [calling(solution, n) for n in names]
    results = check_each(path, wrongs, "forbidden_calls.py")
    unnamed = [
        (n, r) for n, r in zip(names, results, strict=True)
        if not (r or "").startswith(f"AssertionError: the task forbids {n}")
    ]  # fmt: skip
    assert not unnamed, f"{PROJECT.rel(path)}: calls the check lets through: {unnamed}"


# The notebook enforces FORBIDDEN too: a forbidden call from the reader's cell fails its check.
NOTEBOOKS_WITH_FORBIDDEN = [p for p in NOTEBOOKS if exercises.forbidden(p)]


@pytest.mark.parametrize(
    "path", NOTEBOOKS_WITH_FORBIDDEN, ids=ids(NOTEBOOKS_WITH_FORBIDDEN)
)
def test_the_notebook_fails_a_forbidden_call(path):
    name = exercises.exercise(path).notebook_name.replace(".ipynb", ".py")
    dotted = exercises.forbidden(path)[0]
    run = runner.run(notebook_program(path, True, dotted), name)
    assert run.failure is not None, f"the notebook lets {dotted} through"
    assert f"the task forbids {dotted}" in run.failure.message + run.stderr, (
        run.failure.message
    )


# torch's private kernels (torch.ops, torch._*) fail every check, and a tensor puzzle's check fails
# any call outside the page's rules (tools/exercises.py, FORBID and PUZZLE_RULES), each named. The
# guard is the same generated code in every check: one exercise per page proves it.
PRIVATE_CALLS = {
    "torch.ops.aten.abs.default(torch.arange(2.0))": "torch.ops.aten.abs",
    "torch._softmax(torch.arange(2.0), 0, False)": "_softmax",
}
PUZZLE_CALL = ("torch.ones(2).sum()", "your code calls torch.ones: the puzzle rules")
# One exercise per page among those that use torch (micrograd's check hides torch altogether).
GUARDED = sorted(
    {
        p.parent: p for p in reversed(EXERCISES) if "import torch" in exercises.stub(p)
    }.values()
)


def injecting(solution: str, line: str) -> str:
    """The solution, with `line` first in each of its solution sections."""
    out = []
    for text in solution.splitlines():
        out.append(text)
        if text.strip() == "# --8<-- [start:solution]":
            out.append(text[: len(text) - len(text.lstrip())] + "import torch; " + line)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("path", GUARDED, ids=ids(GUARDED))
def test_a_private_kernel_or_a_call_outside_the_puzzle_rules_fails_and_is_named(path):
    solution = path.read_text(encoding="utf-8")
    calls = dict(PRIVATE_CALLS)
    if exercises.allowed(path):
        calls[PUZZLE_CALL[0]] = PUZZLE_CALL[1]
    results = check_each(
        path, [injecting(solution, c) for c in calls], "private_calls.py"
    )
    unnamed = [
        (c, r) for (c, want), r in zip(calls.items(), results, strict=True)
        if want not in (r or "")
    ]  # fmt: skip
    assert not unnamed, f"{PROJECT.rel(path)}: calls the check lets through: {unnamed}"


def test_a_solution_that_modifies_its_input_in_place_fails_and_is_named():
    """Every check wraps the reader's functions (tools/exercises.py, _keeps_inputs): a tensor
    argument modified in place fails, named, unless the task's MUTATES lists it."""
    path = PROJECT.snippets / "coding" / "layers" / "layer_norm.py"
    solution = path.read_text(encoding="utf-8")
    results = check_each(
        path, [injecting(solution, "x.detach().mul_(1)")], "in_place.py"
    )
    assert "layer_norm modified its argument x in place" in (results[0] or ""), results
