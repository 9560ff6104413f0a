"""A validity card from human judgements (docs/validity.md): a blind, seeded sample of a
`gen check` run for a native reader (``sample``, ``sheet``, ``page``), and gen's agreement
with what the readers wrote (``agreement``)."""
