"""The registry of rules (tools/qa/rules.py): the site rules run here, the page rules in each page's
`rules` item (tests/codeblocks.py); CONTRIBUTING.md's table is the registry's own."""

from __future__ import annotations

import pytest

from tools.qa import PROJECT, rules

SITE_RULES = [r for r in rules.RULES.values() if r.scope == "site"]


@pytest.mark.parametrize("rule", SITE_RULES, ids=[r.id for r in SITE_RULES])
def test_site_rule(rule):
    found = list(rule.check(PROJECT))
    if found:
        pytest.fail(rules.report(found), pytrace=False)


def test_contributing_lists_every_rule_as_the_registry_does():
    path = PROJECT.root / "CONTRIBUTING.md"
    text = path.read_text(encoding="utf-8")
    assert rules.contributing_with_table(text) == text, (
        "CONTRIBUTING.md's table of rules differs from tools/qa/rules.py: run `make rules`"
    )
