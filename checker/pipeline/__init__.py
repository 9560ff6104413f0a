"""`gen check`'s run from input file to results: ``run.check()`` scans the input
(``scan.py``, reading records with ``records.py``), then tags, aligns and labels it chunk by
chunk (``stages.py``), in this process or on Dask workers (``distributed.py``).

Nothing is re-exported here, so that importing one module (``gen languages`` reads
``scan.py``'s table) does not load the whole run: ``from checker.pipeline.run import check``.
"""
