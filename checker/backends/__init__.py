"""Aligners and taggers, one module per backend, found through the registry in registry.py."""
