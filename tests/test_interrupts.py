"""Ctrl-C wherever it lands is gen's one line and exit 130 (Ctrl-C on workers: scripts/faults,
tests/test_faults.py)."""

from __future__ import annotations


def test_ctrl_c_while_a_class_is_made_is_still_ctrl_c(monkeypatch, capsys):
    """Ctrl-C in the first second lands in the command line's imports; one inside a
    dataclass's making reaches gen as a RuntimeError caused by it: still one line, 130."""
    import gen.__main__ as entry
    import gen.cli

    def interrupted_while_a_class_is_made(**options):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as interrupt:
            raise RuntimeError("Error calling __set_name__ on 'Field'") from interrupt

    monkeypatch.setattr(gen.cli, "app", interrupted_while_a_class_is_made)
    exits = []
    monkeypatch.setattr(entry.os, "_exit", exits.append)
    monkeypatch.setattr(entry.signal, "signal", lambda *args: None)
    entry.main()
    assert exits == [130] and capsys.readouterr().err == "gen: interrupted\n"
