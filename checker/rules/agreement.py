"""Which target words agree with a noun: its phrase (articles, adjectives), its predicate,
the sentence's predicates (found in checker/rules/clause.py), coordinated nouns; and the gender
each of them names.

Pure functions over tagged words. The rules are data (agreement.toml, read by
checker/rules/agreement_rules.py).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from checker.backends.base import Alignment, Word
from checker.rules.agreement_rules import AgreementRules
from checker.rules.clause import (
    OTHER_SUBJECT,
    PHRASE,
    PREDICATE,
    agreeing_auxiliary,
    clause_predicates,
    degree_word,
    invariant_participle,
)
from checker.rules.construct import construct_person
from checker.rules.coordination import bare, coordinated
from checker.rules.copula_subject import copula_subject
from checker.rules.parsed import dependency_bound
from checker.rules.readings import (
    NAME,
    VERBS,
    after_copula,
    agrees_with_possessor,
    can_agree,
    can_be_subject,
    gender_of,
    inanimate,
    is_copula,
    is_of,
    names_person,
    noun_complement,
    oblique,
    only_predicate,
    predicate_form,
    skip,
    subject_pronoun,
    unmarked_before_vowel,
)
from checker.rules.readings import has_feats as _has_feats

_DETERMINER = frozenset({"DET"})
#: A word that is only a determiner or a pronoun (an article: it "la", fr "le") opens its
#: noun phrase; one that may be a numeral (hi "एक", after the genitive "की" that agrees
#: with the noun) need not.
_OPENERS = frozenset({"DET", "PRON"})
_ADVERB = frozenset({"ADV"})
_ADPOSITION = frozenset({"ADP"})


def head_of(words: Sequence[Word], aligned: list[int], rules: AgreementRules) -> int:
    """The first aligned noun that may name a person, else the first aligned noun; else the
    noun an aligned article or adjective introduces, or stands next to; else the first
    aligned word."""
    nouns = [i for i in aligned if is_of(words[i], rules.noun)]
    for i in nouns:
        if not inanimate(words[i], rules):
            return i
    if nouns:
        return nouns[0]
    for i in aligned:
        j = i
        while j < len(words) and is_of(words[j], rules.before) and not is_of(words[j], rules.noun):
            j += 1
        if j != i and j < len(words) and is_of(words[j], rules.noun):
            return j
    # an aligned modifier next to its noun (es "lingüista [hábil]"), an aligned verb after
    # its subject (ro "Bărbatul [este]"), not before the next phrase (fr "[C'est] son frère":
    # the occupation left untranslated, and "son", a determiner, also reads as a noun)
    modifiers = (rules.before | rules.after) & rules.agreeing
    for i in aligned:
        sides = (i - 1, i + 1) if is_of(words[i], modifiers) else (i - 1,)
        for j in sides:
            if (
                0 <= j < len(words)
                and is_of(words[j], rules.noun)
                and is_of(words[i], rules.agreeing)
            ):
                return j
    # the occupation rendered as a pronoun, the aligner on its verb: ro "Acela [este] fratele
    # ei" ("that one is her brother"); the pronoun names the person (subject_pronoun)
    for i in aligned:
        if i > 0 and is_of(words[i], VERBS) and subject_pronoun(words[i - 1], rules):
            return i - 1
    return aligned[0]


def phrase_head(
    words: Sequence[Word],
    head: int,
    alignment: Alignment,
    rules: AgreementRules,
    occupation: tuple[int, int],
    plausible: Collection[int] = (),
    modifier_links: Collection[int] = (),
) -> int:
    """The noun whose complement ``head`` is, if linked to the occupation's other words
    (fr "[assistante] du procureur"), or to nothing while ``head`` does not translate the
    occupation (``plausible``): an English compound is often "noun of noun" in translation
    (school teacher → es "profesor de secundaria"). A joined complement is read only for
    compounds: for one English word, the aligned noun after "de" is more often the person
    itself, but for a bare one after a noun that opens its phrase: a compound noun that
    translates one English word (fr "femme de [ménage]", housekeeper; it "il padrone di
    [casa]"). A ``bare_complement`` (ar idafa "[مضيفة] طيران", no joining word) is read for
    one word too, when the aligner's dictionaries say ``head`` does not translate it.
    ``modifier_links``: the target words linked to the English compound's modifier ("sound
    [engineer]"); ``head`` among them translates the modifier (es "técnica de [sonido]")."""
    compound = occupation[1] - occupation[0] > 1 or head in modifier_links
    inside = {t for s, t in alignment if occupation[0] <= s < occupation[1]}
    if not is_of(words[head], rules.noun | rules.bare_complement):
        return head
    i = head - 1
    while i >= 0 and is_of(words[i], rules.before) and not is_of(words[i], rules.complement):
        i -= 1
    joined = (
        i >= 1
        and is_of(words[i], rules.complement)
        and (compound or _compound_noun(words, i, head, rules))
    )
    if joined:
        i -= 1
        while i >= 0 and is_of(words[i], rules.after) and not is_of(words[i], rules.noun):
            i -= 1
    elif i != head - 1 or not is_of(words[head], rules.bare_complement) or head not in inside:
        return head  # a bare complement is the aligned word itself, not a noun read for it
    elif (person := construct_person(words, head, rules)) is not None:
        return person
    elif (not (compound or plausible) and is_of(words[head], rules.noun)) or not names_person(
        words[i], rules
    ):
        # nothing says the noun ``head`` is not the occupation's translation (a word no
        # analyser knows is not one it gives a gender); or the noun before is a thing: ar
        # "[درجة] أستاذ" (the rank of professor)
        return head
    if i < 0 or not is_of(words[i], rules.noun) or i in {t for _, t in alignment} - inside:
        return head  # a noun linked to another word: pt "a decisão do juiz" ("ruling")
    if i in inside or head not in plausible:
        return i
    # a thing the aligner linked, its person before it: ar "سائق [شاحنة]" (truck driver)
    return i if not joined and rules.animate and not names_person(words[head], rules) else head


def _compound_noun(words: Sequence[Word], joiner: int, head: int, rules: AgreementRules) -> bool:
    """Whether ``head`` is the bare complement of a compound noun: right after one of the
    ``complement_words`` (with no article: fr "de", not "du"), itself right after a noun
    that stands after no preposition ("en [qualité] de", as, is no compound)."""
    if joiner != head - 1 or is_of(words[joiner], _DETERMINER):
        return False
    if not any(r.lemma.lower() in rules.complement_words for r in words[joiner].analyses):
        return False
    before = joiner - 1
    return is_of(words[before], rules.noun) and (
        before == 0 or not is_of(words[before - 1], rules.complement)
    )


def bound_words(
    words: Sequence[Word],
    head: int,
    rules: AgreementRules,
    *,
    settled: bool = False,
    own_gender: bool = False,
    generic: bool = False,
) -> list[tuple[int, Collection[str], str]]:
    """The words that agree with the head: ``(index, the word classes its agreeing
    readings belong to in that position, its role)``. The classes matter for
    ambiguous words (ru "моя" before a noun is the possessive, not the gerund of "мыть").
    From the parse when there is one, else from the surface. ``settled``: the head's own
    gender is one agreement cannot overrule, so the sentence-wide predicates, which could
    only support it, are not looked for (the costliest part, on every word); ``own_gender``:
    the head has a gender of its own, which a pronoun's verb does not overrule (see
    :func:`~checker.rules.clause.clause_predicates`); ``generic``: the head's gender is a
    form used for anyone (neutral.toml ``generic``), which marks no one's, so the noun a
    copula says it is names the person (nl "De arbeider is haar moeder")."""
    if any(word.head is not None for word in words):
        return dependency_bound(words, head, rules)
    bound: list[tuple[int, Collection[str], str]] = []
    i = head - 1
    opened = False  # an article opens the phrase: only determiners stand before it
    while i >= 0:
        if opened and not is_of(words[i], _DETERMINER):
            break  # it "al contempo [la] massima esponente": "contempo" is another phrase's
        if invariant_participle(words, i, rules) is not None:
            break  # a verb's participle, not the phrase's adjective: it "ha [assunto] dieci"
        if unmarked_before_vowel(words, i, rules):
            pass  # fr "[son] amie": of either gender there
        elif is_of(words[i], rules.before) and not only_predicate(words[i], rules):
            # a determiner is read as one (fr "Le" also reads as the numeral adjective "Lème")
            det = is_of(words[i], _DETERMINER)
            opened = opened or words[i].upos_set <= _OPENERS
            bound.append((i, _DETERMINER if det else rules.before & rules.agreeing, PHRASE))
        # past an unknown word inside the phrase, not at its edge (hi "की [पोर्ट्रेट] पेंटर")
        elif not (
            i and words[i].upos_set <= rules.before_gap and is_of(words[i - 1], rules.before)
        ):
            break
        i -= 1
    subject = copula_subject(words, i + 1, rules)  # sv "[Hon] är sjuksköterska"
    if subject is not None:
        bound.append((*subject, PREDICATE))
    if is_of(words[head], rules.noun) and (
        _has_feats(words[head], rules.predicative) or after_copula(words, head, rules)
    ):
        while i >= 0 and is_of(words[i], rules.predicative_gap):  # ru "стала [работать] врачом"
            if is_of(words[i], rules.predicate) and gender_of(words[i], rules.predicate)[0]:
                if not is_of(words[i], rules.predicative_across) or any(
                    words[k].upos_set <= NAME for k in range(i + 1, head)
                ):
                    bound.append((i, rules.predicate, PREDICATE))
                break
            i -= 1
    j = head + 1
    while j < len(words):
        if agrees_with_possessor(words[j], rules.after, rules):  # ro "fratele [ei] iubitor"
            pass  # inside the phrase, agreeing with its possessor
        elif can_agree(words[j], rules.after) and not only_predicate(words[j], rules):
            bound.append((j, rules.after & rules.agreeing, PHRASE))
        elif words[j].text.lower() in rules.degree_words and _before_adjective(words, j, rules):
            if is_of(words[j], _DETERMINER):  # fr "l'artiste [la] plus accomplie"
                bound.append((j, _DETERMINER, PHRASE))
        else:
            break
        j += 1
    phrase_end = j
    bound += _appositive(words, min([head, *(k for k, _, _ in bound if k < head)]), j, rules)
    gap_passed = not rules.predicate_after
    # another noun's complement is no subject: the predicate after it is set aside
    aside = rules.complement_words and (
        noun_complement(words, head, rules) or oblique(words, head, rules)
    )
    # a relative pronoun after the phrase stands for the noun: its clause's predicate is the
    # noun's (it "l'artista [che] è stata premiata", fr "l'artiste, [qui] est devenue")
    relative = _relative_after(words, j, rules)
    if relative is not None:
        j = relative + 1
    # only a subject takes the predicate after it (not ru "Механику [позвонила] медсестра")
    while (
        j < len(words)
        and rules.predicate
        and (relative is not None or can_be_subject(words[head], rules))
    ):
        word = words[j]
        if (
            gap_passed
            and is_of(word, rules.predicate)
            and gender_of(word, rules.predicate)[0] is not None
            and predicate_form(word, rules)
            and not degree_word(words, j, rules)
        ):
            if not _opens_noun_phrase(words, j, rules):
                bound.append((j, rules.predicate, OTHER_SUBJECT if aside else PREDICATE))
            break
        if not is_of(word, rules.predicate_gap):
            break
        if is_of(word, rules.predicate_after):
            # es "La analista [había] intentado": after "haber" the participle agrees with
            # nobody; after "ser" or "estar" it does ("ha [sido] nombrada")
            gap_passed = agreeing_auxiliary(word, rules)
        j += 1
    if (
        rules.coordinators
        and gender_of(words[head], rules.noun)[0] is None
        and bare(words, head, rules)
    ):
        bound += coordinated(words, head, rules)
    if (
        rules.clause_predicate
        and not settled
        and not any(role == PREDICATE for _, _, role in bound)
    ):
        bound += clause_predicates(words, head, rules, own_gender=own_gender)
    # a subject of open gender that nothing agrees with names the person its predicate noun
    # names, after a copula: cs "Recepční [je] její bratr" (agreement.toml `copulas`), past
    # its complement in the possessor's case (ru "Глава компании – ее брат"); a noun's
    # gender is its noun readings' (ru "Кухарь" is also an imperative)
    k = predicate_noun(words, phrase_end, rules)
    own = rules.noun if is_of(words[head], rules.noun) else words[head].upos_set
    gendered = bound if generic else [(head, own, ""), *bound]
    if (
        k is not None
        and is_of(words[k], rules.noun)
        and can_be_subject(words[k], rules)
        and not any(gender_of(words[i], c)[0] for i, c, _ in gendered)
    ):
        bound.append((k, rules.noun, PREDICATE))
    return bound


def _appositive(
    words: Sequence[Word], start: int, end: int, rules: AgreementRules
) -> list[tuple[int, Collection[str], str]]:
    """The participle or adjective of an appositive set off by a comma right after the
    noun's phrase, past adverbs: it agrees with the noun as its phrase does (it
    "l'assistente, ancora legata con le corde, viene mostrata"; agreement.toml
    ``appositive``); not a noun, which a list of roles would go on with ("artiste,
    collectionneur"). Not read after a noun in a preposition's phrase (its words from
    ``start`` to ``end``), which the appositive may follow to the noun before (es "la
    declaración del estudiante, ofrecida como")."""
    if not rules.appositive or end >= len(words) or words[end].text != ",":
        return []
    if start and is_of(words[start - 1], _ADPOSITION):
        return []
    k = end + 1
    while k < len(words) and is_of(words[k], _ADVERB):
        k += 1
    if k == len(words) or is_of(words[k], rules.noun):  # a list's next noun, not an appositive
        return []
    return [(k, rules.appositive, PHRASE)] if gender_of(words[k], rules.appositive)[0] else []


def _relative_after(words: Sequence[Word], end: int, rules: AgreementRules) -> int | None:
    """Where a relative pronoun (agreement.toml ``relative_pronouns``) opens a clause right
    after the noun's phrase, past a comma; None where none does."""
    k = end + (end < len(words) and words[end].text == ",")
    if k < len(words) and words[k].text.lower() in rules.relative_pronouns:
        return k
    return None


def identified_person(words: Sequence[Word], head: int, rules: AgreementRules) -> int | None:
    """The person noun the subject ``head`` is said to be, after a copula (agreement.toml
    ``copulas``; past the words after the subject that agree with it, its genitive
    complement, and the predicate's possessive and adjectives), in the subject case or the
    ``copula_case``: ru "Пекарня – ее любящая [сестра]", "Этот приемник является ее
    любящим [братом]"; None where there is none."""
    if not can_be_subject(words[head], rules):
        return None
    k = predicate_noun(words, skip(words, head + 1, 1, rules.after), rules)
    if k is None or not names_person(words[k], rules):
        return None
    case = can_be_subject(words[k], rules) or _has_feats(words[k], rules.copula_case)
    return k if case else None  # "является ее [братом]"


def predicate_noun(words: Sequence[Word], start: int, rules: AgreementRules) -> int | None:
    """Where the predicate noun stands after a copula at ``start`` (past the subject's
    complement in the possessor's case): past ``copula_gap`` words, and past a word read as
    a noun only by its ending (an adjective the analysers lack) before a noun (nl "haar
    [arrogante] broer"); None where no copula stands there, or nothing after it."""
    copula = _past_possessors(words, start, rules)
    if copula >= len(words) or not is_copula(words[copula], rules):
        return None
    while copula + 1 < len(words) and is_copula(words[copula + 1], rules):
        copula += 1  # a compound tense: it "sei [stata] una calciatrice"
    k = skip(words, copula + 1, 1, rules.copula_gap)
    while (
        k + 1 < len(words)
        and words[k].analyses
        and all(reading.guessed for reading in words[k].analyses)
        and is_of(words[k + 1], rules.noun)
    ):
        k += 1
    return k if k < len(words) else None


def _opens_noun_phrase(words: Sequence[Word], i: int, rules: AgreementRules) -> bool:
    """Whether determiner ``i`` opens a noun phrase (a noun follows past ``before`` words),
    agreeing with that noun, not with the subject (pt "a recepcionista é [seu] irmão")."""
    if not is_of(words[i], _DETERMINER):
        return False
    j = i + 1
    while j < len(words) and is_of(words[j], rules.before) and not is_of(words[j], rules.noun):
        j += 1
    return j < len(words) and is_of(words[j], rules.noun)


def _past_possessors(words: Sequence[Word], i: int, rules: AgreementRules) -> int:
    """The first position from ``i`` on whose word is not a noun that can only own the
    noun before it (a ``possessor_case`` reading, none in the ``subject_case``)."""
    while (
        i < len(words)
        and is_of(words[i], rules.noun)
        and _has_feats(words[i], rules.possessor_case)
        and not _has_feats(words[i], rules.subject_case)
    ):
        i += 1
    return i


def _before_adjective(words: Sequence[Word], i: int, rules: AgreementRules) -> bool:
    """Whether words ``i``... are degree words up to an ``after`` word (an adjective):
    "la artista [más] joven", "l'artiste [la plus] accomplie"; an article right before the
    adjective opens another phrase (fr "donner aux bénéficiaires [le] droit")."""
    start = i
    while i < len(words) and words[i].text.lower() in rules.degree_words:
        i += 1
    if i > start and is_of(words[i - 1], _DETERMINER):
        return False
    return i < len(words) and is_of(words[i], rules.after)
