"""Throughput benchmarks behind ``feint bench``."""
