"""The English set builder: templates x word lists -> records with metadata and twins.

Every template (see :mod:`generator.grammar`) is split once into *parts*: runs of fixed
words and slots. Each slot gets its list of *choices*, precomputed with the article in front
of it ("a"/"an") and capitalisation applied, so that enumerating a template is the product of
its slots' choices, built slot by slot with each prefix shared by all its completions. Every
combination is rendered in both genders, which gives each sentence its counterfactual twin
(every trigger swapped, everything else equal) under one ``pair_id``, and exact balance.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import nltk
from nltk.grammar import Nonterminal, Production

from common.errors import GenError
from generator.grammar import Grammar, Slot, Template, expand, read_grammar
from generator.lint import SentenceLint, lint_grammar
from generator.resources import grammars_dir, wordlists_dir
from generator.sets import BuiltSet
from generator.slots import GENDERS, list_for, slot_rows, slot_words
from generator.wordlists import SIZES, WordList, load_wordlists

PUNCTUATION = frozenset(".,!?;:")
GENDERED_LIST = "gendered_words"
SHARDS = 2  # record streams `gen build` writes in parallel (the target machine has 2 cores)
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
        return f"en-nonce-{self.size}" if self.nonce else f"en-{self.size}"

    def total(self) -> int:
        """How many sentences the enumeration yields (computed, not enumerated)."""
        return sum(template_counts(parts)[0] for _, parts in self.parts)


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
        if slot.role == "distractor":
            choices.extend(
                Choice({None: tuple(w.split())}, {None: w}, gender=g) for g, w in words.items()
            )
            continue
        stereotype = None
        if slot.role == "adjective":
            stereotype = row["stereotype"]
        elif slot.role == "occupation":
            stereotype = "none" if nonce else occupation_stereotype(float(row["share_women"]))
        choices.append(
            Choice({g: tuple(w.split()) for g, w in words.items()}, words, stereotype=stereotype)
        )
    return choices


def _with_article(choice: Choice) -> Choice:
    tokens = {g: (indefinite_article(t[0]), *t) for g, t in choice.tokens.items()}
    return Choice(tokens, choice.word, choice.gender, choice.stereotype)


def _capitalised(tokens: tuple[str, ...]) -> tuple[str, ...]:
    return (tokens[0][:1].upper() + tokens[0][1:], *tokens[1:]) if tokens else tokens


def _capitalise_choice(choice: Choice) -> Choice:
    tokens = {g: _capitalised(t) for g, t in choice.tokens.items()}
    return Choice(tokens, choice.word, choice.gender, choice.stereotype)


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


def load(
    grammar_dir: Path | None = None, wordlist_dir: Path | None = None
) -> tuple[Grammar, dict[str, WordList]]:
    """Read the English grammar folder and word-list folder (the shipped ones by default)."""
    grammar = read_grammar(grammar_dir or grammars_dir() / "en")
    lists = load_wordlists(wordlist_dir or wordlists_dir() / "en")
    return grammar, lists


def prepare(
    size: str, grammar: Grammar, lists: dict[str, WordList], *, nonce: bool = False
) -> EnglishSet:
    """Precompute every template's parts for a set of ``size``."""
    choices = {
        name: _choices(slot, grammar, lists, size, nonce) for name, slot in grammar.slots.items()
    }
    parts = [(template, split_template(template, choices)) for template in expand(grammar)]
    return EnglishSet(grammar, lists, size, nonce, parts)


def gendered_words(lists: dict[str, WordList]) -> dict[str, str]:
    """The closed list of English gendered words lint checks labels against."""
    if GENDERED_LIST not in lists:
        raise GenError(f"the word-list folder needs {GENDERED_LIST}.tsv (word, gender) for lint")
    return {row["word"].lower(): row["gender"] for row in lists[GENDERED_LIST].rows}


