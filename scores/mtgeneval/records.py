"""MT-GenEval's contextual subset as records for the reference-free checker.

Each contextual line becomes one record in the checker's input format (docs/formats.md):
the English sentence after ``<sep>`` is ``text``, the gender the context states is
``expected_gender`` and the person noun(s) of the sentence are ``occupation(s)``. Both are
read from English alone, so the checker can be compared with MT-GenEval's reference-based
accuracy on the same lines:

- expected gender: the context's third-person pronouns (he/him/his/himself, she/her/...);
  when it has none, its gendered person nouns (WordNet: below male.n.02 / female.n.02).
  A context with both genders, or none, gets ``expected_gender: null`` and an
  ``undecidable`` reason (``conflicting_gender_cues`` / ``no_gender_cue``): never dropped.
  A sentence about someone the pronouns cannot refer to ("he married Olga Berg." "Berg
  was his secretary.") takes that person's gender or is undecidable (scores.mtgeneval.referents).
- occupation: every word (or WordNet compound, "police officer") whose most frequent
  WordNet sense is a kind of person, excluding kinship and gendered nouns. All are listed
  in ``occupations`` in sentence order; ``occupation`` is the first singular lower-case one
  (see :func:`main_occupation`; null when none).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from scores.mtgeneval.dataset import Contextual
from scores.mtgeneval.english_tags import PERSON_NAME_TAGS, PROPER_NOUN_TAGS, noun_spans
from scores.mtgeneval.referents import APPOSITION_CUE, UNDECIDABLE, Context, named_person
from scores.mtgeneval.wordnet import DEBIAN_WORDNET, load_nouns

_CUES_FILE = Path(__file__).with_name("english_cues.json")
#: Words that, up to three tokens before a person noun, make it the sentence's predicate
#: ("was a teacher", "worked as an engineer"): it then names the subject, the person the
#: context is about, rather than someone the sentence mentions.
_PREDICATIVE_CUES = frozenset({"as", "is", "was", "became", "become", "becomes", "been"})
#: English's articles: they open a noun phrase.
_ARTICLES = frozenset({"a", "an", "the"})
#: Longest WordNet compound looked for ("chief executive officer").
_MAX_COMPOUND = 3
#: Prepositions that open a postmodifier inside a WordNet compound: its head is the word
#: before ("editor in chief", "chief of staff", "member of parliament"; the Cambridge Grammar
#: of the English Language, ch. 5: complements and modifiers follow the head noun).
_POSTMODIFIER_PREPOSITIONS = frozenset({"of", "in", "for", "to", "at", "on"})


@dataclass(frozen=True)
class EnglishPersonWords:
    """The English words the converter reads: gendered pronouns and nouns, person nouns."""

    pronouns: dict[str, frozenset[str]]  # gender → pronouns
    gendered_nouns: dict[str, frozenset[str]]  # gender → nouns
    occupations: frozenset[str]  # lemmas, compounds with spaces
    people: frozenset[str]  # every person noun, kinship and gendered ones too
    lemmatize: Callable[[str], list[str]]  # lower-case form → candidate lemmas

    def occupation_lemma(self, words: list[str]) -> str | None:
        """The lemma of ``words`` (lower case) if they name a person, else None."""
        *head, last = words
        for lemma in self.lemmatize(last):
            candidate = " ".join([*head, lemma])
            if candidate in self.occupations:
                return candidate
        return None

    def is_person(self, word: str) -> bool:
        """Whether ``word`` (lower case) is a person noun ("son", "wife", "teacher")."""
        return any(lemma in self.people for lemma in self.lemmatize(word))

    def pronoun_gender(self, word: str) -> str | None:
        return next((gender for gender, ps in self.pronouns.items() if word in ps), None)

    def noun_gender(self, word: str) -> str | None:
        for lemma in self.lemmatize(word):
            for gender, nouns in self.gendered_nouns.items():
                if lemma in nouns:
                    return gender
        return None


@cache
def english_person_words(wordnet_root: Path = DEBIAN_WORDNET) -> EnglishPersonWords:
    """Build the word tables from english_cues.json and WordNet (once per process)."""
    cues = json.loads(_CUES_FILE.read_text(encoding="utf-8"))
    nouns = load_nouns(wordnet_root)
    person = nouns.below(cues["person"])
    return EnglishPersonWords(
        pronouns={gender: frozenset(words) for gender, words in cues["pronouns"].items()},
        gendered_nouns={
            gender: nouns.lemmas_whose_first_sense_is_in(nouns.below(synsets))
            for gender, synsets in cues["gendered_nouns"].items()
        },
        occupations=nouns.lemmas_whose_first_sense_is_in(
            person - nouns.below(cues["not_occupations"])
        ),
        people=nouns.lemmas_whose_first_sense_is_in(person),
        lemmatize=nouns.lemmatize,
    )


@cache
def _tokenizer():
    # Importing nltk loads all of it (scipy too, ~1.5 s): only when a converter runs, not
    # every time the `gen` command starts.
    from nltk.tokenize import NLTKWordTokenizer

    return NLTKWordTokenizer()


def tokenize(text: str) -> list[str]:
    """English words and punctuation (NLTK's Treebank-style tokenizer, no model needed)."""
    return _tokenizer().tokenize(text)


def expected_gender(context: str, words: EnglishPersonWords) -> tuple[str | None, str | None]:
    """``(gender, None)`` from the context's pronouns, else its gendered nouns; ``(None,
    reason)`` when the deciding cues name both genders or there is none."""
    tokens = [token.lower() for token in tokenize(context)]
    for cue_gender in (words.pronoun_gender, words.noun_gender):
        genders = {gender for gender in map(cue_gender, tokens) if gender is not None}
        if len(genders) == 1:
            return genders.pop(), None
        if genders:
            return None, "conflicting_gender_cues"
    return None, "no_gender_cue"


def find_occupations(
    tokens: list[str],
    words: EnglishPersonWords,
    nouns: Sequence[bool] | None = None,
    names: Sequence[bool] | None = None,
) -> list[dict]:
    """Person nouns in ``tokens`` as ``{"text", "index", "plural", "capitalised",
    "predicative"}``, in order.
    ``nouns`` (one flag per token, from :func:`noun_flags`) keeps out words used as something
    else in this sentence ("Prior to", "the official account"), except before a name
    (``names``: the tagger's proper nouns and unknown words, :data:`PROPER_NOUN_TAGS`).

    Runs of adjacent person words make one noun phrase whose head is the last word ("senior
    lecturer", "executive assistant director"; ``index`` is the head's, as docs/formats.md
    asks); WordNet compounds ("police officer") and hyphenated words ("editor-in-chief",
    "co-author") count as one word; a compound with a postmodifier ends at its head
    ("editor in chief" → "editor"). ``capitalised`` marks a span with a capital letter after
    the sentence's first word: a title ("Professor"), or a name or nationality ("Croatian").
    """
    spans: list[tuple[int, int, bool]] = []  # (start, end, plural)
    start = 0
    while start < len(tokens):
        match = _person_words_at(tokens, start, words)
        if match is None or (
            nouns is not None
            and not nouns[match[0] - 1]
            and not _before_name(tokens, nouns, names, (start, match[0]))
        ):
            start += 1
            continue
        end, plural = match
        if spans and spans[-1][1] == start:
            spans[-1] = (spans[-1][0], end, plural)
        else:
            spans.append((start, end, plural))
        start = end
    spans = [
        (begin, _head_end(tokens, begin, end), plural)
        for begin, end, plural in spans
        if plural or not _proper_name(tokens, begin, end)
    ]
    return [
        {
            "text": " ".join(tokens[begin:end]),
            "index": end - 1,
            "plural": plural,
            "capitalised": any(token[:1].isupper() for token in tokens[max(begin, 1) : end]),
            "predicative": any(
                token.lower() in _PREDICATIVE_CUES for token in tokens[max(0, begin - 3) : begin]
            ),
        }
        for begin, end, plural in spans
    ]


def _proper_name(tokens: list[str], begin: int, end: int) -> bool:
    """Whether the capitalised singular person word ``tokens[begin:end]`` opens the sentence
    as a name ("[Cook] served as director", "[Nurse] also won the award"): an English
    singular count noun needs a determiner, unless it is a title before a name or its
    complement ("Nurse Ratched said", "Secretary of State Rusk")."""
    if begin != 0 or not all(token[:1].isupper() for token in tokens[begin:end]):
        return False
    after = tokens[end] if end < len(tokens) else ""
    return not (after[:1].isupper() or after.lower() in _POSTMODIFIER_PREPOSITIONS | {"'s"})


def _head_end(tokens: list[str], begin: int, end: int) -> int:
    """The end of the span ``tokens[begin:end]`` up to its head noun: a compound with a
    postmodifier ("editor in chief", "assistant chief of staff") ends before its preposition,
    as its head is the word before it (pt "[editora] chefe", it "[comandante] in capo")."""
    for i in range(begin + 1, end - 1):
        if tokens[i].lower() in _POSTMODIFIER_PREPOSITIONS:
            return i
    return end


def _before_name(
    tokens: list[str], nouns: Sequence[bool], names: Sequence[bool] | None, span: tuple[int, int]
) -> bool:
    """Whether ``tokens[start:end]`` (``span``) opens a noun phrase with an article ("a",
    "an", "the", up to :data:`_MAX_COMPOUND` lower-case non-nouns between) and a name (a
    capitalised proper noun) follows it: a person word the tagger read as a modifier is then
    a title or an apposition ("as a student Kato's work"; not "the federal Ministry", "of
    native Venusians")."""
    start, end = span
    if names is None or end >= len(tokens) or not tokens[end][:1].isupper() or not names[end]:
        return False
    for before in range(start - 1, max(-1, start - 2 - _MAX_COMPOUND), -1):
        if tokens[before].lower() in _ARTICLES:
            return True
        if not tokens[before].islower() or nouns[before]:
            return False
    return False


def _person_words_at(
    tokens: list[str], start: int, words: EnglishPersonWords
) -> tuple[int, bool] | None:
    """``(end, plural)`` of the longest person noun starting at ``tokens[start]``, or None."""
    for length in range(min(_MAX_COMPOUND, len(tokens) - start), 0, -1):
        span = tokens[start : start + length]
        lowered = [token.lower() for token in span]
        *head, last = lowered
        for forms in ([*head, last], [*head, *last.split("-")], [*head, *last.split("-")[-1:]]):
            lemma = words.occupation_lemma(forms)
            if lemma is not None:
                return start + length, not lemma.endswith(forms[-1])
    return None


def noun_flags(
    texts: Sequence[str], tags: Sequence[str] | None = None, unknown: bool = True
) -> list[tuple[list[str], list[bool]]]:
    """Each text's tokens (:func:`tokenize`) and whether each is a noun in its sentence
    (Apertium's English tagger; a token is judged by the word its last character is in).
    With ``tags``: whether the tagger gave it one of those tags, or (``unknown``) does not
    know the word."""
    tokenizer = _tokenizer()
    found = []
    tagged = noun_spans(texts) if tags is None else noun_spans(texts, tags, unknown)
    for text, spans in zip(texts, tagged, strict=True):
        text = " ".join(text.split())
        ends = [end for _, end in tokenizer.span_tokenize(text)]
        flags = [any(start < end <= stop for start, stop in spans) for end in ends]
        found.append((tokenizer.tokenize(text), flags))
    return found


def main_occupation(occupations: list[dict]) -> dict | None:
    """The occupation the record is about: the first singular lower-case one in predicate
    position, else the first singular lower-case one, else the first singular one, else
    the first (None when there is none)."""
    return min(
        occupations,
        key=lambda found: (found["plural"], found["capitalised"], not found["predicative"]),
        default=None,
    )


def contextual_records(
    data: Contextual, lang: str, split: str, words: EnglishPersonWords | None = None
) -> list[dict]:
    """One checker record per contextual line, with the original and flipped references."""
    words = words or english_person_words()
    records = []
    tagged = noun_flags(data.sources)
    proper = [flags for _, flags in noun_flags(data.sources, PROPER_NOUN_TAGS)]
    names = noun_flags(data.contexts, PERSON_NAME_TAGS, unknown=False)
    unknown = [flags for _, flags in noun_flags(data.contexts, (), unknown=True)]
    for number, (context, text, original, flipped, (tokens, nouns), named, new) in enumerate(
        zip(
            data.contexts,
            data.sources,
            data.original,
            data.flipped,
            tagged,
            names,
            unknown,
            strict=True,
        ),
        start=1,
    ):
        gender, undecidable, cue = _line_gender(
            context, (tokens, nouns), Context(*named, new), words
        )
        occupations = find_occupations(tokens, words, nouns, proper)
        record = {
            "id": f"mtgeneval-{split}-en_{lang}-{number:05d}",
            "lang": lang,
            "text": text,
            "tokens": tokens,
            "context": context,
            "expected_gender": gender,
            "occupation": main_occupation(occupations),
            "occupations": occupations,
            "references": {"original": original, "flipped": flipped},
        }
        if undecidable:
            record["undecidable"] = undecidable
        if cue:
            record["expected_gender_cue"] = cue
        records.append(record)
    return records


def _line_gender(
    context: str, sentence: tuple[list[str], list[bool]], tagged: Context, words
) -> tuple[str | None, str | None, str | None]:
    """``(expected gender, undecidable reason, cue)``: the context's (:func:`expected_gender`)
    unless the sentence is about someone its pronouns cannot refer to (see
    scores.mtgeneval.referents); then the gender an apposition gives that person
    (cue ``APPOSITION_CUE``), else undecidable."""
    gender, undecidable = expected_gender(context, words)
    if gender is None:
        return gender, undecidable, None
    other, other_gender = named_person(sentence, tagged, words)
    if not other:
        return gender, None, None
    if other_gender is None:
        return None, UNDECIDABLE, None
    return other_gender, None, APPOSITION_CUE


def with_translations(records: list[dict], translations: list[str]) -> list[dict]:
    """Copies of ``records`` with ``translation`` set, line by line (e.g. a system's output,
    or ``[r["references"]["flipped"] for r in records]`` to check the flipped references)."""
    return [
        {**record, "translation": text} for record, text in zip(records, translations, strict=True)
    ]


def checkable(records: list[dict]) -> list[dict]:
    """The records the checker can label: an expected gender and an occupation were found.
    The others stay in ``records`` and are counted by :func:`checker_agreement`."""
    return [r for r in records if r["expected_gender"] is not None and r["occupation"] is not None]
