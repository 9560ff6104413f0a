"""The three papers' scores, computed from labelled results or MT output: gen check's
accuracy, ΔM/ΔF and breakdowns (summary), the Korean→English TGBI (tgbi) and MT-GenEval's
accuracy and quality gap (mtgeneval/)."""
