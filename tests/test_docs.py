"""The repository carries its own account of the rules: docs/RULES.md names every
rule number the code cites, and the README links nothing a user of the repository does not have."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_every_rule_number_the_code_cites_is_told_in_docs_rules():
    cited = set()
    for folder in ("scoring", "app"):
        for path in (ROOT / folder).rglob("*.py"):
            cited |= set(re.findall(r"\b([RZ]\d{1,2})\b", path.read_text(encoding="utf-8")))
    told = set(re.findall(r"\*\*([RZ]\d{1,2})\*\*", (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")))
    assert {f"R{n}" for n in range(1, 15)} | {f"Z{n}" for n in range(1, 22)} <= told
    assert cited <= told, sorted(cited - told)


def test_the_readme_links_only_what_the_repository_holds():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme
    for target in re.findall(r"\]\(([^)#]+)\)", readme):
        if "://" not in target:
            assert (ROOT / target).exists(), target


def test_the_engine_speaks_of_itself():
    """scoring/ cites the rules where the repository keeps them (docs/RULES.md): no path
    outside it, no section sign or label of another document, no issue number."""
    outside = re.compile(r"shared/|RULES-20AB|§|\bF[12]\b|[Ii]ssues? \d+|(?<!docs/)RULES\.md")
    found = [f"{path.name}:{n}" for path in sorted((ROOT / "scoring").glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if outside.search(line)]
    assert found == []


def workflow_jobs(path: pathlib.Path) -> dict[str, str]:
    """Each job of a GitHub workflow and its text (the lines under ``jobs:`` indented by two)."""
    jobs: dict[str, str] = {}
    name = None
    for line in path.read_text(encoding="utf-8").split("jobs:\n", 1)[1].splitlines():
        if re.match(r"^  [\w-]+:$", line):
            name = line.strip().rstrip(":")
            jobs[name] = ""
        elif name is not None:
            jobs[name] += line + "\n"
    return jobs


def test_pages_publishes_only_a_commit_whose_make_test_passed():
    """The offline build goes to GitHub Pages only after CI's own run (``.ci/run``: ``make test``)
    passed on that commit: the build needs the test, the deploy needs the build."""
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().endswith("make test")
    jobs = workflow_jobs(ROOT / ".github" / "workflows" / "pages.yml")
    assert re.search(r"(?m)^\s+- run: bash \.ci/run$", jobs["test"]), jobs["test"]
    assert "needs:" not in jobs["test"]
    assert re.search(r"(?m)^    needs: test$", jobs["build"]), jobs["build"]
    assert re.search(r"(?m)^    needs: build$", jobs["deploy"]), jobs["deploy"]
    assert "deploy-pages" in jobs["deploy"] and "upload-pages-artifact" in jobs["build"]
    assert set(jobs) == {"test", "build", "deploy"}  # nothing else publishes
