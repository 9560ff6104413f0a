"""The sentence's predicates that may speak of the person: past-tense verbs and participles
anywhere in the sentence (ru "Твомбли, будучи дизайнером, изучала"), read where none stands
next to the noun; and which of them are someone else's (another subject, the thing the
aligner landed on, a pronoun's second mention).

Pure functions over tagged words; the rules are data (agreement.toml).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from checker.backends.base import Word
from checker.rules.agreement_rules import AgreementRules
from checker.rules.readings import (
    NAME,
    VERBS,
    agrees_elsewhere,
    gender_of,
    is_of,
    predicate_form,
    verb_subjects,
)
from checker.rules.readings import has_feats as _has_feats

#: How a bound word agrees: with the person the noun names, as its predicate (past-tense
#: verb, participle, copula), next to the noun or (clause) elsewhere in the sentence; or
#: with the noun inside its phrase (article, adjective). Read in that order: the predicate
#: agrees with the person where a masculine title names a woman (ru "врач пришла"). A
#: clause predicate may be another person's; read before the phrase all the same, it was
#: right more often on MT-GenEval's contextual dev set (where the sentence's named
#: occupation is often someone else's and the person's gender shows on the verbs).
PREDICATE, CLAUSE, PHRASE = "predicate", "clause", "phrase"
#: Another role of the same person in a list of bare roles ("como dentista y entrenadora"):
#: it votes with the phrase.
COORDINATE = "coordinate"
#: A sentence predicate whose subject is someone else (agreement.toml's subject_case): it
#: goes into the evidence, and does not vote.
OTHER_SUBJECT = "other_subject"
_PRONOUN = frozenset({"PRON"})
_COORDINATOR = frozenset({"CCONJ"})
#: A word that may be an adposition is none of the clause's predicates: es "Bajo
#: disposiciones ..." (under; also "low", "I lower").
_ADPOSITION = frozenset({"ADP"})
#: An auxiliary that is none of ``clause_auxiliaries`` ("have": it "Dopo [aver] lasciato")
#: ends the search for one: the participle after it does not agree with the subject.
_AUXILIARY = frozenset({"AUX"})
_ADVERB = frozenset({"ADV"})
_DETERMINER = frozenset({"DET"})
#: What a degree word stands before: an adjective or a participle.
_PREDICATIVE = frozenset({"ADJ", "VERB"})


def clause_predicates(
    words: Sequence[Word],
    head: int,
    rules: AgreementRules,
    *,
    thing: bool = False,
    own_gender: bool = False,
) -> list[tuple[int, Collection[str], str]]:
    """The sentence's gendered predicate words with a ``clause_predicate`` feature set (ru
    past-tense verbs, singular), read as the person's predicate when none stands next to the
    noun: the subject is often a name the noun is apposed or complement to ("Твомбли,
    будучи дизайнером, изучала"). They vote only if they all name one gender.

    Those whose subject is someone else are OTHER_SUBJECT's: another noun (agreement.toml's
    subject_case); the ``thing`` ``head`` itself, which they agree with ("[Двигатель] сказал
    спасибо": the engine's verb, not a person's); or a pronoun, where the head has a gender
    of its own (``own_gender``) or is a thing some verb has for its subject: the pronoun is
    a second mention, which a translation may give the other gender ("Механик приветствует
    портье, потому что она была ...": the mechanic stays masculine, as WinoMT's annotators
    read it). Where the thing is some verb's subject, a verb whose subject is dropped is
    set aside too: it may be anyone's ("[Двигатель] купил пиво ..., потому что она только
    что получила"). A thing that is no verb's subject keeps the pronoun's verb: "Она
    работала в [школе]" (the doctor dropped, the aligner on the school)."""
    found = [
        i
        for i, word in enumerate(words)
        if i != head
        and is_of(word, rules.predicate)
        and not is_of(word, _ADPOSITION)
        and _has_feats(word, rules.clause_predicate)
        and gender_of(word, rules.predicate)[0] is not None
        and predicate_form(word, rules)
        and not degree_word(words, i, rules)
        and (
            not rules.clause_auxiliaries
            or _after_auxiliary(words, i, rules)
            or _fronted_adjunct(words, i)
        )
    ]
    subjects = verb_subjects(words, rules) if found else []
    thing_is_subject = thing and head in subjects
    second_mentions = own_gender or thing_is_subject

    def someone_elses(verb: int) -> bool:
        if agrees_elsewhere(verb, head, subjects, words, rules) or _unlike(
            words, verb, head, rules
        ):
            return True
        if _agent(words, verb, head, rules):
            return True
        subject = subjects[verb] if subjects else None
        if subject is None:
            return thing_is_subject
        if subject == head:
            return thing
        return second_mentions and is_of(words[subject], _PRONOUN)

    return [(i, rules.predicate, OTHER_SUBJECT if someone_elses(i) else CLAUSE) for i in found]


def degree_word(words: Sequence[Word], i: int, rules: AgreementRules) -> bool:
    """Whether word ``i`` is one of ``degree_words`` before a predicate word: an adverb
    there, whatever its adjective reading says (it "sono [molto] estroversa")."""
    return (
        words[i].text.lower() in rules.degree_words
        and i + 1 < len(words)
        and is_of(words[i + 1], _PREDICATIVE)
    )


def _agent(words: Sequence[Word], i: int, head: int, rules: AgreementRules) -> bool:
    """Whether noun ``head`` is the agent of participle ``i``: one of
    ``agent_prepositions`` right after it, then only the noun's determiners and adjectives
    (fr "découverte [par] un géologue")."""
    if head <= i + 1 or words[i + 1].text.lower() not in rules.agent_prepositions:
        return False
    return all(is_of(word, rules.before) for word in words[i + 2 : head])


def _unlike(words: Sequence[Word], i: int, head: int, rules: AgreementRules) -> bool:
    """Whether predicate ``i`` cannot agree with the occupation's person: noun ``head``
    has one number and the predicate's readings have none of it (it "è stata a cena con
    degli [stranieri]"), or the auxiliary before the predicate is finite in no form of the
    English occupation's person (``rules.speaker``: I, you or a third person) and the
    number of the noun or, for a pronoun, of the predicate (it "Mi [sono] ritrovata ...
    all'avvocato", "tu [sei] stata"; for "I": "[È] stata una lunga giornata")."""
    number = _noun_number(words, head, rules)
    own = {r.feats.get("Number") for r in words[i].analyses if r.upos in rules.predicate}
    own.discard(None)
    if number is not None and own and number not in own:
        return True
    if not rules.clause_auxiliaries:
        return False
    j = i - 1
    while j >= 0 and not agreeing_auxiliary(words[j], rules):
        if not is_of(words[j], rules.predicate_gap):
            return False
        j -= 1
    if j < 0:
        return False
    finite = [r.feats for r in words[j].analyses if r.feats.get("VerbForm") == "Fin"]
    numbers = {number} if number is not None else own or {"Sing", "Plur"}
    persons = _PERSONS.get(rules.speaker, {rules.speaker})
    return bool(finite) and not any(
        f.get("Person") in persons and f.get("Number") in numbers for f in finite
    )


#: The verb persons of each English person: "you" is also addressed in the third person
#: (es "usted esté decidida", it "Lei è stata", de "Sie").
_PERSONS = {"2": {"2", "3"}}


def _noun_number(words: Sequence[Word], head: int, rules: AgreementRules) -> str | None:
    """The one number of noun ``head``'s readings, for a third-person occupation; else None."""
    if rules.speaker != "3" or head < 0 or not is_of(words[head], rules.noun):
        return None
    numbers = {r.feats.get("Number") for r in words[head].analyses if r.upos in rules.noun}
    return numbers.pop() if len(numbers) == 1 and None not in numbers else None


def _after_auxiliary(words: Sequence[Word], i: int, rules: AgreementRules) -> bool:
    """Whether word ``i`` follows one of the ``clause_auxiliaries`` (by lemma), past
    ``predicate_gap`` words, with a person's name or pronoun (or nothing) before: it "Rossi
    è [poi] diventata" agrees with the person; "ha lavorato" and "Dopo aver lasciato" do not
    (after avere the participle is masculine whoever the subject is), nor one with no
    auxiliary before it, nor pt "o trabalho foi instalado". A
    coordinating conjunction right before opens a clause whose dropped subject is the first
    clause's: it "Mashburn ha lavorato … come analista e si è imbarcato", es "se retiró …
    y fue contratada"; so does a relative adverb (``relative_adverbs``: it "dove è stata")."""
    j = i - 1
    while j >= 0 and not agreeing_auxiliary(words[j], rules):
        if not is_of(words[j], rules.predicate_gap) or is_of(words[j], _AUXILIARY):
            return False
        j -= 1
    if j < 0:
        return False
    j -= 1
    while (
        j >= 0
        and (is_of(words[j], rules.predicate_gap) or _clitic(words[j]))
        and words[j].text.lower() not in rules.relative_adverbs
    ):
        j -= 1
    return (
        j < 0
        or _names_a_person(words[j])
        or is_of(words[j], _COORDINATOR)
        or words[j].text.lower() in rules.relative_adverbs
    )


def _fronted_adjunct(words: Sequence[Word], i: int) -> bool:
    """Whether word ``i`` opens the sentence (past adverbs) and the adjunct it heads ends
    at a comma before the main clause's subject, a person's name or pronoun (past an
    article): such a participle or adjective agrees with that subject (it "Promosso a
    capitano, Ravenstein venne assegnato", fr "Profondément intéressé par la musique,
    Eulenburg", pt "Apontado como assistente, a McNair foi"). A finite verb before that
    comma ends the adjunct: fr "Écrite ..., où chaque mot a sa place, ..., il s'agit"."""
    if not all(is_of(word, _ADVERB) for word in words[:i]):
        return False
    for k in range(i + 1, len(words) - 1):
        if _finite(words[k]):
            return False
        if words[k].text == ",":
            subject = k + 2 if is_of(words[k + 1], _DETERMINER) else k + 1
            if subject < len(words) and _names_a_person(words[subject]):
                return True
    return False


def _finite(word: Word) -> bool:
    """Whether ``word`` can only be a verb, and a finite one."""
    return all(reading.upos in VERBS for reading in word.analyses) and any(
        reading.feats.get("VerbForm") == "Fin" for reading in word.analyses
    )


def invariant_participle(words: Sequence[Word], i: int, rules: AgreementRules) -> int | None:
    """Where word ``i`` may be a past participle right after an auxiliary (past adverbs)
    that is none of ``clause_auxiliaries`` ("avere", "avoir", "haber"), after which it
    agrees with no subject (it "ha [riconosciuto]", "abbia appena [assunto] dieci nuove
    linguiste"): that auxiliary's index; else None."""
    if not rules.clause_auxiliaries or not any(
        r.feats.get("VerbForm") == "Part" for r in words[i].analyses
    ):
        return None
    j = i - 1
    while j >= 0 and words[j].upos_set <= _ADVERB:
        j -= 1
    if j < 0 or not is_of(words[j], _AUXILIARY) or agreeing_auxiliary(words[j], rules):
        return None
    return j


def agreeing_auxiliary(word: Word, rules: AgreementRules) -> bool:
    """Whether a participle or adjective after auxiliary ``word`` agrees with the subject:
    where ``clause_auxiliaries`` lists them, only after one of those (by lemma)."""
    return not rules.clause_auxiliaries or any(
        reading.lemma.lower() in rules.clause_auxiliaries for reading in word.analyses
    )


def _clitic(word: Word) -> bool:
    """A pronoun of no single gender between subject and auxiliary (it "Rossi [si] è
    laureata", es "[se] fue"): it is skipped, not taken for the subject. A neuter pronoun is
    the subject itself, a thing: pt "[Isso] foi seguido", fr "[Cela] fut suivi"."""
    return (
        is_of(word, _PRONOUN)
        and gender_of(word, _PRONOUN)[0] is None
        and not any(reading.feats.get("Gender") == "Neut" for reading in word.analyses)
    )


def _names_a_person(word: Word) -> bool:
    """Whether ``word`` can be a person's name or pronoun as a subject: a name (a proper
    noun or a word no analyser knows) or a pronoun of one gender (it "lei", not "che",
    pt "isso")."""
    if all(reading.upos in NAME for reading in word.analyses):
        return True
    return is_of(word, _PRONOUN) and gender_of(word, _PRONOUN)[0] is not None
