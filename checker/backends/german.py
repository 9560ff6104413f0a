"""German readings: noun genders from german-nouns (Wiktionary), the rest from a data table.

german-nouns lists ~100k nouns with their genus and every case/number form (read by
checker/backends/german_lexicon.py). Determiners, pronouns and attributive adjective endings come
from checker/data/german.toml (the feminine derivation -in/-innen is a suffix rule in
checker/languages.toml). German past tenses do not
agree in gender, so articles and adjectives are what agreement is read from. The
prepositions of its case table are read as adpositions (ADP), which join a noun to its
complement ("Polizeibeamter [für] die Polizei").

Nouns the dictionary lacks are read through their last element: a compound takes the gender
of its head ("Softwareentwickler" → "Entwickler"). The nouns of a motion pair (Lehrer,
Lehrerin) are marked as persons (Animacy=Anim), for the rules that look for the person noun
the aligner missed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from checker.backends.base import Analysis
from checker.backends.german_lexicon import Reading, missing, noun_index
from checker.tables import DATA, read_table
from common.errors import MissingResourceError

#: A compound's head must be at least this long to be looked up ("Softwareentwickler").
MIN_COMPOUND_HEAD = 4
#: A shorter modifier before it, or any before a head of only MIN_COMPOUND_HEAD letters,
#: must be a listed noun of at least MIN_LISTED_MODIFIER letters, with or without a linking
#: element ("Bau|leiter", "Küche|n|chef"; german-nouns lists the letters and the river Ob),
#: or end in a hyphen ("TV-Rollen"): "Sty|list", "Ob|wohl", "J|eder", "Modesty|list",
#: "Assist|ente" are no compounds.
MIN_COMPOUND_MODIFIER, MIN_LISTED_MODIFIER = 4, 3
_LINKING_ELEMENTS = ("", "s", "n", "en", "es")


def _readings(texts: Iterable[str]) -> tuple[Reading, ...]:
    return tuple(Reading.parse(text) for text in texts)


@dataclass(frozen=True)
class GermanTable:
    """The data file, with every article word spelled out as a form → readings map."""

    determiners: Mapping[str, tuple[Reading, ...]]
    pronouns: Mapping[str, tuple[Reading, ...]]
    adjective_endings: Mapping[str, tuple[Reading, ...]]
    #: the endings of an adjective with no article word before it
    strong_endings: Mapping[str, frozenset[Reading]]
    #: the cases a phrase first in its sentence is read in, and the marks that end one
    sentence_start: frozenset[str]
    sentence_ends: frozenset[str]
    #: the subordinating conjunctions whose clause's first phrase is read as its subject
    clause_openers: frozenset[str]
    #: preposition → the cases it governs
    prepositions: Mapping[str, frozenset[str]]
    #: the genders a capitalised word german-nouns lacks may have after article words
    loan_genders: frozenset[str]
    loan_endings_left: tuple[str, ...]
    #: the feminine motion suffix and the umlauts it may bring, longest vowel first
    motion_suffix: str
    #: the masculine ending the suffix replaces (Kollege → Kollegin)
    motion_dropped: str
    umlauts: Mapping[str, str]


@cache
def german_table() -> GermanTable:
    data = read_table(DATA / "german.toml")
    determiners = {form: _readings(texts) for form, texts in data["determiners"].items()}
    for paradigm in data["paradigms"].values():
        for stem in paradigm["stems"]:
            for ending, texts in paradigm["endings"].items():
                determiners.setdefault(stem + ending, _readings(texts))
    # Longest ending first, so "-en" is tried before "-n"-less shorter ones.
    endings = sorted(data["adjective_endings"].items(), key=lambda item: -len(item[0]))
    government = data["case_government"]
    return GermanTable(
        determiners=determiners,
        pronouns={form: _readings(texts) for form, texts in data["pronouns"].items()},
        adjective_endings={ending: _readings(texts) for ending, texts in endings},
        strong_endings={
            ending: frozenset(_readings(texts))
            for ending, texts in data["strong_adjective_endings"].items()
        },
        sentence_start=frozenset(government["sentence_start"]),
        sentence_ends=frozenset(government["sentence_ends"]),
        clause_openers=frozenset(government["clause_openers"]),
        prepositions={word: frozenset(cases) for word, cases in government["prepositions"].items()},
        loan_genders=frozenset(data["loan_nouns"]["genders"]),
        loan_endings_left=tuple(data["loan_nouns"]["endings_left"]),
        motion_suffix=data["motion"]["suffix"],
        motion_dropped=data["motion"]["dropped"],
        umlauts=dict(sorted(data["motion"]["umlauts"].items(), key=lambda item: -len(item[0]))),
    )


class GermanAnalyser:
    """Readings of German words in their sentence (adjectives are read before nouns)."""

    def __init__(self) -> None:
        reason = missing()
        if reason:
            raise MissingResourceError(reason)
        from importlib.metadata import version

        self.version = version("german-nouns")
        self.table = german_table()
        self.nouns, self.adjectival = noun_index()
        self.noun = lru_cache(maxsize=1 << 16)(self._noun)
        self._listed = lru_cache(maxsize=1 << 16)(self._find_listed)
        self._word = lru_cache(maxsize=1 << 18)(self._read_word)

    def analyse(self, words: Sequence[str]) -> list[tuple[Analysis, ...]]:
        readings = [self._word(word) for word in words]
        # right to left, so that an adjective before another one is read too
        for i in range(len(words) - 2, -1, -1):
            word = words[i]
            if not readings[i] and word.islower() and self._before_noun(words, readings, i):
                readings[i] = self._adjective(word)
        for i in range(1, len(words)):
            self._agree(words, readings, i)
        return readings

    def _before_noun(
        self, words: Sequence[str], readings: Sequence[tuple[Analysis, ...]], i: int
    ) -> bool:
        """Whether word ``i`` stands where an attributive adjective does: before a listed
        noun or an adjective read so ("als stellvertretender sportlicher Leiter"), or between
        an article word and a capitalised word ("der neue Analyst")."""
        after = words[i + 1]
        if self.noun(after) or _all_of(readings[i + 1], _ADJECTIVE):
            return True
        return i > 0 and after[:1].isupper() and _all_of(readings[i - 1], _DETERMINER)

    def _agree(self, words: Sequence[str], readings: list[tuple[Analysis, ...]], i: int) -> None:
        """Narrow the readings of noun ``i`` and of the article words and adjectives before
        it to the gender, number and case they share, and to the case the word before the
        phrase governs where one of those remains ("Der Vorgesetzte ist" is m Sing Nom).
        A capitalised word german-nouns lacks, or whose guessed compound head its article
        words (in the governed case, where there is one) contradict, takes the readings they
        leave (see [loan_nouns] in german.toml).
        Nothing changes where they share none."""
        start = i
        while start > 0 and _all_of(readings[start - 1], _PHRASE):
            start -= 1
        noun = readings[i]
        loan = not noun and self._loan_form(words[i])
        article = any(_all_of(readings[j], _DETERMINER) for j in range(start, i))
        if not article and _all_of(noun, _NOUN) and self._adjectival(words[i]):
            noun = readings[i] = self._strong_only(words[i], noun)
        if start == i or not (loan or _all_of(noun, _NOUN)):
            return
        shared = set.intersection(*({_key(a) for a in readings[j]} for j in range(start, i)))
        if not article:
            shared &= self._strong(words[i - 1])
        cases, why = self._governed(words, start)
        if not loan:
            agreeing = shared & {_key(a) for a in noun}
            # a compound head guessed for a loan its article words contradict: "Der Sheriff"
            # is no "das Riff", nor, first in its sentence, "Der Salesperson" a feminine
            # dative of "Person"; a word guessed for an adjective by its ending contradicts
            # nothing ("wurde Militärverwalter": a verb)
            in_case = {key for key in agreeing if key.case in cases} if cases else agreeing
            loan = (
                article and not in_case and words[i] not in self.nouns and self._loan_form(words[i])
            )
            shared = shared if loan else agreeing
        if loan:
            shared = {key for key in shared if key.gender in self.table.loan_genders}
        if {key for key in shared if key.case in cases}:
            shared = {key for key in shared if key.case in cases}
        else:
            why = ""
        if not shared:
            return
        phrase = " ".join(words[start : i + 1])
        note = f" (agrees in {phrase}{why})"
        for j in range(start, i + 1):
            readings[j] = tuple(
                replace(a, evidence=a.evidence + note) for a in readings[j] if _key(a) in shared
            )
        if loan:
            evidence = f"{words[i]}: noun unknown to german-nouns, read as a person noun"
            readings[i] = tuple(
                key.analysis(words[i], "NOUN", f"{evidence} {_text(key)}{note}")
                for key in sorted(shared)
            )

    def _strong_only(self, word: str, noun: tuple[Analysis, ...]) -> tuple[Analysis, ...]:
        """The readings of a noun declined as an adjective with no article word before it:
        those of the strong declension ("war Lehrbeauftragte" is feminine, the masculine is
        "Lehrbeauftragter"; "der Lehrbeauftragte" is the weak one)."""
        strong = self._strong(word)
        kept = tuple(
            replace(a, evidence=a.evidence + " (no article word: strong declension)")
            for a in noun
            if _key(a) in strong
        )
        return kept or noun

    def _loan_form(self, word: str) -> bool:
        """Whether ``word`` may be read as a loan noun: capitalised, and without an ending
        left to its own rule (the feminine -in)."""
        return word[:1].isupper() and not word.endswith(self.table.loan_endings_left)

    def _strong(self, adjective: str) -> frozenset[Reading]:
        """The readings of ``adjective``'s ending in the strong declension."""
        ending = next((e for e in self.table.adjective_endings if adjective.endswith(e)), "")
        return self.table.strong_endings.get(ending, frozenset())

    def _governed(self, words: Sequence[str], start: int) -> tuple[frozenset[str], str]:
        """The cases a phrase beginning at ``start`` may be in, from the word before it,
        and the evidence that says why; no cases where that word governs none."""
        if start == 0 or words[start - 1] in self.table.sentence_ends:
            return self.table.sentence_start, ", first in its sentence: subject"
        before = words[start - 1].lower()
        if before in self.table.clause_openers:
            return self.table.sentence_start, f", first after {before}: subject"
        cases = self.table.prepositions.get(before, frozenset())
        return cases, f", after the preposition {before}" if cases else ""

    def _read_word(self, word: str) -> tuple[Analysis, ...]:
        lower = word.lower()
        analyses = [
            reading.analysis(lower, upos, f"{word}: {upos.lower()} {_text(reading)}")
            for upos, table in (("DET", self.table.determiners), ("PRON", self.table.pronouns))
            for reading in table.get(lower, ())
        ]
        if not analyses:  # sentence-initial "Die", "Sein" are not the nouns "Die", "Sein"
            analyses.extend(self.noun(word))
        if not analyses and lower in self.table.prepositions:
            analyses.append(Analysis(lower, "ADP", frozenset(), f"{word}: preposition", {}))
        return tuple(analyses)

    def _noun(self, word: str) -> tuple[Analysis, ...]:
        """A capitalised word's noun readings: listed, or through its compound head."""
        listed = self._listed(word)
        if listed is None:
            return ()
        form, prefix = listed
        if not prefix:
            found = _noun_analyses(word, self._person_first(word), "german-nouns")
        else:
            readings = [(prefix + form.lower(), reading) for _, reading in self._person_first(form)]
            found = _noun_analyses(word, readings, f"german-nouns, compound head {form}")
        return self._persons_marked(found, form)

    def _find_listed(self, word: str) -> tuple[str, str] | None:
        """The listed form a capitalised word is read through (itself, or its compound
        head) and the modifier before it ("" for a listed word); None for neither."""
        if not word[:1].isupper():
            return None
        if word in self.nouns:
            return word, ""
        for start in range(1, len(word) - MIN_COMPOUND_HEAD + 1):
            head = word[start].upper() + word[start + 1 :]
            if head in self.nouns and self._modifier(word[:start], head):
                return head, word[:start]
        return None

    def _adjectival(self, word: str) -> bool:
        """Whether ``word`` is read through a noun declined as an adjective (Angestellte,
        Lehrbeauftragter)."""
        listed = self._listed(word)
        return listed is not None and any(
            lemma in self.adjectival for lemma, _ in self.nouns[listed[0]]
        )

    def _persons_marked(self, analyses: tuple[Analysis, ...], form: str) -> tuple[Analysis, ...]:
        """``analyses`` of the listed noun ``form``, marked Animacy=Anim where its lemma
        names a person: by its motion pair, a masculine whose feminine in -in is listed
        (Lehrer, Koch), or such a feminine (Lehrerin, Ärztin); or as a masculine or feminine
        declined as an adjective (der Angestellte, die Beauftragte; Duden – Die Grammatik,
        nominalised adjectives: masculine and feminine name persons, the neuter abstracts,
        das Gute). A noun with neither (Mitglied, Tisch) is left unmarked: it may name
        anyone or anything."""
        lemmas = {lemma for lemma, _ in self.nouns[form]}
        if any(self._motion_pair(lemma) for lemma in lemmas):
            return tuple(_person(a) for a in analyses)
        if lemmas & self.adjectival:
            return tuple(_person(a) if a.genders else a for a in analyses)
        return analyses

    def _motion_pair(self, lemma: str) -> bool:
        """Whether ``lemma`` is one of a listed masculine and its feminine in -in."""
        genders = {reading.gender for _, reading in self.nouns.get(lemma, ())}
        if "m" in genders:
            return self._has_feminine(lemma)
        suffix = self.table.motion_suffix
        if "f" not in genders or not lemma.endswith(suffix) or len(lemma) <= len(suffix) + 2:
            return False
        base = lemma[: -len(suffix)]
        bases = [base] + [
            base[:at] + vowel + base[at + len(umlaut) :]
            for vowel, umlaut in self.table.umlauts.items()
            if (at := base.rfind(umlaut)) >= 0
        ]
        bases += [stem + self.table.motion_dropped for stem in bases]
        return any(
            any(reading.gender == "m" for _, reading in self.nouns.get(masculine, ()))
            for masculine in bases
        )

    def _modifier(self, prefix: str, head: str) -> bool:
        """Whether ``prefix`` may be the first part of a compound on ``head`` (see
        MIN_COMPOUND_MODIFIER)."""
        if prefix.endswith("-"):
            return True
        if len(prefix) >= MIN_COMPOUND_MODIFIER and len(head) > MIN_COMPOUND_HEAD:
            return True
        stem = prefix[:1].upper() + prefix[1:]
        return len(prefix) >= MIN_LISTED_MODIFIER and any(
            stem.removesuffix(link) in self.nouns for link in _LINKING_ELEMENTS
        )

    def _person_first(self, noun: str) -> list[tuple[str, Reading]]:
        """The readings of a listed noun; of a form that is both a masculine agent noun with
        a feminine in -in and a noun of another gender, the agent noun's (Leiter, as
        Leiterin exists: die Leiter "ladder" names no person; Koch, as Köchin exists)."""
        found = self.nouns[noun]
        genders = {reading.gender for _, reading in found}
        if "m" in genders and len(genders) > 1 and self._has_feminine(noun):
            return [(lemma, reading) for lemma, reading in found if reading.gender == "m"]
        return found

    def _has_feminine(self, noun: str) -> bool:
        """Whether german-nouns lists the noun's feminine in -in, with or without umlaut,
        in place of a final -e where it has one (Kollege → Kollegin)."""
        dropped = self.table.motion_dropped
        stems = [noun] + ([noun.removesuffix(dropped)] if noun.endswith(dropped) else [])
        return any(self._feminine_listed(stem) for stem in stems)

    def _feminine_listed(self, stem: str) -> bool:
        """Whether german-nouns lists ``stem`` + -in, with or without umlaut."""
        suffix = self.table.motion_suffix
        if stem + suffix in self.nouns:
            return True
        for vowel, umlaut in self.table.umlauts.items():
            at = stem.rfind(vowel)
            if at >= 0 and not any(v in stem[at + len(vowel) :] for v in "aou"):
                return stem[:at] + umlaut + stem[at + len(vowel) :] + suffix in self.nouns
        return False

    def _adjective(self, word: str) -> tuple[Analysis, ...]:
        for ending, readings in self.table.adjective_endings.items():
            if word.endswith(ending) and len(word) > len(ending) + 1:
                lemma = word[: -len(ending)]
                evidence = f"{word}: adjective ending -{ending}"
                return tuple(
                    reading.analysis(lemma, "ADJ", f"{evidence} {_text(reading)}")
                    for reading in readings
                )
        return ()


