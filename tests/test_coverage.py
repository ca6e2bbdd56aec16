"""The coverage survey stays well-formed as the site changes (tests/coverage/README.md): every
`where` still names a heading that exists, every entry keeps its verdict and its half."""

import runpy

from tools.qa import PROJECT


def test_the_coverage_survey_is_well_formed(capsys):
    script = PROJECT.root / "tests" / "coverage" / "check_survey.py"
    main = runpy.run_path(str(script))["main"]
    status = main()
    errors = [line for line in capsys.readouterr().out.splitlines() if "ERROR" in line]
    assert status == 0, "tests/coverage/check_survey.py:\n" + "\n".join(errors)
