"""The forms of a person noun that mark no gender, or both: read before its agreeing words.

A translation may give the person no gender (a neutral rewording: de "die Lehrkraft", es "la
persona", whose grammatical gender is the word's, not the person's; nl "de kapper", the
masculine form used for anyone, with nothing agreeing) or both (an inclusive spelling: es
"el/la enfermero/a", de "Lehrer*in", fr "enseignant·e", it "direttər"; a doublet: es "el
enfermero o la enfermera"). Which forms are which is each language's convention, data with
its sources: checker/data/neutral.toml.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from checker.backends.base import Word
from checker.rules.agreement import identified_person
from checker.rules.agreement_rules import AgreementRules
from checker.rules.clause import PREDICATE
from checker.rules.conventions import Conventions
from checker.rules.head_noun import COMMON_NOUN as _NOUN
from checker.rules.readings import gender_of, is_of
from checker.rules.verdict import (
    DOUBLET,
    INCLUSIVE_FORM,
    NEUTRAL_NOUN,
    Evidence,
    TargetToken,
    Verdict,
    decided,
)
from common.fields import BOTH, NEUTRAL

_CONJUNCTION = frozenset({"CCONJ"})
_PHRASE = frozenset({"DET", "ADJ"})


def marked_form(
    words: Sequence[Word], head: int, rules: AgreementRules, tokens: tuple[TargetToken, ...]
) -> Verdict | None:
    """The reading of person noun ``head`` where its form alone says it: ``both`` for an
    inclusive spelling or a doublet, ``neutral`` for a neutral noun (not one that is another
    noun's complement, after one of ``complement_words``: es "seleccionadora de
    [personal]"), unless a copula says who the person is (es "Esa persona es su hermano":
    the brother's gender); else None."""
    found, word = rules.conventions, words[head].text
    if (match := inclusive_form(words, head, found)) is not None:
        why = f"{match!r}: an inclusive form, women and men alike (neutral.toml inclusive)"
        return _form(BOTH, INCLUSIVE_FORM, head, word, why, tokens)
    if (other := doublet(words, head, found)) is not None:
        why = f"{word} / {words[other].text}: both genders' forms of one noun, coordinated"
        return _form(BOTH, DOUBLET, head, word, why, tokens)
    noun = neutral_noun(words, head, found)
    if noun is None or (noun and words[noun - 1].text.lower() in rules.complement_words):
        return None
    said = words[noun].text
    why = f"{said}: names anyone, its gender is the word's (neutral.toml neutral_nouns)"
    form = _form(NEUTRAL, NEUTRAL_NOUN, noun, said, why, tokens)
    person = identified_person(words, noun, rules)
    gender, readings = gender_of(words[person], rules.noun) if person else (None, ())
    if person is None or gender is None:
        return form
    named = Evidence(person, words[person].text, PREDICATE, gender, readings)
    return decided(gender, tokens, (*form.evidence, named))


def _form(
    label: str, reason: str, i: int, word: str, why: str, tokens: tuple[TargetToken, ...]
) -> Verdict:
    return Verdict(label, reason, tokens, None, (Evidence(i, word, reason, None, (why,)),))


def inclusive_form(words: Sequence[Word], head: int, found: Conventions) -> str | None:
    """The inclusive spelling (``inclusive``) that covers the noun ``head``, or ends right
    before it (its article: "el/la enfermero"), over the tokens joined by single spaces."""
    if not found.inclusive:
        return None
    start = sum(len(word.text) + 1 for word in words[:head])
    end = start + len(words[head].text)
    text = " ".join(word.text for word in words)
    for pattern in found.inclusive:
        for match in pattern.finditer(text):
            if match.start() < end and (match.end() > start or match.end() == start - 1):
                return match.group()
    return None


def doublet(words: Sequence[Word], head: int, found: Conventions) -> int | None:
    """The noun of the other gender coordinated with ``head`` (past a conjunction or "/"
    (or one of ``conjunctions``) and the other's determiners and adjectives) that shares its
    stem: es "el [enfermero] o la enfermera", de "Lehrerinnen und [Lehrer]"; None where
    there is none."""
    own = gender_of(words[head], _NOUN)[0]
    if own is None:
        return None
    j = head + 1
    if j < len(words) and _joins(words[j], found):
        j += 1
        while j < len(words) and is_of(words[j], _PHRASE) and not is_of(words[j], _NOUN):
            j += 1
        if _other_form(words, head, j, own):
            return j
    i = head - 1
    while i >= 0 and is_of(words[i], _PHRASE) and not is_of(words[i], _NOUN):
        i -= 1
    if i >= 1 and _joins(words[i], found) and _other_form(words, head, i - 1, own):
        return i - 1
    return None


def _joins(word: Word, found: Conventions) -> bool:
    return word.text == "/" or is_of(word, _CONJUNCTION) or word.text.lower() in found.conjunctions


def _other_form(words: Sequence[Word], head: int, j: int, own: str) -> bool:
    """Whether noun ``j`` has the gender other than ``own`` and shares the stem of ``head``:
    a common beginning of at least three letters, half the shorter word ("actor"/"actriz")."""
    if not 0 <= j < len(words) or not is_of(words[j], _NOUN):
        return False
    other = gender_of(words[j], _NOUN)[0]
    if other is None or other == own:
        return False
    a, b = words[head].text.lower(), words[j].text.lower()
    shorter = min(len(a), len(b))
    common = next((k for k in range(shorter) if a[k] != b[k]), shorter)
    return common >= 3 and 2 * common >= shorter


def neutral_noun(words: Sequence[Word], head: int, found: Conventions) -> int | None:
    """The neutral noun (``neutral_nouns``, ``neutral_endings``) that ``head`` is, or that
    it qualifies where ``head`` is no noun (es "el personal [docente]"); else None."""
    if not (found.neutral_nouns or found.neutral_endings):
        return None
    candidates = [head] if is_of(words[head], _NOUN) or head == 0 else [head, head - 1]
    for i in candidates:
        lemmas = {r.lemma.lower() for r in words[i].analyses if r.upos in _NOUN}
        lemmas = lemmas or {words[i].text.lower()}  # a word no analyser knows as a noun
        if any(_neutral(lemma, found) for lemma in lemmas) and not _coordinated(words, i):
            return i
    return None


def _coordinated(words: Sequence[Word], i: int) -> bool:
    """Whether a noun follows noun ``i`` past a conjunction and determiners: the other noun
    names the person too, and says more (es "una persona y una [artista]")."""
    j = i + 1
    if j >= len(words) or not is_of(words[j], _CONJUNCTION):
        return False
    j += 1
    while j < len(words) and is_of(words[j], _PHRASE) and not is_of(words[j], _NOUN):
        j += 1
    return j < len(words) and is_of(words[j], _NOUN)


def _neutral(lemma: str, found: Conventions) -> bool:
    return lemma in found.neutral_nouns or any(p.search(lemma) for p in found.neutral_endings)


def of_either_gender(word: Word, classes: Collection[str]) -> bool:
    """Whether every reading of ``word`` in ``classes`` has a gender and together they name
    both: a noun of common gender (fr "artiste"), not a word no analyser knows."""
    readings = [reading for reading in word.analyses if reading.upos in classes]
    genders = [reading.genders for reading in readings]
    return bool(readings) and all(genders) and len(frozenset().union(*genders)) > 1


def possessive_words(words: Sequence[Word], found: Conventions) -> list[tuple[int, str]]:
    """The possessives (``possessives``) that give the possessor's gender, with it: not
    after a determiner (nl "mijn [haar]", a noun), and, for a form that is also a verb,
    only before a noun or an adjective and noun (nl "zijn [boek]", not "zijn blij")."""
    if not found.possessives:
        return []
    found_words = []
    for i, word in enumerate(words):
        gender = found.possessives.get(word.text.lower())
        if gender is None or (i and is_of(words[i - 1], frozenset({"DET"}))):
            continue
        if is_of(word, frozenset({"VERB", "AUX"})) and not _noun_follows(words, i + 1):
            continue
        found_words.append((i, gender))
    return found_words


def _noun_follows(words: Sequence[Word], i: int) -> bool:
    while i < len(words) and is_of(words[i], frozenset({"ADJ"})) and not is_of(words[i], _NOUN):
        i += 1
    return i < len(words) and is_of(words[i], _NOUN)
