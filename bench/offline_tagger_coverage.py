"""How well the offline tagger reads the gendered words of MT-GenEval's annotated references.

MT-GenEval's dev split marks every gendered word of its reference translations
(``<F>médica</F>``, ``<M>él</M>``). For each marked word this counts whether the tagger's
readings allow the marked gender (*covered*), whether they allow only it (*decided*), and
whether the word is unknown to every analyser. Run on demand:

    python bench/offline_tagger_coverage.py ../shared/dev-data es fr it pt ru de hi
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checker.backends.base import FEMALE, MALE  # noqa: E402
from checker.backends.offline import OfflineTagger  # noqa: E402

MARK = re.compile(r"<([FM])>(.*?)</\1>")
GENDER = {"F": FEMALE, "M": MALE}


def marked_lines(path: Path) -> list[tuple[str, list[tuple[int, int, str]]]]:
    """Each line without its marks, and the (start, end, gender) spans that were marked."""
    lines = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        text, spans, position = "", [], 0
        for match in MARK.finditer(raw):
            text += raw[position : match.start()]
            spans.append((len(text), len(text) + len(match.group(2)), GENDER[match.group(1)]))
            text += match.group(2)
            position = match.end()
        lines.append((text + raw[position:], spans))
    return lines


def token_starts(text: str, tokens: list[str]) -> list[int | None]:
    """Where each token starts in the text; None for the words of a contraction that are not
    spelled out in it (fr "au" → "à" "le", de "zum" → "zu" "dem")."""
    starts: list[int | None] = []
    cursor = 0
    for token in tokens:
        found = text.find(token, cursor)
        if found >= 0 and not text[cursor:found].strip():
            starts.append(found)
            cursor = found + len(token)
            continue
        if not starts or starts[-1] is not None:  # skip the rest of the contraction, once
            while cursor < len(text) and text[cursor].isspace():
                cursor += 1
            while cursor < len(text) and not text[cursor].isspace():
                cursor += 1
        starts.append(None)
    return starts


def measure(dev_data: Path, lang: str) -> Counter:
    annotated = dev_data / "mt-geneval" / "sentences" / "dev" / "annotated"
    lines = [
        line
        for gender in ("feminine", "masculine")
        for line in marked_lines(annotated / f"geneval-sentences-{gender}-dev.en_{lang}.{lang}")
    ]
    tagger = OfflineTagger(lang, {})
    counts: Counter = Counter()
    for (text, spans), sentence in zip(lines, tagger.tag([t for t, _ in lines]), strict=True):
        starts = token_starts(text, sentence.tokens)
        for start, end, gender in spans:
            words = [
                w
                for w, s in zip(sentence.words, starts, strict=True)
                if s is not None and start <= s < end
            ]
            if not words:
                counts["not_a_token"] += 1
                continue
            # A marked contraction (it "della") is read through its gendered word.
            word = next((w for w in words if any(a.genders for a in w.analyses)), words[0])
            allowed = {g for a in word.analyses for g in a.genders}
            is_noun = any(a.upos == "NOUN" for a in word.analyses)
            for scope in ("all", "noun") if is_noun else ("all",):
                counts[scope, "words"] += 1
                counts[scope, "covered"] += gender in allowed
                counts[scope, "decided"] += allowed == {gender}
                counts[scope, "unknown"] += all(a.upos == "X" for a in word.analyses)
    tagger.close()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dev_data", type=Path)
    parser.add_argument("langs", nargs="+")
    args = parser.parse_args()
    print("| lang | scope | marked words | covered | decided | unknown |")
    print("|---|---|---|---|---|---|")
    for lang in args.langs:
        counts = measure(args.dev_data, lang)
        for scope in ("all", "noun"):
            n = counts[scope, "words"]
            cells = [
                f"{100 * counts[scope, key] / n:.1f}%" for key in ("covered", "decided", "unknown")
            ]
            print(f"| {lang} | {scope} | {n} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
