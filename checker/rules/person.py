"""The person behind the occupation, read where the occupation's own word gives no gender.

A researcher reads a sentence's gender from the person, not only from the occupation word:
an epicene noun (fr "artiste"), a paraphrase no dictionary links (fr "affichiste" for a
designer) or a word left in English says nothing, but the same person is often named again
in the sentence. Three grammatical patterns name it, each read on the surface from the
analysers' readings (rules are data: agreement.toml):

- the roles a list gives one person, bare nouns with no determiner (es "como especialista
  en educación y directora de proyectos", fr "Behar est féministe, anthropologue, poète,
  écrivaine et professeure"): the other roles' genders (role ``coordinate``);
- the sentence's predicates that agree with a person (checker/rules/clause.py: ru "работала",
  it "è stata assunta"), with the adjectives after "be" (``person_predicate``: it "si è
  laureata", "è attiva") and, where a verb agrees with its subject whoever it is, the
  verbs (``person_verbs``: ar "تقاعدت"), which could not overrule a noun's own gender
  (role ``clause``);
- the third-person singular pronouns (``person_pronouns``: fr "elle", ru "она", pt "ela")
  that the translation adds where the English has none (role ``pronoun``).

They decide only if every one names the same gender; a thing the occupation was
translated as (``not_a_person``) is no person to read.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from checker.backends.base import Word
from checker.rules.agreement_rules import AgreementRules
from checker.rules.clause import CLAUSE, COORDINATE, clause_predicates
from checker.rules.english import GENDERED_PRONOUNS, thing_subject
from checker.rules.neutral import possessive_words
from checker.rules.readings import gender_of, has_feats, inanimate, is_of, names_person
from checker.rules.verdict import GENERIC_FORM, Evidence, Verdict, decided

PRONOUN = "pronoun"
_PRONOUNS = frozenset({"PRON"})
_DETERMINERS = frozenset({"DET"})
_NOUNS = frozenset({"NOUN"})
_ADJECTIVES = frozenset({"ADJ"})
_CONJUNCTIONS = frozenset({"CCONJ"})
_INFINITIVE = (frozenset({("VerbForm", "Inf")}),)
#: What may stand between a list's separator and its next role ("puis comme").
_LINKS = frozenset({"ADV", "ADP", "SCONJ"})
#: What a role in a list may hold after its noun: its adjectives and complements ("de
#: proyectos", "d'art", "sur celluloïd").
_COMPLEMENT = frozenset({"ADJ", "ADP", "DET", "NOUN", "PROPN", "NUM", "X"})


def person_words(
    words: Sequence[Word], head: int | None, rules: AgreementRules, source_tokens: Sequence[str]
) -> list[tuple[int, Collection[str], str]]:
    """The words that name the occupation's person elsewhere in the sentence, with the
    word classes to read and their role; ``head`` is the occupation's word, None where
    the aligner linked it to nothing."""
    found: list[tuple[int, Collection[str], str]] = []
    if head is not None:
        found += [(i, rules.noun, COORDINATE) for i in listed_roles(words, head, rules)]
    anchor = -1 if head is None else head
    if rules.clause_predicate:
        found += [x for x in clause_predicates(words, anchor, rules) if x[2] == CLAUSE]
    if rules.person_predicate:
        # read as adjectives only: it "è [attiva]" is also a form of the verb "attivare"
        adjectives = replace(rules, predicate=_ADJECTIVES, clause_predicate=rules.person_predicate)
        found += [x for x in clause_predicates(words, anchor, adjectives) if x[2] == CLAUSE]
    if rules.person_verbs:
        verbs = replace(rules, clause_predicate=rules.person_verbs)
        found += [x for x in clause_predicates(words, anchor, verbs) if x[2] == CLAUSE]
    pronouns = added_pronouns(words, head, rules, source_tokens)
    found += [(i, _PRONOUNS, PRONOUN) for i in pronouns]
    return found


def listed_roles(words: Sequence[Word], head: int, rules: AgreementRules) -> list[int]:
    """The nouns heading the other items of a list of bare roles of which ``head`` heads
    one: items joined by a comma or a coordinating word (then at most one adverb or
    adposition: "puis comme encreuse"), each a noun that may name a person, with no
    determiner, then its adjectives and complements. None where ``head`` has a
    determiner: "le médecin et la patiente" are two people."""
    items = _items(words, rules)
    position = next((k for k, (noun, _) in enumerate(items) if noun == head), None)
    if position is None:
        return []
    chain = {position}
    for step in (-1, 1):
        k = position
        while 0 <= k + step < len(items) and _joined(*sorted((k, k + step)), items, words, rules):
            k += step
            chain.add(k)
    return [items[k][0] for k in sorted(chain - {position})]


def _items(words: Sequence[Word], rules: AgreementRules) -> list[tuple[int, int]]:
    """The bare nouns of the sentence that may name a person, each with the index after
    its adjectives and complements; not an infinitive that is also a noun (es "ser")."""
    items = []
    i = 0
    while i < len(words):
        word = words[i]
        if (
            is_of(word, _NOUNS)
            and not (i > 0 and is_of(words[i - 1], _DETERMINERS))
            and not has_feats(word, _INFINITIVE)
            and not inanimate(word, rules)
            and names_person(word, rules)
        ):
            end = i + 1
            while end < len(words) and not _separator(words[end]) and _complement(words[end]):
                end += 1
            items.append((i, end))
            i = end
        else:
            i += 1
    return items


def _joined(
    k: int, n: int, items: list[tuple[int, int]], words: Sequence[Word], rules: AgreementRules
) -> bool:
    """Whether item ``n`` follows item ``k`` across one separator and at most two adverbs
    or adpositions (es ", no como psicóloga"), or across an adverb and a repeated "as"
    (``as_words``: fr "comme peintre sur celluloïd puis comme encreuse")."""
    (_, end), (noun, _) = items[k], items[n]
    gap = words[end:noun]
    if not 1 <= len(gap) <= 3 or not all(is_of(word, _LINKS) for word in gap[1:]):
        return False
    if _separator(gap[0]):
        return True
    return len(gap) >= 2 and is_of(gap[0], _LINKS) and (gap[-1].text.lower(),) in rules.as_words


def _separator(word: Word) -> bool:
    return word.text == "," or is_of(word, _CONJUNCTIONS)


def _complement(word: Word) -> bool:
    return bool(word.upos_set) and word.upos_set <= _COMPLEMENT


def added_pronouns(
    words: Sequence[Word], head: int | None, rules: AgreementRules, source_tokens: Sequence[str]
) -> list[int]:
    """The third-person singular pronouns of the translation (``person_pronouns``), where
    the English source has none of its own (``GENDERED_PRONOUNS``): the translation then
    chose the gender of a person the source leaves open, the occupation's person
    (MT-GenEval's fr "... lorsqu'elle a signé"). A word that is also a determiner is
    left alone (pt "a", her or the). A source pronoun may be another
    person's ("The developer argued with the designer because she ..."), and so may the
    translation's. Where the analyser marks animacy, nothing either where another person
    noun of a gender stands in the sentence."""
    pronouns = [
        i
        for i, word in enumerate(words)
        if i != head
        and has_feats(word, rules.person_pronouns)
        and not is_of(word, _DETERMINERS)  # pt "a", fr "la": the article, more often
        and not _maybe_plural(word)  # nl "ze", de "sie": she, or they
        and gender_of(word, _PRONOUNS)[0] is not None
    ]
    return pronouns if pronouns and _pronouns_are_own(words, head, rules, source_tokens) else []


def _maybe_plural(word: Word) -> bool:
    """Whether a pronoun has a plural reading too: then it may be a group's, not the
    person's (nl "ze", "zij"; de "sie")."""
    return any(r.upos in _PRONOUNS and r.feats.get("Number") == "Plur" for r in word.analyses)


def added_possessives(
    words: Sequence[Word], head: int | None, rules: AgreementRules, source_tokens: Sequence[str]
) -> list[Evidence]:
    """The possessives whose gender is the possessor's (neutral.toml ``possessives``: nl
    "haar", "zijn"), read as the person's own pronouns where :func:`added_pronouns` would
    read one: the person's "haar" outranks a form used for anyone (nl "de kapper")."""
    found = [(i, g) for i, g in possessive_words(words, rules.conventions) if i != head]
    if not found or not _pronouns_are_own(words, head, rules, source_tokens):
        return []
    why = "{}: the possessor's gender, {} (neutral.toml possessives)"
    return [
        Evidence(i, words[i].text, PRONOUN, g, (why.format(words[i].text, g),)) for i, g in found
    ]


def _pronouns_are_own(
    words: Sequence[Word], head: int | None, rules: AgreementRules, source_tokens: Sequence[str]
) -> bool:
    """Whether the translation's pronouns are the occupation's person's: the source has no
    gendered pronoun, no "it" and no existential "there" (english.thing_subject: fr "Il y
    a trois biologistes", "Il est important d'impliquer les jeunes") and, where the
    analyser marks animacy, no other person noun of a gender stands in the sentence."""
    if any(t.lower() in GENDERED_PRONOUNS for t in source_tokens) or thing_subject(source_tokens):
        return False
    return not (
        rules.animate
        and any(
            i != head
            and is_of(word, _NOUNS)
            and names_person(word, rules)
            and gender_of(word, _NOUNS)[0] is not None
            for i, word in enumerate(words)
        )
    )


def person_verdict(
    words: Sequence[Word],
    verdict: Verdict,
    rules: AgreementRules,
    source_tokens: Sequence[str],
) -> Verdict:
    """``verdict`` (inconclusive: the occupation's word gave no gender) decided by the
    words naming the same person (:func:`person_words`) where they all name one gender,
    with an evidence line for each; else ``verdict`` as it was."""
    head = next((e.index for e in verdict.evidence if e.role == "noun"), None)
    votes = []
    for i, classes, role in person_words(words, head, rules, source_tokens):
        gender, readings = gender_of(words[i], classes)
        if gender is not None:
            votes.append(Evidence(i, words[i].text, role, gender, readings))
    votes += added_possessives(words, head, rules, source_tokens)
    genders = {vote.gender for vote in votes}
    own = next((e.gender for e in verdict.evidence if e.role == "noun"), None)
    if verdict.reason == GENERIC_FORM:
        own = None  # a form used for anyone: the person's own words outrank it
    if len(genders) != 1 or (own is not None and own not in genders):
        return verdict
    (gender,) = genders
    return decided(gender, verdict.target_tokens, (*verdict.evidence, *votes))
