"""gen: challenge sets and a reference-free checker for gender in machine translation.

The package holds what the generator, the translator and the checker share (errors,
atomic file I/O) and the `gen` command line that composes them.
"""

__version__ = "0.1.0"
