"""`gen report`: the figures and tables of Renduchintala & Williams (2022) from `gen check` runs.

``load`` reads runs and ``comparable`` says which may be compared, ``significance`` tests two
systems against each other, ``figures`` (at the sizes ``footer`` names) and ``tables`` draw and
format, ``latex`` lays tables out for a two-column paper, ``html`` and ``build`` assemble the
documents.
"""

from report.build import write_report

__all__ = ["write_report"]