_DETERMINER = frozenset({"DET"})
_PHRASE = frozenset({"DET", "ADJ"})
_ADJECTIVE = frozenset({"ADJ"})
_NOUN = frozenset({"NOUN"})
_GENDER_LETTER = {"Masc": "m", "Fem": "f", "Neut": "n"}


def _all_of(readings: Sequence[Analysis], classes: frozenset[str]) -> bool:
    """Whether there are readings and each is of one of the word ``classes``."""
    return bool(readings) and all(a.upos in classes for a in readings)


def _person(analysis: Analysis) -> Analysis:
    return replace(analysis, feats={**analysis.feats, "Animacy": "Anim"})


def _key(analysis: Analysis) -> Reading:
    """The gender, number and case of a reading this module made."""
    feats = analysis.feats
    return Reading(_GENDER_LETTER.get(feats.get("Gender", ""), "-"), feats["Number"], feats["Case"])


def _text(reading: Reading) -> str:
    return f"{reading.gender} {reading.number} {reading.case}"


def _noun_analyses(
    word: str, found: Iterable[tuple[str, Reading]], source: str
) -> tuple[Analysis, ...]:
    return tuple(
        reading.analysis(lemma, "NOUN", f"{word}: {lemma} {_text(reading)} ({source})")
        for lemma, reading in found
    )
