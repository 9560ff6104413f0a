"""The English source words the rules read: what the occupation stands after in the
source tells the rules where the person may show in the translation."""

from __future__ import annotations

from collections.abc import Sequence

#: English's articles: they open the noun phrase of the word after them.
ARTICLES = frozenset({"a", "an", "the"})
#: English's determinatives that open a noun phrase: articles, demonstratives, possessives
#: and quantifiers (Huddleston & Pullum, The Cambridge Grammar of the English Language,
#: 2002, ch. 5 §7), translated by the determiner of the translation's phrase.
DETERMINERS = ARTICLES | frozenset(
    "this that these those my your his her its our their some any each every no many few "
    "several".split()
)
#: English's prepositions: languages with case often write one as the case of the noun
#: after it (ru "with the worker" → "со строителем", "строителем" instrumental).
PREPOSITIONS = frozenset(
    "about above across after against along among around at before behind below beneath "
    "beside between beyond by despite during except for from in inside into like near of off "
    "on onto outside over past since through to toward towards under until upon with within "
    "without".split()
)
#: English's pronouns that give a person's gender: a translation's pronoun where the
#: English has none chose the gender itself (person.py).
GENDERED_PRONOUNS = frozenset("he him his himself she her hers herself".split())
#: English's "it": a translation's third-person pronoun may stand for it, a thing's (fr
#: "la machine ... elle") or an impersonal subject's ("it is important" → fr "il est
#: important", "it seems" → "il paraît"), not the person's (person.py).
IT_PRONOUNS = frozenset("it its itself it's".split())
#: English's existential "there" before "be" ("there are", "is there"): languages with a
#: subject pronoun translate it with one (fr "il y a", "y a-t-il", "il existe").
EXISTENTIAL_BE = frozenset("is are was were be been 's".split())


#: English's first- and second-person pronouns: an occupation that is one of them ("I",
#: "some of us") is the speaker or the addressee, whose verbs are of that person.
FIRST_PERSON = frozenset("i me my myself we us our ourselves".split())
SECOND_PERSON = frozenset("you your yourself yourselves".split())


def grammatical_person(source_tokens: Sequence[str], occupation: tuple[int, int]) -> str:
    """The occupation's grammatical person: "1" where it holds a first-person pronoun
    ("I", "some of us"), "2" for "you", else "3"."""
    words = {token.lower() for token in source_tokens[occupation[0] : occupation[1]]}
    if words & FIRST_PERSON:
        return "1"
    return "2" if words & SECOND_PERSON else "3"


def thing_subject(source_tokens: Sequence[str]) -> bool:
    """Whether the English has an "it" or an existential "there" ("there are", "is
    there"): a third-person pronoun in the translation may then stand for that subject."""
    lowered = [token.lower() for token in source_tokens]
    if not IT_PRONOUNS.isdisjoint(lowered):
        return True
    return any(
        token == "there" and not EXISTENTIAL_BE.isdisjoint(lowered[max(0, k - 1) : k + 2])
        for k, token in enumerate(lowered)
    )


#: English's "as", and the English verbs whose predicate noun names their subject
#: (misaligned.py's predicate_role).
AS_WORDS = frozenset({"as"})
COPULAS = frozenset("am is are was were be been became becomes become remained remains".split())
#: The words beside which "as" is part of a complex preposition or conjunction ("as well
#: as", "such as", "as soon as", "as long as", "as if", "so as to", "as of", "as for"), or
#: opens a clause, before an auxiliary or a modal ("depicted as being focused", "as might
#: have been expected"): not the "as" of a role.
FIXED_AS_NEIGHBOURS = frozenset(
    "well such soon long far much if though so yet of for to "
    "being having might may could would should will can must".split()
)
#: How many words after the occupation may be part of its English compound: "assistant
#: [head coach]".
COMPOUND_AFTER = 2
#: English words that are no part of a compound noun.
NOT_COMPOUND = ARTICLES | PREPOSITIONS | AS_WORDS | COPULAS | {"and", "or", "but", "nor"}


def compound_words(source_tokens: Sequence[str], occupation: tuple[int, int]) -> list[int]:
    """The other words of the English compound noun the occupation is part of: the
    lower-case word right before it ("teaching [assistant]", "speech-language
    [pathologist]"; not "former", two words before, in "a former education [editor]") and
    up to two right after it ("[assistant] head coach"), none of them an article, a
    preposition, a conjunction, "as" or a copula."""
    start, end = occupation

    def part(k: int) -> bool:
        token = source_tokens[k]
        return token.replace("-", "").isalpha() and token.islower() and token not in NOT_COMPOUND

    before = [start - 1] if start > 0 and part(start - 1) else []
    after = end
    while after < min(len(source_tokens), end + COMPOUND_AFTER) and part(after):
        after += 1
    return [*before, *range(end, after)]
