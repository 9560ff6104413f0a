"""The pure labelling rules: tagged target words + alignment → label, reason and evidence.

The entry point is ``label.label()``; the other modules are the rules it applies (the
occupation's head noun, the words agreeing with it, the person named elsewhere in the
sentence). No model and no I/O, except reading the rules' data, ``agreement.toml``, once per
language (``agreement_rules.py``).
"""
