"""Label translations correct / wrong / inconclusive for gender, without references.

Three parts:

- ``pipeline/``: the run from input file to results (start at ``pipeline/run.py``'s
  ``check()``): validate and read the records, tag, align and label them chunk by chunk,
  resumably, in one process or on Dask workers.
- ``rules/``: the pure labelling rules, tokens + alignment + tags → label (start at
  ``rules/label.py``'s ``label()``); the agreement rules are data, ``rules/agreement.toml``.
- ``backends/``: the analysers (taggers) and aligners, found through ``backends/registry.py``.

At this level stay what all three read: the per-language table (``languages.py``,
``languages.toml``), the data tables' reader (``tables.py``, ``data/``) and the checker's
validity card (``validity.py``, ``data/validity.json``).
"""
