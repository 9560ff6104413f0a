"""Enumerate a prepared English set into records, each with its metadata and its twin.

A template is enumerated slot by slot, each prefix shared by all its completions. Every
combination is rendered in both genders, which gives each sentence its counterfactual twin
(every trigger swapped, everything else equal) under one ``pair_id``, and exact balance.
An open-gender set (open.cfg) has no trigger: each combination is one sentence with
``expected_gender`` and ``pair_id`` null, and a second person never has the target's occupation.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from generator.english_parts import (
    PUNCTUATION,
    Choice,
    EnglishSet,
    Part,
    detokenize,
)
from generator.grammar import Template
from generator.slots import GENDERS, is_other_person, is_second_person

ALONE = "alone"  # an open-gender sentence's position when no other person is in it


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
    counts = [english.counts(parts) for _, parts in english.parts[: templates.start]]
    counter = {"sentence": sum(c[0] for c in counts), "pair": sum(c[1] for c in counts)}
    for index in templates:
        template, parts = english.parts[index]
        yield from _TemplateEnumerator(template, parts, english).records(width, counter)


def shards(english: EnglishSet, count: int) -> list[range]:
    """Split the templates into ``count`` runs of about equally many sentences."""
    sizes = [english.counts(parts)[0] for _, parts in english.parts]
    total, bounds, running = sum(sizes), [0], 0
    for index, size in enumerate(sizes):
        running += size
        if len(bounds) < count and running >= total * len(bounds) / count:
            bounds.append(index + 1)
    bounds.append(len(sizes))
    return [range(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]


def _attaches_to(parts: list[Part], i: int) -> str | None:
    """The role of the slot a slot's word belongs with: the slot right after it ("the gentle
    [nurse]"); for the last slot, after only fixed words, the slot before it: an open set's
    predicate adjective describes its subject ("the [nurse] is very gentle")."""
    following = parts[i + 1] if i + 1 < len(parts) else None
    if following is not None and following.slot is not None:
        return following.slot.role
    if any(part.slot is not None for part in parts[i + 1 :]):
        return None
    before = [part for part in parts[:i] if part.slot is not None]
    return before[-1].slot.role if before else None


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
        self.open = english.open_gender
        self.genders: tuple[str | None, ...] = (None,) if self.open else GENDERS
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
            self.attaches.append(_attaches_to(parts, i))
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
        if self.open and not self._other_person_differs(role, meta, occupation, distractors):
            return None
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

    @staticmethod
    def _other_person_differs(
        role: str, meta: dict, occupation: dict | None, distractors: tuple
    ) -> bool:
        """Whether a new target or other person leaves the two occupations different."""
        if role == "occupation":
            return all(d["text"] != meta["text"] for d in distractors if "share_women" in d)
        if role == "distractor" and "share_women" in meta and occupation is not None:
            return occupation["text"] != meta["text"]
        return True

    def _metadata(self, k: int, choice: Choice, gender: str, start: int, length: int) -> dict:
        slot = self.slots[k].slot
        head = start + length - 1 - (1 if self.slots[k].article else 0)
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
                "index": head,
                "stereotype": choice.stereotype,
                "nonce": self.nonce,
                **({"share_women": choice.share_women} if self.open else {}),
            }
        if slot.role == "adjective":
            return {
                "text": choice.word[None],
                "index": start,
                "stereotype": choice.stereotype,
                "attaches_to": self.attaches[k],
            }
        if is_other_person(slot):
            return {
                "text": choice.word[None],
                "index": head,
                "gender": None,
                "type": slot.type,
                "stereotype": choice.stereotype,
                "share_women": choice.share_women,
            }
        if is_second_person(slot):
            return {"text": choice.word[None], "index": head, "gender": None, "type": slot.type}
        return {"text": choice.word[None], "index": start, "gender": choice.gender}

    def records(self, width: int, counter: dict) -> Iterator[dict]:
        empty: _State = (self.lead.tokens, self.lead.text, None, None, None, (), ())
        prefixes: list[dict[str | None, _State]] = [{g: empty for g in self.genders}]
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
                pair_id = None
                if not self.open:
                    pair_id = f"{prefix}-p{counter['pair']:0{width}d}"
                    counter["pair"] += 1
                for gender, state in done.items():
                    tokens, text, occupation, trigger, adjective, distractors, triggers = state
                    if self.open:
                        triggers = tuple(d["index"] for d in distractors)
                    where = (occupation["index"], triggers)
                    position = positions.get(where)
                    if position is None:
                        position = positions[where] = position_of(*where) if triggers else ALONE
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

    def _extend(
        self, states: dict[str | None, _State], k: int, index: int
    ) -> dict[str | None, _State]:
        extended = {}
        for gender, state in states.items():
            new = self._advance(state, k, index, gender)
            if new is not None:
                extended[gender] = new
        return extended


def count_templates(english: EnglishSet) -> dict[str, int]:
    """Sentences per construction, computed from the parts (for reports and tests)."""
    counts: dict[str, int] = {}
    for template, parts in english.parts:
        counts[template.construction] = (
            counts.get(template.construction, 0) + english.counts(parts)[0]
        )
    return counts
