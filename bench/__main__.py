"""`python -m bench [NAME ...]`: run the benchmarks, print a table, write bench/results.json.

Each benchmark module in this package has ``run() -> dict[str, dict]``: figure
name → ``{"value": number, "unit": str, "runs": int, "spread": number,
"baseline": name or None, "aim": str}``. Figures are medians over repeated runs;
comparisons are ratios against a baseline measured in the same run.
"""

from __future__ import annotations

import importlib
import json
import pathlib
import sys

MODULES = ["bench.replay", "bench.refusals", "bench.store", "bench.app", "bench.history", "bench.lan",
           "bench.web", "bench.table"]
RESULTS = pathlib.Path(__file__).with_name("results.json")


def main(argv: list[str]) -> int:
    """Run the benchmarks named in ``argv`` (all when empty)."""
    wanted = [m for m in MODULES if not argv or m.split(".")[-1] in argv]
    figures: dict[str, dict] = {}
    for name in wanted:
        module = importlib.import_module(name)
        print(f"running {name} …", flush=True)
        figures.update(module.run())
    old = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    old.update(figures)
    RESULTS.write_text(json.dumps(old, indent=2) + "\n")
    print(f"\n{'figure':40} {'value':>12} {'unit':6} {'runs':>5} {'spread':>8}  vs baseline")
    for key, f in figures.items():
        ratio = ""
        base = f.get("baseline")
        if base and base in old and old[base]["value"]:
            ratio = f"{f['value'] / old[base]['value']:.2f}× {base}"
        print(
            f"{key:40} {f['value']:12.3f} {f['unit']:6} {f.get('runs', 1):5} "
            f"{f.get('spread', 0):8.3f}  {ratio}  {f.get('aim', '')}"
        )
    print(f"\nwritten to {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
