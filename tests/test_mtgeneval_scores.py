"""MT-GenEval's accuracy rule, pair rule, quality gap, report and `gen mt-geneval`."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import conftest
import numpy as np
import pytest
import sacrebleu

from checker.pipeline.run import CheckOptions
from common.errors import GenError
from scores.mtgeneval.accuracy import compat_words, decide, default_words, pair_decision
from scores.mtgeneval.agreement import checker_agreement
from scores.mtgeneval.dataset import LANGUAGES, read_contextual, read_counterfactual
from scores.mtgeneval.evaluate import evaluate
from scores.mtgeneval.quality import paired_gap_interval, quality_gap
from scores.mtgeneval.scores import accuracy, score_contextual, score_counterfactual


@pytest.mark.parametrize(
    ("hyp", "ref", "con", "default", "compat"),
    [
        # the hypothesis uses a word only the wrong-gender reference has
        (
            "Il est un acteur.",
            "Elle est une actrice.",
            "Il est un acteur.",
            "incorrect",
            "incorrect",
        ),
        # words of neither reference: nothing wrong found
        ("Elle joue.", "Elle est une actrice.", "Il est un acteur.", "correct", "correct"),
        # case does not matter
        (
            "IL EST UN ACTEUR",
            "Elle est une actrice.",
            "Il est un acteur.",
            "incorrect",
            "incorrect",
        ),
        # identical references: the rule cannot decide
        ("Morì nel 1706.", "Morì nel 1706.", "Morì nel 1706.", "unscorable", "correct"),
        # Italian elision: only the default mode keeps "un'" (fem.) apart from "un" (masc.)
        ("È un ufficiale.", "È un'ufficiale.", "È un ufficiale.", "incorrect", "correct"),
        ("È un’ufficiale.", "È un'ufficiale.", "È un ufficiale.", "correct", "correct"),
        # Hindi danda: glued to the verb in compat mode, so the wrong verb goes unnoticed
        ("वह था", "वह थी।", "वह था।", "incorrect", "correct"),
        # Arabic comma likewise
        ("كان مدرسا", "كانت، مدرسة", "كان، مدرسة", "incorrect", "correct"),
    ],
)
def test_set_difference_rule(hyp, ref, con, default, compat):
    assert decide(hyp, ref, con, "default").decision == default
    assert decide(hyp, ref, con, "compat").decision == compat


def test_decision_names_the_words_that_decided_it():
    result = decide("Il est une actrice.", "Elle est une actrice.", "Il est un acteur.")
    assert result.wrong_words == {"il"} and result.correct_words == {"une", "actrice"}


@pytest.mark.parametrize(
    ("line", "compat", "default"),
    [
        (
            "L'actrice, «la meilleure».",
            {"l", "actrice", "«la", "meilleure»"},
            {"l'", "actrice", "la", "meilleure"},
        ),  # fmt: skip
        ("Dell'arte -- 'quoted'", {"dell", "arte", "quoted"}, {"dell'", "arte", "quoted"}),
        ("वह शिक्षिका थी।", {"वह", "शिक्षिका", "थी।"}, {"वह", "शिक्षिका", "थी"}),
    ],
)
def test_tokenisations(line, compat, default):
    assert compat_words(line) == compat
    assert default_words(line) == default


@pytest.mark.parametrize(
    ("feminine", "masculine", "pair"),
    [
        ("correct", "correct", "correct"),
        ("correct", "incorrect", "incorrect"),
        ("incorrect", "correct", "incorrect"),
        ("incorrect", "unscorable", "incorrect"),
        ("unscorable", "correct", "unscorable"),
        ("correct", "unscorable", "unscorable"),
    ],
)
def test_pair_is_correct_only_if_both_halves_are(feminine, masculine, pair):
    assert pair_decision(feminine, masculine) == pair


def test_accuracy_leaves_unscorable_out_and_bootstraps_with_a_seed():
    decisions = ["correct"] * 6 + ["incorrect"] * 2 + ["unscorable"] * 2
    scorable = [True] * 8 + [False] * 2
    first = accuracy(decisions, scorable, n_bootstrap=200)
    assert (first.correct, first.incorrect, first.unscorable) == (6, 2, 2)
    assert first.accuracy == 75.0
    assert first.ci95[0] < 75.0 < first.ci95[1]
    assert accuracy(decisions, scorable, n_bootstrap=200) == first
    assert accuracy(decisions, scorable, n_bootstrap=200, seed=1).ci95 != first.ci95


def test_quality_gap_is_sacrebleu():
    fem, fem_refs = ["Elle est actrice ."] * 3, ["Elle est une actrice ."] * 3
    masc, masc_refs = ["Il est un acteur ."] * 3, ["Il est un acteur ."] * 3
    gap = quality_gap("fr", fem, fem_refs, masc, masc_refs, n_bootstrap=1)
    expected = sacrebleu.corpus_bleu(masc, [masc_refs]).score
    expected -= sacrebleu.corpus_bleu(fem, [fem_refs]).score
    assert gap["bleu"]["gap"] == round(expected, 2)
    chrf = (
        sacrebleu.corpus_chrf(masc, [masc_refs]).score
        - sacrebleu.corpus_chrf(fem, [fem_refs]).score
    )
    assert gap["chrf"]["gap"] == round(chrf, 2)
    assert f"version:{sacrebleu.__version__}" in gap["bleu"]["signature"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_dev_references_score_as_they_must(dev_data, lang):
    """Correct references: 100% correct; flipped ones: 0% (every scorable segment incorrect)."""
    root = dev_data / "mt-geneval"
    contextual = read_contextual(root, lang, "dev")
    for mode in ("default", "compat"):
        right = score_contextual(contextual, contextual.original, mode, n_bootstrap=10).summary
        assert right["incorrect"] == 0 and right["accuracy"] == 100.0
        flipped = score_contextual(contextual, contextual.flipped, mode, n_bootstrap=10).summary
        scorable = flipped["segments"] - flipped["no_contrastive_words"]
        assert flipped["incorrect"] == scorable
    assert flipped["correct"] == flipped["no_contrastive_words"]  # compat: counted correct
    if lang == "nl":  # MT-GenEval has no Dutch counterfactual subset
        return
    pairs = read_counterfactual(root, lang, "dev")
    right = score_counterfactual(pairs, pairs.feminine, pairs.masculine, "default", 10)
    assert right.summary["incorrect"] == 0 and right.summary["accuracy"] == 100.0
    wrong = score_counterfactual(pairs, pairs.masculine, pairs.feminine, "default", 10)
    assert wrong.summary["correct"] == 0 and wrong.summary["accuracy"] == 0.0


@pytest.fixture
def tiny_dataset(tmp_path):
    """Two contextual lines and two counterfactual pairs (fr, dev) in the released layout."""
    root = tmp_path / "mt-geneval"
    files = {
        "context/geneval-context-wikiprofessions-2to1-dev.en_fr.en": [
            "She moved. <sep> The actor won.",
            "He moved. <sep> The nurse left.",
        ],
        "context/geneval-context-wikiprofessions-original-dev.en_fr.fr": [
            "L'actrice a gagné.",
            "L'infirmier est parti.",
        ],
        "context/geneval-context-wikiprofessions-flipped-dev.en_fr.fr": [
            "L'acteur a gagné.",
            "L'infirmière est partie.",
        ],
        "sentences/dev/geneval-sentences-feminine-dev.en_fr.en": [
            "She is a teacher.",
            "Her dog ran.",
        ],
        "sentences/dev/geneval-sentences-masculine-dev.en_fr.en": [
            "He is a teacher.",
            "His dog ran.",
        ],
        "sentences/dev/geneval-sentences-feminine-dev.en_fr.fr": [
            "Elle est enseignante.",
            "Son chien a couru.",
        ],
        "sentences/dev/geneval-sentences-masculine-dev.en_fr.fr": [
            "Il est enseignant.",
            "Son chien a couru.",
        ],
    }
    for name, lines in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def run_gen(*args: str) -> subprocess.CompletedProcess:
    return conftest.run_gen("mt-geneval", *args)


def test_cli_scores_hypotheses_with_crlf_bom_and_no_final_newline(tiny_dataset, tmp_path):
    hyp = tmp_path / "hyp.fr"
    hyp.write_bytes("\ufeffL'acteur a gagné.\r\nL'infirmier est parti.".encode())
    out = tmp_path / "out"
    done = run_gen(str(hyp), "--mt-geneval", str(tiny_dataset), "--lang", "fr", "--out", str(out))
    assert done.returncode == 0, done.stderr
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert (summary["correct"], summary["incorrect"], summary["accuracy"]) == (1, 1, 50.0)
    assert summary["signature"].startswith(
        "mtgeneval|lang:fr|split:dev|subset:contextual|tok:default"
    )
    segments = [json.loads(line) for line in (out / "segments.jsonl").read_text().splitlines()]
    assert segments[0]["wrong_words"] == ["acteur"]
    assert "| segments | 50.00 |" in (out / "summary.md").read_text(encoding="utf-8")


def test_cli_counterfactual_references_and_compat(tiny_dataset):
    done = run_gen(
        "--mt-geneval", str(tiny_dataset), "--lang", "fr", "--subset", "counterfactual",
        "--references", "flipped", "--compat",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "| pairs | 50.00 |" in done.stdout  # the identical pair counts as correct in compat
    assert "tok:compat" in done.stdout and "| bleu |" in done.stdout
    done = run_gen(
        "--mt-geneval", str(tiny_dataset), "--lang", "fr", "--subset", "counterfactual",
        "--references", "flipped",
    )  # fmt: skip
    assert "| pairs | 0.00 | [0.00, 0.00] | 0 | 1 | 1 |" in done.stdout  # default: unscorable


@pytest.mark.parametrize(
    ("hyp_lines", "extra", "message"),
    [
        (["one line"], [], "hyp.fr: has 1 lines but"),
        (["a", "b"], ["--subset", "counterfactual"], "takes 2 hypothesis file(s)"),
        (["a", "b"], ["--lang", "xx"], "unknown language 'xx'"),
        (
            ["a", "b"],
            ["--subset", "counterfactual", "--checker"],
            "only be compared on the contextual",
        ),
    ],
)
def test_cli_bad_input_is_one_line(tiny_dataset, tmp_path, hyp_lines, extra, message):
    hyp = tmp_path / "hyp.fr"
    hyp.write_text("\n".join(hyp_lines) + "\n", encoding="utf-8")
    done = run_gen(str(hyp), "--mt-geneval", str(tiny_dataset), "--lang", "fr", *extra)
    assert done.returncode == 2
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1
    if "lines but" in message:
        assert "original-dev.en_fr.fr has 2" in done.stderr


def test_missing_layout_names_the_file(tmp_path):
    with pytest.raises(GenError, match="missing file"):
        evaluate(tmp_path, "fr", "dev", "contextual", references="correct")


def test_checker_agreement_counts_and_lists_disagreements():
    records = [
        {"id": f"r{n}", "text": "t", "translation": "x", "expected_gender": "female",
         "occupation": {"text": "actor", "index": 1}}
        for n in range(5)
    ]  # fmt: skip
    records[4] = {**records[4], "expected_gender": None, "undecidable": "no_gender_cue"}
    segments = [
        {"line": n + 1, "decision": d, "wrong_words": [], "correct_words": []}
        for n, d in enumerate(["correct", "incorrect", "correct", "unscorable", "correct"])
    ]
    labels = {
        "r0": {"label": "correct"},
        "r1": {"label": "correct"},
        "r2": {"label": "inconclusive", "reason": "no_alignment"},
        "r3": {"label": "wrong"},
    }
    result = checker_agreement(records, segments, labels)
    assert (result["compared"], result["agree"], result["agreement"]) == (2, 1, 50.0)
    assert result["not_compared"] == {
        "checker_inconclusive": 1,
        "mtgeneval_unscorable": 1,
        "no_expected_gender:no_gender_cue": 1,
    }
    assert result["checker_inconclusive_reasons"] == {"no_alignment": 1}
    assert [d["id"] for d in result["disagreements"]] == ["r1"]


def write_spanish_contextual(root: Path, lang: str = "es") -> None:
    """Two contextual lines the fake checker backends (tests/checker_fakes.py) can read."""
    stem = root / "context" / "geneval-context-wikiprofessions"
    files = {
        f"{stem}-2to1-dev.en_{lang}.en": [
            "She won. <sep> The editor spoke.",
            "He won. <sep> The doctor spoke.",
        ],
        f"{stem}-original-dev.en_{lang}.{lang}": ["La editora habló.", "El médico habló."],
        f"{stem}-flipped-dev.en_{lang}.{lang}": ["El editor habló.", "La médica habló."],
    }
    for name, lines in files.items():
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_checker_error_names_the_option_not_a_temporary_file(tmp_path, monkeypatch):
    # every MT-GenEval language is a target language now: take Dutch away for this test
    import checker.languages

    supported = checker.languages.languages()
    without_dutch = {code: row for code, row in supported.items() if code != "nl"}
    monkeypatch.setattr(checker.languages, "languages", lambda: without_dutch)
    write_spanish_contextual(tmp_path, lang="nl")
    with pytest.raises(GenError) as caught:
        evaluate(tmp_path, "nl", "dev", "contextual", references="correct", checker=CheckOptions())
    assert str(caught.value).startswith("--checker: ") and "unsupported language" in str(
        caught.value
    )


def test_cli_checker_agreement_with_fake_backends(tmp_path):
    """--checker labels the contextual lines with gen check's library API and compares."""
    root = tmp_path / "mt-geneval"
    write_spanish_contextual(root)
    hyp = tmp_path / "hyp.es"
    hyp.write_text("La editora habló.\nLa médica habló.\n", encoding="utf-8")
    out = tmp_path / "out"
    fakes = ["--tagger", "tests.checker_fakes:FakeTagger"]
    fakes += ["--aligner", "tests.checker_fakes:FakeAligner"]
    done = run_gen(
        str(hyp), "--mt-geneval", str(root), "--lang", "es", "--out", str(out), "--checker", *fakes
    )
    assert done.returncode == 0, done.stderr
    agreement = json.loads((out / "summary.json").read_text(encoding="utf-8"))["checker_agreement"]
    assert agreement["confusion"] == {
        "checker_correct/mtgeneval_correct": 1,
        "checker_wrong/mtgeneval_incorrect": 1,
    }
    assert agreement["agreement"] == 100.0 and "tagger:fake" in agreement["signature"]
    assert "Reference-free checker agreement: 2/2" in done.stdout


