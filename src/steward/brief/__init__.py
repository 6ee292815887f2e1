"""The daily brief. Not built yet: no issue has asked for it so far (`steward demo` prints a summary)."""
