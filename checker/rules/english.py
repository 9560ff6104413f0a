"""The English source words the rules read: what the occupation stands after in the
source tells the rules where the person may show in the translation."""

#: English's articles: they open the noun phrase of the word after them.
ARTICLES = frozenset({"a", "an", "the"})
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
#: English's "as", and the English verbs whose predicate noun names their subject
#: (misaligned.py's predicate_role).
AS_WORDS = frozenset({"as"})
COPULAS = frozenset("is was be been became becomes become remained remains".split())
#: The words beside which "as" is part of a complex preposition or conjunction ("as well
#: as", "such as", "as soon as", "as long as", "as if", "so as to"), not the "as" of a role.
FIXED_AS_NEIGHBOURS = frozenset("well such soon long far much if though so yet".split())
