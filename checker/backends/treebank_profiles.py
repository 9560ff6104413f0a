"""What a Stanza model of each language annotates: checker/data/ud_profiles.toml read.

Each language's default Stanza model is trained on a UD treebank that annotates some UD
features and not others (UD German, Dutch and Arabic have no Animacy; Hindi and Urdu no
Subcat); the Stanza tagger tells the rules which it gives (TaggedSentence.annotated), and
the UD-profile harness (checker/backends/ud_profile.py) re-expresses the offline analyses
in the same profile.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache

from checker.backends.base import Analysis, Word
from checker.languages import languages
from checker.tables import DATA, read_table

PROFILES_FILE = DATA / "ud_profiles.toml"


@dataclass(frozen=True)
class UDProfile:
    """What one language's default Stanza model annotates (see ud_profiles.toml)."""

    code: str
    treebank: str
    features: frozenset[str]
    gendered: frozenset[str] | None  # UPOS given Masc/Fem; None: all
    proclitics: Mapping[str, str]  # proclitic → its UPOS, split off as words
    #: what the Gender of a word outside ``gendered`` says of a person (sv/da Com: either sex)
    common: frozenset[str] = frozenset()
    #: gen's analysers that read its nouns' genders / persons (noun_forms.py)
    gen_genders: tuple[str, ...] = ()
    gen_persons: tuple[str, ...] = ()
    #: the features those give with the genders, where the treebank has none (sv Person)
    gen_features: frozenset[str] = frozenset()
    #: a feature the offline analysers give → the treebank's for the same thing
    equivalents: Mapping[tuple[str, str], tuple[str, str]] = field(default_factory=dict)

    def reading(self, analysis: Analysis) -> Analysis:
        """``analysis`` with only the features the treebank annotates, and, where its word
        class has no gender of a person's there, the ``common`` one (Com) for a gendered
        word, none for a neuter one."""
        renamed = (self.equivalents.get(pair, pair) for pair in analysis.feats.items())
        feats = {k: v for k, v in renamed if k in self.features}
        keeps_gender = "Gender" in self.features and (
            self.gendered is None or analysis.upos in self.gendered
        )
        genders = analysis.genders if keeps_gender else frozenset()
        if not keeps_gender and analysis.genders and "Gender" in self.features:
            genders = self.common
        if feats == dict(analysis.feats) and genders == analysis.genders:
            return analysis
        return replace(analysis, feats=feats, genders=genders)

    def words(self, word: Word) -> list[Word]:
        """``word`` as the model's words: a proclitic the analyser read through (its
        lemmas do not start with it) split off, then each reading profiled."""
        analyses = tuple(self.reading(a) for a in word.analyses)
        clitic = next((p for p in self.proclitics if _written_on(p, word)), None)
        if clitic is None:
            return [replace(word, analyses=analyses)]
        split = Analysis(clitic, self.proclitics[clitic], frozenset(), f"{clitic}: proclitic")
        rest = word.text[len(clitic) :]
        return [Word(clitic, (split,)), Word(rest, analyses)]


def _written_on(clitic: str, word: Word) -> bool:
    return (
        word.text.startswith(clitic)
        and len(word.text) > len(clitic) + 1
        and bool(word.analyses)
        and "X" not in word.upos_set
        and not any(a.lemma.startswith(clitic) for a in word.analyses)
    )


@cache
def ud_profile(code: str) -> UDProfile | None:
    """The profile of Stanza's model ``code`` (languages.toml ``stanza``), if listed."""
    row = read_table(PROFILES_FILE).get(code)
    if row is None:
        return None
    gendered = row.get("gendered")
    return UDProfile(
        code=code,
        treebank=row["treebank"],
        features=frozenset(row["features"]),
        gendered=frozenset(gendered) if gendered is not None else None,
        common=frozenset(row.get("common", ())),
        proclitics=dict(row.get("proclitics", {})),
        gen_genders=tuple(row.get("gen_data", {}).get("genders", ())),
        gen_persons=tuple(row.get("gen_data", {}).get("persons", ())),
        gen_features=frozenset(row.get("gen_data", {}).get("features", ())),
        equivalents={
            _pair(theirs): _pair(ours) for theirs, ours in row.get("equivalents", {}).items()
        },
    )


def _pair(feature: str) -> tuple[str, str]:
    name, _, value = feature.partition("=")
    return name, value


def profile_for(lang: str) -> UDProfile | None:
    """The profile of the Stanza model languages.toml names for ``lang`` (hbs → hr)."""
    row = languages().get(lang)
    code = row.stanza if row is not None else lang
    return ud_profile(code) if code else None
