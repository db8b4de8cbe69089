"""Benchmarks: `make bench` runs them all and writes bench/results.json."""
