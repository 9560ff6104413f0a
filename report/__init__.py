"""`gen report`: the figures and tables of Renduchintala & Williams (2022) from `gen check` runs.

``load`` reads and compares runs, ``significance`` tests two systems against each other,
``figures`` and ``tables`` draw and format, ``html`` and ``build`` assemble the documents.
"""

from report.build import write_report

__all__ = ["write_report"]
