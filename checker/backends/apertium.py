"""Apertium's morphological analysers (``lt-proc`` over a Debian ``*.automorf.bin``).

One ``lt-proc -z`` process per analyser lives as long as the analyser: a batch of sentences
goes in as one chunk, one sentence per line, ended by a NUL byte; ``lt-proc`` answers the
chunk and flushes on the NUL. Newlines survive analysis, so line *i* of the answer is
sentence *i*. A writer thread feeds the chunk while this thread reads the answer, so a
large batch cannot deadlock on full pipes.

``lt-proc`` also tokenises: a lexical unit ``^surface/reading1/reading2$`` is one word
(or, for a multi-word unit such as es "a pesar de", several words sharing its readings).
A contraction becomes its words: from the language's table where it lists the contraction,
else from the analyser's own joined readings, an adposition joined to what follows it (pt
``^do/de<pr>+o<det><def><m><sg>$`` → "de" "o"), each part spelled by the language's
Apertium generator (``^o<det><def><f><sg>$`` → "a"; the part's lemma where there is none).
A joined reading that cannot be split (its readings join different numbers of parts) is
left whole, with a warning naming the word.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
import unicodedata
import warnings
import weakref
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path

from checker.backends.base import Analysis, Word
from checker.languages import ApertiumAnalyserSpec
from checker.tables import TagTable
from common.errors import MissingResourceError

APERTIUM_DATA = Path("/usr/share/apertium")

#: Characters lt-proc's stream format reserves; a backslash escapes them in text.
_RESERVED = re.compile(r"([\^$/<>\[\]{}\\@*#+~])")
_ESCAPED = re.compile(r"\\(.)")
#: lt-proc's output is lexical units ``^...$`` between blanks; escaped characters (``\^``,
#: ``\$``) neither start nor end a unit.
_STREAM = re.compile(r"\^((?:\\.|[^$\\])*)\$|((?:\\.|[^\\^])+)")
_SPLIT_READINGS = re.compile(r"(?<!\\)/")
_SPLIT_PARTS = re.compile(r"(?<!\\)\+")
_TAG = re.compile(r"<([^>]+)>")
_SYMBOL_RUN = re.compile(r"(\S)\1*")


@cache
def tag_table() -> TagTable:
    return TagTable.read("apertium_tags.toml")


def escape(text: str) -> str:
    """Text as lt-proc reads it: reserved characters escaped."""
    return _RESERVED.sub(r"\\\1", text)


def unescape(text: str) -> str:
    return _ESCAPED.sub(r"\1", text)


def install_command(package: str) -> str:
    return f"sudo apt-get install lttoolbox {package}"


class UnsplitContraction(UserWarning):
    """A word the analyser reads as parts joined together that could not be split."""


def generator_path(spec: ApertiumAnalyserSpec) -> Path | None:
    """The generator of the analyser's language: ``autogen`` where the row names one, else
    the package's other direction (``pt-es.automorf.bin`` → ``es-pt.autogen.bin``), where
    it is installed."""
    if spec.autogen:
        return APERTIUM_DATA / spec.autogen
    folder, _, name = spec.automorf.rpartition("/")
    source, _, target = name.removesuffix(".automorf.bin").partition("-")
    path = APERTIUM_DATA / folder / f"{target}-{source}.autogen.bin"
    return path if target and path.is_file() else None


def missing(automorf: str, package: str) -> str | None:
    """Why this analyser cannot run here (with the apt command), or None if it can."""
    if shutil.which("lt-proc") is None or not (APERTIUM_DATA / automorf).is_file():
        return f"Apertium analyser {automorf} is not installed: run `{install_command(package)}`"
    return None


class ApertiumAnalyser:
    """A persistent ``lt-proc`` over one language's analyser; close() it when done."""

    def __init__(self, spec: ApertiumAnalyserSpec, contractions: Mapping[str, Sequence[str]]):
        """``spec`` names the analyser (languages.toml); ``contractions`` maps a contraction
        to the words it stands for (it "della" → "di", "la")."""
        reason = missing(spec.automorf, spec.package)
        if reason:
            raise MissingResourceError(reason)
        self.package = spec.package
        self.hyphen_enclitics = frozenset(spec.hyphen_enclitics)
        self.contractions = {form.lower(): tuple(words) for form, words in contractions.items()}
        self.tags = tag_table()
        self.generator = generator_path(spec)
        # A batch repeats the same lexical units over and over: read each one once.
        self._unit_words = lru_cache(maxsize=1 << 18)(self._read_unit)
        self._spelled = lru_cache(maxsize=1 << 12)(self._spell)
        self._process = subprocess.Popen(
            ["lt-proc", "-z", str(APERTIUM_DATA / spec.automorf)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self._finalizer = weakref.finalize(self, _stop, self._process)

    def close(self) -> None:
        self._finalizer()

    def analyse(self, texts: Sequence[str]) -> list[list[Word]]:
        """Tokenise and analyse each text: its words, in order, with every reading (none for
        a word lt-proc does not know)."""
        if not texts:
            return []
        # One line per text, each ended by a newline (lt-proc holds back a line's last word
        # until it sees what follows); a text's own line breaks and NULs become spaces (a NUL
        # would end the chunk). Text goes in, and words come back, in Unicode NFC: the form
        # the dictionaries use (hi "लड़की" is unknown spelled with U+095C, known in NFC).
        chunk = "".join(" ".join(text.replace("\0", " ").split()) + "\n" for text in texts)
        chunk = unicodedata.normalize("NFC", chunk)
        chunk = escape(chunk)
        sentences = [self._words(line) for line in self._answer(chunk)]
        if len(sentences) != len(texts):
            raise RuntimeError(f"lt-proc answered {len(sentences)} lines for {len(texts)} texts")
        return sentences

    def analyse_words(self, words: Sequence[str]) -> list[tuple[Analysis, ...]]:
        """Each word's readings, read alone (for a further analyser of words another one
        has tokenised); none where it is unknown or lt-proc reads it as several words."""
        found = self.analyse(words)
        return [sentence[0].analyses if len(sentence) == 1 else () for sentence in found]

    def _answer(self, chunk: str) -> Iterator[str]:
        """lt-proc's answer to ``chunk``, line by line as it comes, so that reading the lines
        overlaps with lt-proc analysing the rest."""
        process = self._process
        if process.poll() is not None:
            raise RuntimeError(f"lt-proc for {self.package} exited with {process.returncode}")

        def write() -> None:
            try:
                process.stdin.write(chunk.encode(errors="replace") + b"\0")
                process.stdin.flush()
            except (BrokenPipeError, ValueError):
                pass  # lt-proc has gone (Ctrl-C reaches it too): the reader below says so

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        pending = b""
        while pending != b"\0":
            block = process.stdout.read1(1 << 16)
            if not block:
                raise RuntimeError(f"lt-proc for {self.package} stopped answering")
            *lines, pending = (pending + block).split(b"\n")
            for line in lines:
                yield line.decode()
        writer.join()

    def _words(self, line: str) -> list[Word]:
        words: list[Word] = []
        hyphen = False  # the blank before this unit is a bare hyphen
        for unit, blank in pieces(line):
            if not unit:
                words.extend(blank_words(blank))
                hyphen = blank == "-"
                continue
            unit_words = self._unit_words(unit)
            if hyphen and self._enclitic(words, unit_words):
                # "CEO-ul": a loan with its article, unknown to lt-proc, read as one word
                words[-2:] = [Word(f"{words[-2].text}-{unit_words[0].text}", ())]
            else:
                words.extend(unit_words)
            hyphen = False
        return words

    def _enclitic(self, words: Sequence[Word], unit_words: Sequence[Word]) -> bool:
        """Whether ``unit_words``, after a hyphen, is one of ``hyphen_enclitics`` written on
        the unknown word before it."""
        return (
            len(unit_words) == 1
            and not unit_words[0].analyses
            and unit_words[0].text.lower() in self.hyphen_enclitics
            and len(words) >= 2
            and words[-1].text == "-"
            and not words[-2].analyses
        )

    def _read_unit(self, unit: str) -> tuple[Word, ...]:
        """The words of one lexical unit ``surface/reading/...`` (escapes still in)."""
        surface_escaped, *readings = _SPLIT_READINGS.split(unit)
        surface = unicodedata.normalize("NFC", unescape(surface_escaped))
        words = surface.split()
        if not readings or readings[0].startswith("*"):
            return tuple(Word(word, ()) for word in words)
        # Each reading split into its parts (de<pr>+el<det>...), with its own evidence.
        split = [
            (_SPLIT_PARTS.split(reading), f"{surface}/{unescape(reading)}") for reading in readings
        ]
        expansion = self.contractions.get(words[-1].lower())
        if expansion:
            contracted = [(parts, why) for parts, why in split if len(parts) == len(expansion)]
            if contracted:
                return self._expand(words, expansion, contracted)
        joined = [(parts, why) for parts, why in split if self._contracted(parts)]
        if joined and len({len(parts) for parts, _ in joined}) == 1:
            return self._expand(words, self._spell_parts(joined[0][0]), joined)
        if joined:
            warnings.warn(
                f"{surface!r}: the analyser reads it as a contraction, but its readings join "
                f"different numbers of words ({', '.join(why for _, why in joined)}); read as "
                "one word (list it under contractions in checker/languages.toml to split it)",
                UnsplitContraction,
                stacklevel=2,
            )
        # Anything else stays as lt-proc gave it: a verb with enclitics (es "dámelo") is one
        # word with every part's readings; each word of a multi-word unit (es "a pesar de")
        # gets the unit's readings.
        analyses = distinct([self._analysis(part, why) for parts, why in split for part in parts])
        return tuple(Word(word, analyses) for word in words)

    def _expand(
        self, words: list[str], expansion: Sequence[str], readings: list[tuple[list[str], str]]
    ) -> tuple[Word, ...]:
        """A unit ending in a contraction, its words from the contractions table: es "del" →
        "de" + "el", "después del" → "después" "de" "el". Reading part *i* belongs to the
        contraction's word *i*; the words before it share part 0 (the adposition)."""
        by_part = [
            distinct([self._analysis(parts[i], why) for parts, why in readings])
            for i in range(len(expansion))
        ]
        expanded = in_case_of(words[-1], expansion)
        return tuple(Word(word, by_part[0]) for word in (*words[:-1], expanded[0])) + tuple(
            Word(word, analyses) for word, analyses in zip(expanded[1:], by_part[1:], strict=True)
        )

    def _contracted(self, parts: Sequence[str]) -> bool:
        """Whether a reading joins an adposition to the words after it (a contraction, pt
        "do", it "della"), not a verb to its clitics (es "dámelo"), which stays one word."""
        return len(parts) > 1 and self._analysis(parts[0], "").upos == "ADP"

    def _spell_parts(self, parts: Sequence[str]) -> tuple[str, ...]:
        """The words of a contraction's parts: the adposition's lemma (its last word, in a
        unit such as es "después del": después de<pr>+el<det>), the others as the generator
        spells them (their lemma where it cannot)."""
        adposition = unescape(_lemma(parts[0])).replace("#", " ").split()[-1]
        return (adposition, *(self._spelled(part) for part in parts[1:]))

    def _spell(self, part: str) -> str:
        lemma = unescape(_lemma(part))
        if self.generator is None:
            return lemma
        answer = subprocess.run(
            ["lt-proc", "-g", str(self.generator)],
            input=f"^{part}$",
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        answer = answer.lstrip("~")  # marks a word post-generation would join
        if not answer or answer[0] in "#*@" or " " in answer:
            return lemma
        return unicodedata.normalize("NFC", unescape(answer))

    def _analysis(self, part: str, evidence: str) -> Analysis:
        return self.tags.analysis(unescape(_lemma(part)), _TAG.findall(part), evidence)


def pieces(line: str) -> Iterable[tuple[str, str]]:
    """The line's (unit, "") and ("", blank) pieces, in order."""
    if "\\" in line:  # escaped characters: only the regex knows where units end
        return _STREAM.findall(line)
    head, *rest = line.split("^")  # the fast path, for most lines
    pieces = [("", head)]
    for piece in rest:
        unit, _, blank = piece.partition("$")
        pieces += [(unit, ""), ("", blank)]
    return pieces


def in_case_of(surface: str, words: Sequence[str]) -> tuple[str, ...]:
    """A contraction's words, the first capitalised like the contraction ("Del" → "De")."""
    first = words[0][:1].upper() + words[0][1:] if surface[:1].isupper() else words[0]
    return (first, *words[1:])


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.stdin.close()
        process.wait()
    process.stdout.close()


def _lemma(part: str) -> str:
    return part.split("<", 1)[0]


def blank_words(blank: str) -> list[Word]:
    """Characters lt-proc left outside any unit (quotes it does not know, symbols) are still
    tokens of the sentence, with no reading: one per run of one character ("..." is one)."""
    if not blank or blank.isspace():  # most blanks: nothing between two units, or spaces
        return []
    blank = unicodedata.normalize("NFC", unescape(blank))
    return [Word(run.group(), ()) for run in _SYMBOL_RUN.finditer(blank)]


def distinct(analyses: Sequence[Analysis]) -> tuple[Analysis, ...]:
    """The analyses without repeats (two parts of different readings may read the same)."""
    seen: dict[tuple, Analysis] = {}
    for analysis in analyses:
        key = (analysis.lemma, analysis.upos, analysis.genders, tuple(analysis.feats.items()))
        seen.setdefault(key, analysis)
    return tuple(seen.values())
