"""Generate challenge sets from context-free grammars and word lists (grammars/, wordlists/)."""
