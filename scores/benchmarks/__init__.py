"""Published benchmarks (WinoMT, GATE, MT-GenEval) turned into `gen check` input."""
