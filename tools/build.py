"""The strict build, in one place: `make build`, the tests, the bench and the catalog call it.

    python -m tools.build [SITE_DIR]

`mkdocs build --strict` turns every warning into a failure. Never add --quiet: it hides the
warnings that --strict counts, and the build passes with a broken link. Each warning becomes one
violation of a rule of tools/qa/rules.py, naming the page.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tools.qa import PROJECT, Project


def command(site_dir: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "--strict",
        "--site-dir",
        str(site_dir),
    ]


def run(site_dir: Path, project: Project = PROJECT, env: dict | None = None):
    """Build `project` into `site_dir`; return the finished process (stdout and stderr merged)."""
    environ = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})}
    return subprocess.run(
        command(site_dir),
        cwd=project.root,
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


LINK = re.compile(
    r"Doc file '(?P<page>[^']+)' contains a link '(?P<link>[^']+)', but (?P<why>.+)"
)
OMITTED = re.compile(r'not included in the "nav" configuration:\s*\n((?:\s+- .+\n?)+)')
NAV_MISSING = re.compile(r"A reference to '(?P<page>[^']+)' is included in the 'nav'")
HOOK = re.compile(r"\[(?P<rule>[a-z0-9-]+)\]$")


def violations(output: str, project: Project = PROJECT) -> list:
    """The rules a build's output says were broken (tools/qa/rules.py), one per warning."""
    from tools.qa.rules import RULES, violation

    docs = project.rel(project.docs)
    out = []
    for m in re.finditer(r"^(?:WARNING|ERROR)\s+-\s+(?P<text>.*)$", output, re.M):
        text = m["text"].strip()
        hook = HOOK.search(text)
        if hook and hook["rule"] in RULES and ": " in text:
            # A hook's failure (tools/*_hooks.py): `<where>: <message> [rule-id]`.
            where, _, message = text[: hook.start()].strip().partition(": ")
            out.append(violation(hook["rule"], where, message))
        elif link := LINK.search(text):
            rule = "build-anchor" if "anchor" in link["why"] else "build-link"
            where = f"{docs}/{link['page']}"
            out.append(violation(rule, where, f"link '{link['link']}': {link['why']}"))
        elif nav := NAV_MISSING.search(text):
            out.append(
                violation(
                    "build-nav", "mkdocs.yml", f"nav lists '{nav['page']}', not found"
                )
            )
        elif 'not included in the "nav"' in text:
            continue  # the pages follow on the next lines; OMITTED below names each
        elif text.startswith(("Error reading page", "Error building page")):
            continue  # the hook's message follows
        elif text.startswith("Aborted with"):
            continue
        else:
            out.append(violation("build-warning", "mkdocs build", text))
    for block in OMITTED.finditer(output):
        for page in re.findall(r"-\s+(\S+)", block.group(1)):
            where = f"{docs}/{page}"
            out.append(violation("build-nav", where, "is not in mkdocs.yml's nav"))
    unique = {
        (v.rule, v.where, v.message): v for v in out
    }  # MkDocs repeats an error at the end
    return list(unique.values())


if __name__ == "__main__":
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else PROJECT.root / "site"
    proc = run(site)
    sys.stdout.write(proc.stdout)
    found = violations(proc.stdout)
    if found:
        print("\n".join(str(v) for v in found), file=sys.stderr)
    sys.exit(proc.returncode)
