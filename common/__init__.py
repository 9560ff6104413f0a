"""What every part of gen shares: its version, its errors and its file I/O.

The bottom of the import graph: common imports no other package of gen, and the
generator, translator, checker, scores and report build on it.
"""

__version__ = "0.1.0"
