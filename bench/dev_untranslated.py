"""How many dev lines keep the occupation in English, by the lexicon rule (checker/rules/
untranslated.py) and by the tagger's unknown words alone (the rule before it), per language.

    python bench/dev_untranslated.py es de fr ru          # UGB dev slice and MT-GenEval dev
    python bench/dev_untranslated.py lv --forms 20        # more of the forms found

No aligner: every word of the translation spelled as the occupation is asked about, not only
the aligned one. Prints one table (lines; lines with a word spelled as the occupation; lines
the lexicon calls English, unverifiable; lines the tagger's unknown words alone called
English) and, per language, the forms found English and the forms found the language's, with
counts, to read.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from dev_mtgeneval import DEV as MTGENEVAL  # noqa: E402
from dev_mtgeneval import RIGHT  # noqa: E402
from dev_ugb import dev_languages, records_with_paper_labels  # noqa: E402

from checker.backends.lexicon import Lexicon  # noqa: E402
from checker.backends.offline import OfflineTagger  # noqa: E402
from checker.pipeline.records import Item, to_item  # noqa: E402
from checker.pipeline.stages import left_in_english_of  # noqa: E402
from checker.rules.untranslated import by_tags, spelled_as_source  # noqa: E402
from scores.mtgeneval.dataset import read_contextual  # noqa: E402
from scores.mtgeneval.records import checkable, contextual_records, with_translations  # noqa: E402

HEADER = ("data", "lang", "lines", "spelled as the occupation", "English", "unverifiable",
          "unknown to the tagger (before)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="+")
    parser.add_argument("--forms", type=int, default=8, help="forms listed per language")
    args = parser.parse_args()
    print("| " + " | ".join(HEADER) + " |")
    print("|---|---|" + "---:|" * (len(HEADER) - 2))
    listed = []
    for lang in args.langs:
        tagger = OfflineTagger(lang, {})
        lexicon = Lexicon(lang, tagger, {})
        for name, items in (("ugb", ugb_items(lang)), ("mt-geneval", mtgeneval_items(lang))):
            if not items:
                continue
            row, forms = measure(items, tagger, lexicon)
            print(f"| {name} | {lang} | " + " | ".join(str(n) for n in row) + " |")
            listed.append((name, lang, forms))
        tagger.close()
    for name, lang, (english, theirs, unverified) in listed:
        print(f"\n{name} {lang}:")
        for what, forms in (("English", english), ("the language's", theirs), ("?", unverified)):
            if forms:
                common = ", ".join(f"{f} {n}" for f, n in forms.most_common(args.forms))
                print(f"  {what}: {common}")


def measure(items: list[Item], tagger: OfflineTagger, lexicon: Lexicon) -> tuple[list, tuple]:
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