def _checked(grammar: Grammar, lists: dict[str, WordList], nonce: bool) -> None:
    problems = lint_grammar(grammar, lists, nonce=nonce)
    if problems:
        more = f" (and {len(problems) - 1} more; run gen lint)" if len(problems) > 1 else ""
        raise GenError(problems[0] + more)


def build(
    size: str,
    *,
    nonce: bool = False,
    grammar_dir: Path | None = None,
    wordlist_dir: Path | None = None,
) -> BuiltSet:
    """The English set of ``size``, linted: the grammar now, each sentence as it is written."""
    grammar, lists = load(grammar_dir, wordlist_dir)
    _checked(grammar, lists, nonce)
    english = prepare(size, grammar, lists, nonce=nonce)
    used = {grammar.path, grammar.slots_path, lists[GENDERED_LIST].path}
    used |= {list_for(slot, lists, nonce=nonce).path for slot in grammar.slots.values()}
    manifest = {
        "grammar": "en",
        "size": size,
        "nonce": nonce,
        "hashes": {
            f"{p.parent.parent.name}/{p.parent.name}/{p.name}": _sha256(p) for p in sorted(used)
        },
    }
    gendered = gendered_words(lists)
    streams = [functools.partial(records, english, run) for run in shards(english, SHARDS)]
    return BuiltSet(
        streams, english.total(), manifest, functools.partial(SentenceLint, grammar, gendered)
    )


def lint(
    sizes: tuple[str, ...] = SIZES,
    *,
    nonce: bool = False,
    grammar_dir: Path | None = None,
    wordlist_dir: Path | None = None,
) -> list[str]:
    """Every problem `gen lint` finds: the grammar's, then each size's sentences'."""
    grammar, lists = load(grammar_dir, wordlist_dir)
    problems = lint_grammar(grammar, lists, nonce=nonce)
    if problems:
        return problems
    gendered = gendered_words(lists)
    for size in sizes:
        check = SentenceLint(grammar, gendered)
        for record in records(prepare(size, grammar, lists, nonce=nonce)):
            check.observe(record)
        problems.extend(f"{p} [size {size}]" for p in check.problems())
    return problems


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def position_of(occupation: int, triggers: tuple[int, ...]) -> str:
    """Where the occupation stands relative to its triggers: before, after or between them."""
    if occupation < min(triggers):
        return "before"
    if occupation > max(triggers):
        return "after"
    return "middle"


@dataclass(frozen=True)
class _Piece:
    """Tokens and their text (with the space before it) for one part in one gender."""

    tokens: tuple[str, ...]
    text: str


def _piece(tokens: tuple[str, ...], first: bool) -> _Piece:
    text = detokenize(list(tokens))
    if not first and tokens and tokens[0] not in PUNCTUATION:
        text = " " + text
    return _Piece(tokens, text)


def records(english: EnglishSet, templates: range | None = None) -> Iterator[dict]:
    """The set's records (of the given template indices only), twins adjacent, female first.

    Ids and pair ids count on from the templates before, so any range of templates can be
    written on its own and the pieces joined.
    """
    templates = templates if templates is not None else range(len(english.parts))
    width = max(6, len(str(english.total())))
    counts = [template_counts(parts) for _, parts in english.parts[: templates.start]]
    counter = {"sentence": sum(c[0] for c in counts), "pair": sum(c[1] for c in counts)}
    for index in templates:
        template, parts = english.parts[index]
        yield from _TemplateEnumerator(template, parts, english).records(width, counter)


