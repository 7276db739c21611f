"""Benchmarks of Block 24 (`make bench`): each figure beside a baseline measured in the same run."""
