"""The English set, prepared: every template split once into parts, each slot with its
choices.

Parts are runs of fixed words and slots. Each slot gets its list of *choices*, precomputed
with the article in front of it ("a"/"an") and capitalisation applied, so that enumerating
a template (generator/english_records.py) is the product of its slots' choices.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from generator.grammar import Grammar, Slot, Template, expand
from generator.slots import GENDERS, is_other_person, list_for, slot_rows, slot_words
from generator.wordlists import WordList

PUNCTUATION = frozenset(".,!?;:")
ARTICLE = "a"
# Exceptions to "an before a written vowel": words spoken with a leading consonant or vowel sound.
_CONSONANT_SOUND = ("uni", "use", "usu", "uti", "eu", "one", "once")
_VOWEL_SOUND = ("honest", "honor", "honour", "hour", "heir")


def indefinite_article(word: str) -> str:
    """'a' or 'an' for the word that follows."""
    lower = word.lower()
    if lower.startswith(_VOWEL_SOUND):
        return "an"
    if lower.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if lower[:1] in "aeiou" else "a"


def detokenize(tokens: list[str]) -> str:
    """Join tokens with spaces, attaching punctuation to the word before it."""
    text = " ".join(tokens)
    for mark in PUNCTUATION:
        text = text.replace(" " + mark, mark)
    return text


def occupation_stereotype(share_women: float) -> str:
    """The stereotype a BLS share of women implies (thresholds documented in occupations.tsv)."""
    if share_women >= 65:
        return "female"
    if share_women <= 35:
        return "male"
    return "neutral"


@dataclass(frozen=True)
class Choice:
    """One way to fill a slot: its tokens per gender (one entry for ungendered fillers)."""

    tokens: dict[str | None, tuple[str, ...]]
    word: dict[str | None, str]
    gender: str | None = None  # a distractor's own gender
    stereotype: str | None = None
    share_women: int | float | None = None  # an occupation's (BLS, percent); nonce: None


@dataclass(frozen=True)
class Part:
    """A run of fixed tokens (``slot`` None) or one slot with its choices."""

    tokens: tuple[str, ...] = ()
    slot: Slot | None = None
    choices: tuple[Choice, ...] = ()
    article: bool = False  # the slot's choices carry their "a"/"an" as first token


@dataclass
class EnglishSet:
    """What the enumerator needs: templates split into parts, and the size and naming."""

    grammar: Grammar
    lists: dict[str, WordList]
    size: str
    nonce: bool
    parts: list[tuple[Template, list[Part]]]

    @property
    def prefix(self) -> str:
        kinds = ("open-" if self.open_gender else "") + ("nonce-" if self.nonce else "")
        return f"en-{kinds}{self.size}"

    @property
    def open_gender(self) -> bool:
        return self.grammar.open_gender

    def total(self) -> int:
        """How many sentences the enumeration yields (computed, not enumerated)."""
        return sum(self.counts(parts)[0] for _, parts in self.parts)

    def counts(self, parts: list[Part]) -> tuple[int, int]:
        """A template's sentences and pairs (open-gender sentences have no twin)."""
        return (open_count(parts), 0) if self.open_gender else template_counts(parts)


def template_counts(parts: list[Part]) -> tuple[int, int]:
    """How many sentences and pairs a template yields, counted without enumerating.

    A combination of choices yields one sentence per gender all its trigger choices admit
    (both, unless the grammar restricts a trigger slot to one gender's words).
    """
    slots = [part for part in parts if part.slot is not None]

    def combos(genders: set[str]) -> int:
        product = 1
        for part in slots:
            if part.slot.role == "trigger":
                product *= sum(1 for c in part.choices if genders <= c.tokens.keys())
            else:
                product *= len(part.choices)
        return product

    female, male, both = combos({"female"}), combos({"male"}), combos(set(GENDERS))
    return female + male, female + male - both


def open_count(parts: list[Part]) -> int:
    """How many sentences an open-gender template yields: every combination of choices but
    those where another person has the target's own occupation ("the nurse ... the nurse")."""
    slots = [part for part in parts if part.slot is not None]
    targets = [part for part in slots if part.slot.role == "occupation"]
    others = [part for part in slots if is_other_person(part.slot)]
    rest = math.prod(len(p.choices) for p in slots if p not in targets and p not in others)
    if not targets:
        return rest * math.prod(len(part.choices) for part in others)
    total = sum(
        math.prod(sum(c.word[None] != target.word[None] for c in part.choices) for part in others)
        for target in targets[0].choices
    )
    return total * rest * math.prod(len(part.choices) for part in targets[1:])


