"""MT-GenEval (Currey et al., 2022): the paper's scores; its contextual subset as checker input."""
