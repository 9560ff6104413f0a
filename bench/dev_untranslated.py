"""How many dev lines keep the occupation in English, by the lexicon rule (checker/rules/
untranslated.py) and by the tagger's unknown words alone (the rule before it), per language,
and which labels the rule changes.

    python bench/dev_untranslated.py es de fr ru          # UGB dev slice and MT-GenEval dev
    python bench/dev_untranslated.py lv --forms 20        # more of the forms found

Every word of the translation spelled as the occupation is counted, not only the aligned one.
Prints one table (lines; lines with a word spelled as the occupation; lines the lexicon calls
English, unverifiable; lines the tagger's unknown words alone called English; labels that
differ between the two rules, on the same tagging and alignment, so eflomal's run-to-run
variation is not in them) and, per language, the forms found English and the forms found the
language's, with counts, and the label changes, to read.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from dev_mtgeneval import DEV as MTGENEVAL  # noqa: E402
from dev_mtgeneval import RIGHT  # noqa: E402
from dev_ugb import dev_languages, records_with_paper_labels  # noqa: E402

from checker.backends.base import Tagger  # noqa: E402
from checker.backends.lexicon import Lexicon  # noqa: E402
from checker.pipeline.records import Item, to_item  # noqa: E402
from checker.pipeline.stages import (  # noqa: E402
    align_chunk,
    build_backends,
    label_chunk,
    left_in_english_of,
    tag_chunk,
)
from checker.rules.untranslated import by_tags, spelled_as_source  # noqa: E402
from scores.mtgeneval.dataset import read_contextual  # noqa: E402
from scores.mtgeneval.records import checkable, contextual_records, with_translations  # noqa: E402

HEADER = ("data", "lang", "lines", "spelled as the occupation", "English", "unverifiable",
          "unknown to the tagger (before)", "labels changed")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="+")
    parser.add_argument("--forms", type=int, default=8, help="forms listed per language")
    args = parser.parse_args()
    print("| " + " | ".join(HEADER) + " |")
    print("|---|---|" + "---:|" * (len(HEADER) - 2))
    listed = []
    for lang in args.langs:
        backends = build_backends(
            Counter([lang]), tagger="offline", aligner="eflomal", backend_options={}, warn=print
        )
        built = backends[lang]
        for name, items in (("ugb", ugb_items(lang)), ("mt-geneval", mtgeneval_items(lang))):
            if not items:
                continue
            row, forms = measure(items, built.tagger, built.lexicon)
            changed = changed_labels(items, backends)
            print(f"| {name} | {lang} | " + " | ".join(str(n) for n in row) + f" | {changed[0]} |")
            listed.append((name, lang, (*forms, changed[1])))
        built.tagger.close()
    for name, lang, (english, theirs, unverified, changes) in listed:
        print(f"\n{name} {lang}:")
        for what, forms in (("English", english), ("the language's", theirs), ("?", unverified)):
            if forms:
                common = ", ".join(f"{f} {n}" for f, n in forms.most_common(args.forms))
                print(f"  {what}: {common}")
        for change, n in changes.most_common(args.forms):
            print(f"  label {change}: {n}")


def measure(items: list[Item], tagger: Tagger, lexicon: Lexicon) -> tuple[list, tuple]:
    sentences = tagger.tag([item.translation for item in items])
    lefts = left_in_english_of(items, sentences, lexicon)
    english, theirs, unverified = Counter(), Counter(), Counter()
    counts = [len(items), 0, 0, 0, 0]
    for item, sentence, left in zip(items, sentences, lefts, strict=True):
        found = spelled_as_source(sentence.words, item.source_tokens, item.occupation)
        before = by_tags(sentence.words, item.source_tokens, item.occupation)
        counts[1] += bool(found)
        counts[2] += bool(left.english)
        counts[3] += bool(left.unverified)
        counts[4] += bool(before.english)
        for i in found:
            form = sentence.words[i].text.lower()
            kind = english if i in left.english else unverified if i in left.unverified else theirs
            kind[form] += 1
    return counts, (english, theirs, unverified)


def changed_labels(items: list[Item], backends: dict) -> tuple[int, Counter]:
    """How many labels the lexicon rule changes, on one tagging and alignment: the records
    labelled with what the lexicon said, and as before (the tagger's unknown words), and
    each change (target word, label and reason before → after) counted."""
    aligned = align_chunk(tag_chunk(items, backends), backends)
    fresh = list(aligned.verdicts)  # label_chunk fills them in
    now = label_chunk(aligned)
    before = label_chunk(replace(aligned, verdicts=fresh, left={}))
    changes: Counter = Counter()
    for old, new in zip(before, now, strict=True):
        if (old["label"], old["reason"]) != (new["label"], new["reason"]):
            word = " ".join(t.text for t in new["target_tokens"])
            changes[
                f"{word}: {old['label']} {old['reason']} -> {new['label']} {new['reason']}"
            ] += 1
    return sum(changes.values()), changes


def ugb_items(lang: str) -> list[Item]:
    if lang not in dev_languages():
        return []
    records, _ = records_with_paper_labels(lang)
    return [_item(record, lang) for record in records]


def mtgeneval_items(lang: str) -> list[Item]:
    if not any(MTGENEVAL.glob(f"context/*.en_{lang}.*")):
        return []  # a language MT-GenEval lacks
    records = checkable(contextual_records(read_contextual(MTGENEVAL, lang, "dev"), lang, "dev"))
    rows = []
    for version in RIGHT:
        rows += with_translations(records, [r["references"][version] for r in records])
    return [_item(row, lang) for row in rows]


def _item(record: dict, lang: str) -> Item:
    return to_item(record, path=Path("dev"), line=0, default_lang=lang)


if __name__ == "__main__":
    main()