def shards(english: EnglishSet, count: int) -> list[range]:
    """Split the templates into ``count`` runs of about equally many sentences."""
    sizes = [template_counts(parts)[0] for _, parts in english.parts]
    total, bounds, running = sum(sizes), [0], 0
    for index, size in enumerate(sizes):
        running += size
        if len(bounds) < count and running >= total * len(bounds) / count:
            bounds.append(index + 1)
    bounds.append(len(sizes))
    return [range(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]


# The state of a partly built sentence in one gender: tokens, text, and the metadata so far.
_State = tuple  # (tokens, text, occupation, trigger, adjective, distractors, trigger_indices)


class _TemplateEnumerator:
    """Enumerates one template slot by slot, sharing each prefix among all its completions.

    The fixed words after a slot travel with it, so a template is ``lead (slot tail)*``;
    prefixes over all slots but the last are built once, and the innermost loop only appends
    the last slot's piece to them.
    """

    def __init__(self, template: Template, parts: list[Part], english: EnglishSet) -> None:
        self.construction = template.construction
        self.prefix, self.size, self.nonce = english.prefix, english.size, english.nonce
        self.lead = _piece(parts[0].tokens, True) if parts[0].slot is None else _Piece((), "")
        self.slots: list[Part] = []
        self.tails: list[_Piece] = []
        self.attaches: list[str | None] = []
        for i, part in enumerate(parts):
            if part.slot is None:
                continue
            following = parts[i + 1] if i + 1 < len(parts) else None
            self.slots.append(part)
            self.tails.append(
                _piece(following.tokens, False)
                if following and following.slot is None
                else _Piece((), "")
            )
            self.attaches.append(
                following.slot.role if following and following.slot is not None else None
            )
        self.pieces = [
            [
                {g: _piece(t, i == 0 and parts[0].slot is not None) for g, t in c.tokens.items()}
                for c in part.choices
            ]
            for i, part in enumerate(self.slots)
        ]
        self.metadata: dict[tuple, dict] = {}

    def _advance(self, state: _State, k: int, index: int, gender: str) -> _State | None:
        """Append slot ``k``'s choice ``index`` (and the fixed words after it) in ``gender``."""
        tokens, text, occupation, trigger, adjective, distractors, triggers = state
        part = self.slots[k]
        role = part.slot.role
        choice = part.choices[index]
        by_gender = self.pieces[k][index]
        if role == "trigger":
            if gender not in by_gender:
                return None
            piece = by_gender[gender]
        else:
            piece = by_gender[None]
        start = len(tokens) + (1 if part.article else 0)
        key = (k, index, gender if role == "trigger" else None, start)
        meta = self.metadata.get(key)
        if meta is None:
            meta = self.metadata[key] = self._metadata(k, choice, gender, start, len(piece.tokens))
        if role == "trigger":
            triggers = (*triggers, start)
            trigger = trigger or meta
        elif role == "occupation":
            occupation = meta
        elif role == "adjective":
            adjective = meta
        else:
            distractors = (*distractors, meta)
        tail = self.tails[k]
        return (
            tokens + piece.tokens + tail.tokens,
            text + piece.text + tail.text,
            occupation,
            trigger,
            adjective,
            distractors,
            triggers,
        )

    def _metadata(self, k: int, choice: Choice, gender: str, start: int, length: int) -> dict:
        slot = self.slots[k].slot
        if slot.role == "trigger":
            return {
                "text": choice.word[gender],
                "index": start,
                "gender": gender,
                "type": slot.type,
            }
        if slot.role == "occupation":
            return {
                "text": choice.word[None],
                "index": start + length - 1 - (1 if self.slots[k].article else 0),
                "stereotype": choice.stereotype,
                "nonce": self.nonce,
            }
        if slot.role == "adjective":
            return {
                "text": choice.word[None],
                "index": start,
                "stereotype": choice.stereotype,
                "attaches_to": self.attaches[k],
            }
        return {"text": choice.word[None], "index": start, "gender": choice.gender}

    def records(self, width: int, counter: dict) -> Iterator[dict]:
        empty: _State = (self.lead.tokens, self.lead.text, None, None, None, (), ())
        prefixes: list[dict[str, _State]] = [{g: empty for g in GENDERS}]
        last = len(self.slots) - 1
        for k in range(last):
            prefixes = [
                extended
                for states in prefixes
                for index in range(len(self.pieces[k]))
                if (extended := self._extend(states, k, index))
            ]
        prefix, size, construction = self.prefix, self.size, self.construction
        positions: dict[tuple[int, tuple[int, ...]], str] = {}
        for states in prefixes:
            for index in range(len(self.pieces[last])):
                done = self._extend(states, last, index)
                if not done:
                    continue
                pair_id = f"{prefix}-p{counter['pair']:0{width}d}"
                counter["pair"] += 1
                for gender, state in done.items():
                    tokens, text, occupation, trigger, adjective, distractors, triggers = state
                    where = (occupation["index"], triggers)
                    position = positions.get(where)
                    if position is None:
                        position = positions[where] = position_of(*where)
                    yield {
                        "id": f"{prefix}-{counter['sentence']:0{width}d}",
                        "pair_id": pair_id,
                        "text": text,
                        "tokens": list(tokens),
                        "expected_gender": gender,
                        "occupation": occupation,
                        "trigger": trigger,
                        "adjective": adjective,
                        "distractors": list(distractors),
                        "position": position,
                        "construction": construction,
                        "size": size,
                    }
                    counter["sentence"] += 1

    def _extend(self, states: dict[str, _State], k: int, index: int) -> dict[str, _State]:
        extended = {}
        for gender, state in states.items():
            new = self._advance(state, k, index, gender)
            if new is not None:
                extended[gender] = new
        return extended


def nltk_grammar(english: EnglishSet) -> nltk.CFG:
    """The same language as a plain NLTK CFG (before a/an and capitals), for comparison.

    Every non-slot nonterminal is copied once per gender; trigger slots rewrite to that
    gender's words, other slots to all their words.
    """
    grammar = english.grammar
    productions = []
    start = Nonterminal("START")
    for gender in GENDERS:

        def renamed(symbol, gender=gender):
            if isinstance(symbol, str):
                return symbol
            slot = grammar.slots.get(symbol.symbol())
            if slot is not None and slot.role != "trigger":
                return symbol
            return Nonterminal(f"{symbol.symbol()}_{gender}")

        productions.append(Production(start, [renamed(grammar.start)]))
        for production in grammar.productions:
            if production.lhs().symbol() not in grammar.slots:
                productions.append(
                    Production(renamed(production.lhs()), [renamed(s) for s in production.rhs()])
                )
        for _, parts in english.parts:
            for part in parts:
                slot = part.slot
                if slot is None or slot.role != "trigger" and gender != GENDERS[0]:
                    continue
                lhs = renamed(Nonterminal(slot.name))
                for choice in part.choices:
                    for g, word in choice.word.items():
                        if slot.role != "trigger" or g == gender:
                            productions.append(Production(lhs, word.split()))
    unique = list(dict.fromkeys(productions))
    return nltk.CFG(start, unique)


def nltk_sentences(cfg: nltk.CFG, limit: int) -> Iterator[list[str]]:
    """NLTK's own enumeration of ``cfg``: at most ``limit`` token lists.

    NLTK caps the expansion steps of one call (MAX_GENERATE_OPERATIONS, 1e6 by default, about
    110k of our sentences) to stop runaway recursive grammars; ours are finite (recursion is a
    lint error), so the cap is lifted for the duration of the enumeration.
    """
    from nltk.parse import generate as nltk_generate

    saved = nltk_generate.MAX_GENERATE_OPERATIONS
    nltk_generate.MAX_GENERATE_OPERATIONS = sys.maxsize
    try:
        yield from nltk_generate.generate(cfg, n=limit)
    finally:
        nltk_generate.MAX_GENERATE_OPERATIONS = saved


def count_templates(english: EnglishSet) -> dict[str, int]:
    """Sentences per construction, computed from the parts (for reports and tests)."""
    counts: dict[str, int] = {}
    for template, parts in english.parts:
        counts[template.construction] = (
            counts.get(template.construction, 0) + template_counts(parts)[0]
        )
    return counts