def _choices(
    slot: Slot, grammar: Grammar, lists: dict[str, WordList], size: str, nonce: bool
) -> list[Choice]:
    """Every filler of a slot, honouring words the grammar itself lists for it."""
    wordlist = list_for(slot, lists, nonce=nonce)
    restricted = grammar.restrictions(slot)
    rows = (
        slot_rows(slot, wordlist, size)
        if restricted is None
        else wordlist.select(*(slot.select or (None, None)))
    )
    allowed = None if restricted is None else {word for word, _ in restricted}
    choices = []
    for row in rows:
        words = slot_words(row, wordlist)
        if allowed is not None:
            words = {g: w for g, w in words.items() if w in allowed}
            if not words:
                continue
        if is_other_person(slot):
            share = _share(row["share_women"])
            stereotype = occupation_stereotype(share)
            choices.extend(
                Choice({None: tuple(w.split())}, {None: w}, None, stereotype, share)
                for w in words.values()
            )
            continue
        if slot.role == "distractor":
            choices.extend(
                Choice({None: tuple(w.split())}, {None: w}, gender=g) for g, w in words.items()
            )
            continue
        stereotype = share = None
        if slot.role == "adjective":
            stereotype = row["stereotype"]
        elif slot.role == "occupation":
            share = None if nonce else _share(row["share_women"])
            stereotype = "none" if share is None else occupation_stereotype(share)
        choices.append(
            Choice(
                {g: tuple(w.split()) for g, w in words.items()},
                words,
                stereotype=stereotype,
                share_women=share,
            )
        )
    return choices


def _share(text: str) -> int | float:
    """A share of women as written in the list: whole percents stay integers."""
    value = float(text)
    return int(value) if value.is_integer() else value


def _with_article(choice: Choice) -> Choice:
    tokens = {g: (indefinite_article(t[0]), *t) for g, t in choice.tokens.items()}
    return replace(choice, tokens=tokens)


def _capitalised(tokens: tuple[str, ...]) -> tuple[str, ...]:
    return (tokens[0][:1].upper() + tokens[0][1:], *tokens[1:]) if tokens else tokens


def _capitalise_choice(choice: Choice) -> Choice:
    tokens = {g: _capitalised(t) for g, t in choice.tokens.items()}
    return replace(choice, tokens=tokens)


def split_template(template: Template, choices: dict[str, list[Choice]]) -> list[Part]:
    """Cut a template into fixed runs and slots; fold a slot's preceding "a" into its choices."""
    parts: list[Part] = []
    run: list[str] = []
    items = template.items
    for position, item in enumerate(items):
        if item.slot is None:
            following = items[position + 1] if position + 1 < len(items) else None
            if item.word == ARTICLE and following is not None and following.slot is not None:
                continue  # the next slot's choices carry the article
            run.append(item.word)
            continue
        if run:
            parts.append(Part(tokens=tuple(run)))
            run = []
        article = (
            position > 0
            and items[position - 1].slot is None
            and items[position - 1].word == ARTICLE
        )
        slot_choices = choices[item.slot.name]
        if article:
            slot_choices = [_with_article(c) for c in slot_choices]
        parts.append(Part(slot=item.slot, choices=tuple(slot_choices), article=article))
    if run:
        parts.append(Part(tokens=tuple(run)))
    first = parts[0]
    if first.slot is None:
        parts[0] = Part(tokens=_capitalised(first.tokens))
    else:
        parts[0] = Part(
            slot=first.slot,
            choices=tuple(_capitalise_choice(c) for c in first.choices),
            article=first.article,
        )
    return parts


def prepare(
    size: str, grammar: Grammar, lists: dict[str, WordList], *, nonce: bool = False
) -> EnglishSet:
    """Precompute every template's parts for a set of ``size``."""
    choices = {
        slot.name: _choices(slot, grammar, lists, size, nonce) for slot in grammar.used_slots()
    }
    parts = [(template, split_template(template, choices)) for template in expand(grammar)]
    return EnglishSet(grammar, lists, size, nonce, parts)
