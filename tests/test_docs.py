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
