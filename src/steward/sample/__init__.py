"""Sample mailboxes written by the project, for the demo home, the tests and the benchmarks."""
