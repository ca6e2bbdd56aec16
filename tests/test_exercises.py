"""Every exercise of the coding round (tools/exercises.py): the generated stub fails its check,
the solution passes it, and known wrong solutions fail it, each run as the reader runs it:
`python <name>_check.py <name>.py`."""

from __future__ import annotations

import pytest
import yaml

from tests import runner
from tools import exercises
from tools.qa import PROJECT

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


MUTANT_CASES = [
    (path, what, old, new)
    for path in EXERCISES
    for what, old, new in MUTANTS.get(path.stem, [])
]


@pytest.mark.parametrize(
    "path,what,old,new",
    MUTANT_CASES,
    ids=[f"{p.stem}: {w}" for p, w, _, _ in MUTANT_CASES],
)
def test_a_wrong_solution_fails_the_check(path, what, old, new):
    solution = path.read_text(encoding="utf-8")
    assert old in solution, (
        f"the mutant '{what}' no longer applies to {PROJECT.rel(path)}"
    )
    outcome = run_check(path, solution.replace(old, new))
    assert outcome.failure is not None, f"the check passes a solution that {what}"
    assert "FAIL:" in outcome.failure.message + outcome.stderr


def test_every_mutant_names_an_exercise():
    names = {p.stem for p in EXERCISES}
    unknown = sorted(set(MUTANTS) - names)
    assert not unknown, f"tests/mutants/ names exercises that do not exist: {unknown}"
