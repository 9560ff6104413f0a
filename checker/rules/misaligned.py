"""Where the aligner slipped off the occupation: the person noun to read instead.

Two need an analyser that marks persons (agreement.toml `animate`): the aligner linked the
occupation to nothing, or only to a comma, a preposition, a verb or a thing beside it. Two
read the English sentence: the noun the translation's "as" phrase or copula names where the
English occupation stands in one ("worked as a [police officer]", "became a [teacher]"),
and the predicate noun of a copula the occupation, its subject, was linked to ("The janitor
is his brother" → fr "[C'est] son frère"), or the translation's own subject noun before
it ("La concierge [est] son frère"). :func:`misaligned_person` tries them in turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from checker.backends.base import Alignment, Word
from checker.rules.agreement import predicate_noun
from checker.rules.agreement_rules import AgreementRules
from checker.rules.determiner_link import determiner_noun, noun_after
from checker.rules.english import (
    ARTICLES,
    AS_WORDS,
    COPULAS,
    FIXED_AS_NEIGHBOURS,
    PREPOSITIONS,
    compound_words,
)
from checker.rules.head_noun import COMMON_NOUN
from checker.rules.readings import (
    NAME,
    VERBS,
    every_reading_carries,
    inanimate,
    is_copula,
    is_of,
    plural,
)
from checker.rules.verdict import NO_ALIGNMENT, NO_GENDER, NOT_A_PERSON, UNTRANSLATED

#: Word classes the aligner slips onto beside a noun: punctuation, adpositions, conjunctions
#: and particles (ru "Редактор позвонил строителю[,] потому что", "поймал разработчика [на]").
FUNCTION_WORDS = frozenset({"PUNCT", "ADP", "CCONJ", "SCONJ", "PART"})
#: What may stand between a thing the aligner slipped onto and the person beside it: only
#: prepositions (ru "ввел наблюдателя в [заблуждение]", "купил [подарок] охраннику"); a
#: dash, a determiner or an adjective between ("[Пекарня] – ее любящая сестра") means
#: another phrase, whose person is someone else.
_THING_GAP = frozenset({"ADP"})
_NOUN = frozenset({"NOUN"})
#: The words the aligner slips onto that name no one: verbs, adverbs, function words.
_SLIPPED = VERBS | FUNCTION_WORDS | frozenset({"ADV", "DET"})
#: What may open a sentence before its copula when it has no subject noun: a pronoun
#: ("Ella es"), an adverb, a conjunction, punctuation.
_NO_SUBJECT = frozenset({"PRON", "ADV", "CCONJ", "SCONJ", "PUNCT", "INTJ"})
#: What may stand before the noun of a subject phrase that opens the sentence.
_SUBJECT_PHRASE = frozenset({"DET", "ADJ", "NUM"})
#: How many words from the aligned word the person noun may stand.
BESIDE = 2


#: The reasons for which no word of the occupation's was read: the noun of a copula or an
#: "as" phrase is looked for.
NO_WORD = frozenset({NO_ALIGNMENT, NO_GENDER, UNTRANSLATED})


def misaligned_person(
    words: Sequence[Word],
    alignment: Alignment,
    rules: AgreementRules,
    source_tokens: Sequence[str],
    occupation: tuple[int, int],
    aligned: list[int],
    reason: str | None,
) -> tuple[int, str] | None:
    """The person noun to read where the aligned words gave no gender for ``reason`` and
    no dictionary translation stands elsewhere, and why, from the first of: the person noun
    beside a thing or function word (:func:`person_beside`); the predicate noun of the
    copula the occupation was linked to, or the subject noun before it
    (:func:`copula_subject`); the noun of the "as"
    phrase or copula the English occupation stands in (:func:`predicate_role`); the noun
    the translation of its English determiner opens (determiner_link.py); where
    agreement.toml's ``unlinked_person`` names the reason, the sentence's one person noun
    linked to no source word (:func:`sole_unlinked_person`). None where none is found."""
    context = (source_tokens, occupation)
    if reason in (NO_GENDER, NOT_A_PERSON):
        beside = person_beside(words, alignment, rules, *context, aligned)
        if beside is not None:
            return beside, "the person noun beside it, linked to no other source word"
        beside = unlinked_noun_beside(words, alignment, rules, aligned)
        if beside is not None:
            return beside, "the noun beside it, linked to no source word"
    if reason in NO_WORD:
        subject = copula_subject(words, aligned, rules, *context)
        if subject is not None:
            before = aligned and subject < aligned[0]
            noun = "subject noun before" if before else "predicate noun of"
            return subject, f"the {noun} the copula, the occupation its English subject"
        role = predicate_role(words, rules, *context)
        if role is not None and role not in aligned:
            return role, "the noun of the translation's 'as' phrase or copula, as in the English"
        found = determiner_noun(words, alignment, rules, *context, aligned)
        if found is not None:
            return found, "the noun after the translation of the occupation's determiner"
    if aligned and reason in rules.unlinked_person:
        # agreement.toml `unlinked_person`: the aligner slipped onto another word
        found = sole_unlinked_person(words, alignment, rules, *context)
        if len(found) == 1:
            return found[0], "the sentence's one person noun linked to no source word"
    return None


def person_beside(
    words: Sequence[Word],
    alignment: Alignment,
    rules: AgreementRules,
    source_tokens: Sequence[str],
    occupation: tuple[int, int],
    aligned: list[int],
) -> int | None:
    """Where every aligned word is a function word, a verb, or a noun that names a thing:
    the nearest noun that names a person (every noun reading ``animate``), not a group
    (every reading plural: de "von [Beratern]"), within BESIDE
    words (past function words only, from a verb; past prepositions only, from a thing),
    and is linked to no source word outside the occupation's phrase (its article, which
    the aligner links to the noun as often as not: "caught the developer cheating", and the
    preposition before it, which a case may stand for: "with the [worker]" → "со
    строителем"); None where there is none or two at the same distance, or where the
    analyser marks no animacy."""
    if not rules.animate or not aligned:
        return None
    if all(words[i].upos_set <= FUNCTION_WORDS for i in aligned):
        gap = None
    elif all(inanimate(words[i], rules) for i in aligned):
        gap = _THING_GAP
    elif all(words[i].upos_set <= VERBS for i in aligned):
        # a verb, the person a comma before it ("спросил продавца, [может] ли он"): only
        # function words may stand between
        gap = FUNCTION_WORDS
    else:
        return None
    start, end = occupation
    while start > 0 and source_tokens[start - 1].lower() in ARTICLES:
        start -= 1
    if start > 0 and source_tokens[start - 1].lower() in PREPOSITIONS:
        start -= 1
    compound = set(compound_words(source_tokens, occupation))  # nl "[onderwijs]redactrice"
    elsewhere = {t for s, t in alignment if not start <= s < end and s not in compound}
    return _nearest(
        words,
        aligned,
        BESIDE,
        lambda i, j: (
            j not in elsewhere
            and _person(words[j], rules)
            and not plural(words[j])
            and (gap is None or all(words[k].upos_set <= gap for k in _between(i, j)))
        ),
    )


#: What may stand between a word the aligner slipped onto and an unlinked noun beside it:
#: the noun's article, a preposition, a comma, a pronoun, an adverb or an auxiliary (es
#: "Frecuentemente[, las] ladronas", fr "Aucune fonctionnaire [ne] doit").
_UNLINKED_GAP = frozenset({"DET", "NUM", "ADP", "PUNCT", "PRON", "ADV", "AUX", "PART", "SCONJ"})
#: How many words from the aligned word the unlinked noun may stand.
UNLINKED_BESIDE = 3


def unlinked_noun_beside(
    words: Sequence[Word], alignment: Alignment, rules: AgreementRules, aligned: list[int]
) -> int | None:
    """Where the analyser marks no animacy (es, fr, it) and every aligned word is a verb, an
    adverb, a determiner or a function word: the nearest noun within UNLINKED_BESIDE words
    that the aligner linked to no source word at all, past only ``_UNLINKED_GAP`` words (es
    "Frecuentemente, las [ladronas]", the occupation linked to the adverb); None where there
    is none, or two at the same distance. A noun the aligner linked to anything translates
    some other source word ("en filmar el [documental]")."""
    if rules.animate or not aligned:
        return None
    if not all(words[i].upos_set and words[i].upos_set <= _SLIPPED for i in aligned):
        return None
    linked = {t for _, t in alignment}
    return _nearest(
        words,
        aligned,
        UNLINKED_BESIDE,
        lambda i, j: (
            j not in linked
            and is_of(words[j], _NOUN)
            and not is_of(words[j], VERBS)  # it "Se sarà [scoperta]", also the discovery
            and all(_gap_word(words[k]) for k in _between(i, j))
        ),
    )


def _nearest(
    words: Sequence[Word], aligned: list[int], limit: int, fits: Callable[[int, int], bool]
) -> int | None:
    """The word nearest to an aligned word ``i``, within ``limit`` words, for which
    ``fits(i, j)``; None where there is none, or two at the same distance."""
    for distance in range(1, limit + 1):
        found = {
            j
            for i in aligned
            for j in (i - distance, i + distance)
            if 0 <= j < len(words) and fits(i, j)
        }
        if found:
            return found.pop() if len(found) == 1 else None
    return None


def _gap_word(word: Word) -> bool:
    """Whether ``word`` may stand between the aligned word and an unlinked noun: one of
    ``_UNLINKED_GAP``, or a word that may be an auxiliary (it "ha", also the verb "have")."""
    return word.upos_set <= _UNLINKED_GAP or "AUX" in word.upos_set


def _person(word: Word, rules: AgreementRules) -> bool:
    """Whether ``word`` is a common noun every noun reading of which names a person."""
    return every_reading_carries(word, COMMON_NOUN, rules.animate)


def _between(i: int, j: int) -> range:
    return range(min(i, j) + 1, max(i, j))


def sole_unlinked_person(
    words: Sequence[Word],
    alignment: Alignment,
    rules: AgreementRules,
    source_tokens: Sequence[str],
    occupation: tuple[int, int],
) -> list[int]:
    """When the aligner linked the occupation to nothing: the translation's one noun that
    names a person (every noun reading has an ``animate`` feature set), not a group (every
    reading plural: de "von [Beratern]"), and is linked to no other source word, if there
    is exactly one (ru "работать [дирижером] хоров"); else nothing. Only where the
    analyser marks animacy."""
    if not rules.animate:
        return []
    # a link to a word of the occupation's English compound is no other word's: the
    # translation may write the compound as one word (nl "onderwijsredactrice")
    compound = set(compound_words(source_tokens, occupation))
    linked = {t for s, t in alignment if s not in compound}
    found = [
        i
        for i, word in enumerate(words)
        if i not in linked and _person(word, rules) and not plural(word)
    ]
    return found if len(found) == 1 else []


def copula_subject(
    words: Sequence[Word],
    aligned: Sequence[int],
    rules: AgreementRules,
    source_tokens: Sequence[str],
    occupation: tuple[int, int],
) -> int | None:
    """Where the English occupation is the subject of a copula ("The janitor [is] his
    brother") and the translation opens with its copula, the subject dropped or fused with
    it (es "Es su hermano", fr "C'est son frère"), the aligner linking the occupation to
    that copula or to nothing: the predicate noun after it, which names the same person.
    Where the translation opens with its own subject phrase, the aligner linking the
    occupation to the copula after it: that phrase's noun (fr "La [concierge] est son
    frère"). Else None."""
    end = occupation[1]
    if end >= len(source_tokens) or source_tokens[end].lower() not in COPULAS:
        return None
    first = next((i for i, word in enumerate(words) if not word.upos_set <= _NO_SUBJECT), None)
    if first is None:
        return None
    if is_copula(words[first], rules):
        k = predicate_noun(words, first, rules) if not set(aligned) - {first} else None
        return k if k is not None and is_of(words[k], rules.noun) else None
    if len(aligned) != 1:
        return None
    copula = aligned[0]
    subject = copula - 1
    if (
        subject >= first
        and is_copula(words[copula], rules)
        and is_of(words[subject], rules.noun)
        and all(is_of(word, _SUBJECT_PHRASE) for word in words[first:subject])
    ):
        return subject
    return None


def predicate_role(
    words: Sequence[Word],
    rules: AgreementRules,
    source_tokens: Sequence[str],
    occupation: tuple[int, int],
) -> int | None:
    """Where the English occupation is what someone works as or is ("worked as a police
    officer", "became a teacher") and the translation has one such phrase: the noun it
    names, past determiners and adjectives, whatever word translates the occupation there
    (a compound, a paraphrase: de "als Pflegerin" for a visitor, nl "werd kleuterjuf").
    The translation's phrase is one of agreement.toml's ``as_words``, or a ``copulas``
    word for an English copula; None where either sentence has another such phrase or the
    phrase names no person."""
    introducer = _introducer(source_tokens, occupation[0])
    if introducer is None:
        return None
    lowered = [token.lower() for token in source_tokens]
    if introducer in AS_WORDS:
        if sum(_role_as(lowered, k) for k in range(len(lowered))) != 1:
            return None
        kinds = (_after_as_words(words, rules), _after_copulas(words, rules))
    else:
        if sum(token in COPULAS for token in lowered) != 1:
            return None
        kinds = (_after_copulas(words, rules), _after_as_words(words, rules))
    for starts in kinds:  # the English kind first; the other where the translation has none
        found = [n for n in (noun_after(words, i, rules) for i in starts) if n is not None]
        if found:
            return found[0] if len(found) == 1 else None
    return None


def _role_as(tokens: Sequence[str], k: int) -> bool:
    """Whether ``tokens[k]`` (lower case) is an "as" that may introduce a role: not one of
    "as well as", "such as", "as soon as" (english.FIXED_AS_NEIGHBOURS)."""
    if tokens[k] not in AS_WORDS:
        return False
    neighbours = tokens[max(0, k - 1) : k] + tokens[k + 1 : k + 2]
    return FIXED_AS_NEIGHBOURS.isdisjoint(neighbours)


def _after_as_words(words: Sequence[Word], rules: AgreementRules) -> list[int]:
    """Where the words after each of the translation's ``as_words`` phrases start; for a
    prefix written on the noun (ar "ك-": "كمفتش", as an inspector), the noun itself, or
    the word after the prefix where the tagger split it off as a word of its own (Stanza's
    Arabic model: "ك" "مفتش")."""
    texts = [word.text.lower() for word in words]
    found = []
    for phrase in rules.as_words:
        if len(phrase) == 1 and phrase[0].endswith("-"):
            prefix = phrase[0][:-1]
            found += [
                i
                for i, text in enumerate(texts)
                if text.startswith(prefix)
                and len(text) > len(prefix) + 2
                and is_of(words[i], _NOUN)
            ]
            found += [i + 1 for i, text in enumerate(texts) if text == prefix]
            continue
        found += [
            i + len(phrase)
            for i in range(len(texts) - len(phrase) + 1)
            if tuple(texts[i : i + len(phrase)]) == phrase
        ]
    return found


def _after_copulas(words: Sequence[Word], rules: AgreementRules) -> list[int]:
    """Where the words after each of the translation's ``copulas`` start, past the
    subject's name where the verb comes first (ar "كانت [كيفر] مدرسة", de "wurde [Ivins]
    Redakteurin")."""
    starts = [i + 1 for i, word in enumerate(words) if is_copula(word, rules)]
    return [i + 1 if i < len(words) and _name(words[i]) else i for i in starts]


def _name(word: Word) -> bool:
    """Whether ``word`` may be a name: a proper noun, or a word no analyser knows that is
    not in lower case (a capital, or a script without case: ar "كيفر"; de "auch", which
    the German analyser does not read, is none)."""
    return word.upos_set <= NAME and not word.text[:1].islower()


def _introducer(source_tokens: Sequence[str], start: int) -> str | None:
    """The "as" or English copula before the occupation, past an adverb, its article and
    up to three modifiers ("as a successful [artist]", "became an assistant [coach]", "was
    also a scientific [advisor]", "be an effective law enforcement [officer]"); else None."""
    before = [token.lower() for token in source_tokens[max(0, start - 5) : start]]
    for k in range(len(before) - 1, -1, -1):
        if before[k] in AS_WORDS or before[k] in COPULAS:
            modifiers = before[k + 1 :]
            if len(modifiers) > 1 and modifiers[1] in ARTICLES and modifiers[0].isalpha():
                modifiers.pop(0)  # an adverb before the article
            if modifiers and modifiers[0] in ARTICLES:
                modifiers.pop(0)
            fits = len(modifiers) <= 3 and all(token.isalpha() for token in modifiers)
            return before[k] if fits and ARTICLES.isdisjoint(modifiers) else None
    return None
