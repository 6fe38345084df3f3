"""Stand-in for triton.runtime: only the autotuner the backend patches."""