def test_checker_gets_the_backend_options_gen_check_takes(tiny_dataset, tmp_path):
    missing = tmp_path / "no-model"
    done = run_gen(
        "--mt-geneval", str(tiny_dataset), "--lang", "fr", "--references", "correct",
        "--checker", "--aligner", "simalign", "--tagger", "offline", "--align-model", str(missing),
    )  # fmt: skip
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert f"model '{missing}' is not here" in done.stderr


def test_quality_gap_interval_is_a_paired_bootstrap_over_the_pairs(dev_data):
    """Apertium-like output is not at hand here, so: a system that writes the masculine
    reference for half the pairs' feminine sources. Both halves share each pair's sentence,
    so the paired interval is far narrower than the two halves' own intervals combined."""
    pairs = read_counterfactual(dev_data / "mt-geneval", "es", "dev")
    feminine = [
        masculine if number % 2 else feminine
        for number, (feminine, masculine) in enumerate(
            zip(pairs.feminine, pairs.masculine, strict=True)
        )
    ]
    gap = quality_gap("es", feminine, pairs.feminine, pairs.masculine, pairs.masculine, 200)
    assert gap == quality_gap("es", feminine, pairs.feminine, pairs.masculine, pairs.masculine, 200)
    for name in ("bleu", "chrf"):
        low, high = gap[name]["gap_ci95"]
        assert 0 < low <= gap[name]["gap"] <= high  # masculine 100, feminine lower: sure
    same = quality_gap("es", pairs.feminine, pairs.feminine, pairs.feminine, pairs.feminine, 50)
    assert same["bleu"]["gap"] == 0 and same["bleu"]["gap_ci95"] == [0, 0]
    assert (
        quality_gap("es", feminine, pairs.feminine, pairs.masculine, pairs.masculine, 1)["chrf"][
            "gap_ci95"
        ]
        is None
    )


def test_paired_gap_interval_cancels_what_both_halves_share():
    from sacrebleu.metrics import CHRF

    rng = np.random.default_rng(0)
    words = [" ".join(rng.choice(["la", "el", "médica", "médico", "casa"], 6)) for _ in range(300)]
    noisy = [" ".join(rng.choice(sentence.split(), 6)) for sentence in words]
    metric = CHRF()
    masculine = metric._extract_corpus_statistics(noisy, [words])
    feminine = [[value for value in stats] for stats in masculine]
    feminine[0] = metric._extract_corpus_statistics([""], [[words[0]]])[0]  # one worse line
    low, high = paired_gap_interval(metric, feminine, masculine, samples=300, seed=1)
    own = metric.corpus_score(noisy, [words], n_bootstrap=300)._ci  # one half's ± spread
    assert 0 <= low <= high < own / 2
    assert paired_gap_interval(metric, feminine, masculine, samples=300, seed=1) == (low, high)
