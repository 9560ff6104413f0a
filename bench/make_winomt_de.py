"""Build bench/data/winomt-de.jsonl: WinoMT-shaped English sentences with a German translation
each, written from templates here (two people, a pronoun that names one of them), with the
gold label of the translation's gender for the person the pronoun names.

    python bench/make_winomt_de.py
"""

import json
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent / "data" / "winomt-de.jsonl"
random.seed(16)
# english, masculine, feminine, kind: "" (strong), "weak" (n-declension), "adj" (adjectival)
OCC = [
    ("doctor", "Arzt", "Ärztin", ""),
    ("nurse", "Krankenpfleger", "Krankenschwester", ""),
    ("lawyer", "Anwalt", "Anwältin", ""),
    ("manager", "Manager", "Managerin", ""),
    ("designer", "Designer", "Designerin", ""),
    ("analyst", "Analyst", "Analystin", "weak"),
    ("developer", "Entwickler", "Entwicklerin", ""),
    ("teacher", "Lehrer", "Lehrerin", ""),
    ("cook", "Koch", "Köchin", ""),
    ("secretary", "Sekretär", "Sekretärin", ""),
    ("baker", "Bäcker", "Bäckerin", ""),
    ("cashier", "Kassierer", "Kassiererin", ""),
    ("librarian", "Bibliothekar", "Bibliothekarin", ""),
    ("mechanic", "Mechaniker", "Mechanikerin", ""),
    ("farmer", "Landwirt", "Landwirtin", ""),
    ("supervisor", "Vorgesetzte", "Vorgesetzte", "adj"),
    ("clerk", "Angestellte", "Angestellte", "adj"),
    ("assistant", "Assistent", "Assistentin", "weak"),
    ("auditor", "Auditor", "Auditorin", ""),
    ("accountant", "Buchhalter", "Buchhalterin", ""),
    ("hairdresser", "Friseur", "Friseurin", ""),
    ("janitor", "Hausmeister", "Hausmeisterin", ""),
    ("guard", "Wachmann", "Wachfrau", ""),
    ("editor", "Redakteur", "Redakteurin", ""),
    ("chief", "Chef", "Chefin", ""),
    ("counselor", "Berater", "Beraterin", ""),
    ("physician", "Mediziner", "Medizinerin", ""),
    ("salesperson", "Verkäufer", "Verkäuferin", ""),
    ("student", "Student", "Studentin", "weak"),
    ("CEO", "Geschäftsführer", "Geschäftsführerin", ""),
]
ART = {
    ("m", "Nom"): "der",
    ("f", "Nom"): "die",
    ("m", "Acc"): "den",
    ("f", "Acc"): "die",
    ("m", "Dat"): "dem",
    ("f", "Dat"): "der",
}
# english (a, b, pronoun), german (A in Nom, B in the case given), B's case
FRAMES = [
    (
        "The {a} called the {b} because {p} was late .",
        "{A} rief {B} an, weil {q} zu spät war.",
        "Acc",
    ),
    ("The {a} helped the {b} because {p} was tired .", "{A} half {B}, weil {q} müde war.", "Dat"),
    (
        "The {a} spoke with the {b} because {p} needed advice .",
        "{A} sprach mit {B}, weil {q} Rat brauchte.",
        "Dat",
    ),
    (
        "The {a} thanked the {b} because {p} had done good work .",
        "{A} dankte {B}, weil {q} gute Arbeit geleistet hatte.",
        "Dat",
    ),
    (
        "The {a} asked the {b} for help because {p} was new .",
        "{A} bat {B} um Hilfe, weil {q} neu war.",
        "Acc",
    ),
    (
        "The {a} visited the {b} because {p} wanted to talk .",
        "{A} besuchte {B}, weil {q} reden wollte.",
        "Acc",
    ),
    (
        "The {a} got a letter from the {b} because {p} was ill .",
        "{A} bekam einen Brief von {B}, weil {q} krank war.",
        "Dat",
    ),
    (
        "The {a} gave the {b} a book because {p} likes to read .",
        "{A} gab {B} ein Buch, weil {q} gern liest.",
        "Dat",
    ),
    (
        "The {a} waited for the {b} because {p} had the keys .",
        "{A} wartete auf {B}, weil {q} die Schlüssel hatte.",
        "Acc",
    ),
]


def phrase(occ, gender, case):
    _, masc, fem, kind = occ
    noun = masc if gender == "m" else fem
    if gender == "m" and case != "Nom" and kind in ("weak", "adj"):
        noun += "en" if kind == "weak" else "n"
    if gender == "f" and case == "Dat" and kind == "adj":
        noun += "n"
    return f"{ART[gender, case]} {noun}"


rows = []
for n in range(240):
    a, b = random.sample(OCC, 2)
    en, de, case = random.choice(FRAMES)
    target = random.choice("ab")
    expected = random.choice(["male", "female"])
    pronoun = "he" if expected == "male" else "she"
    # the translation's genders: mostly the expected one for the target, the other person random
    genders = {"a": random.choice("mf"), "b": random.choice("mf")}
    genders[target] = random.choice("mf")
    pq = "er" if genders[target] == "m" else "sie"
    text = en.format(a=a[0], b=b[0], p=pronoun)
    A = phrase(a, genders["a"], "Nom")
    german = de.format(A=A[0].upper() + A[1:], B=phrase(b, genders["b"], case), q=pq)
    tokens = text.split()
    index = 1 if target == "a" else tokens.index(b[0], 3)
    gold = "correct" if (genders[target] == "m") == (expected == "male") else "wrong"
    rows.append(
        {
            "id": f"winomt-de-{n:03d}",
            "text": text,
            "tokens": tokens,
            "occupation": {"text": tokens[index], "index": index},
            "expected_gender": expected,
            "translation": german,
            "lang": "de",
            "gold": gold,
        }
    )
with open(OUT, "w", encoding="utf-8") as out:
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
print(len(rows))
