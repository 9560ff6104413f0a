"""The eflomal aligner's pure parts: cognate priors and anchors."""

from __future__ import annotations

from checker.backends.eflomal_aligner import anchor_cognates, candidate_scores, look_alike_pairs


def test_eflomal_links_an_occupation_to_its_one_cognate():
    source = "the artist 's image backgrounds".split()
    target = "los fondos de imagen de la artista".split()
    assert ("artist", "artista") in look_alike_pairs([" ".join(source)], [" ".join(target)])
    cognates = candidate_scores({("artist", "artista")}, {})
    links = anchor_cognates(frozenset({(1, 1), (4, 1), (3, 3)}), source, target, cognates)
    assert links == {(1, 6), (4, 1), (3, 3)}
    # linked to a neighbour and the cognate: the cognate alone
    assert anchor_cognates(frozenset({(1, 1), (1, 6)}), source, target, cognates) == {(1, 6)}
    # two look-alikes: the statistics keep their say
    twice = [*target, "artista"]
    assert anchor_cognates(frozenset({(1, 1)}), source, twice, cognates) == {(1, 1)}


def test_eflomal_anchor_prefers_the_clearly_better_candidate():
    source = "Hermsen is a professor at the University".split()
    target = "Hermsen è professore di astrofisica presso l' Università".split()
    lower = [[word.lower() for word in words] for words in (source, target)]
    known = look_alike_pairs(*[[" ".join(words)] for words in lower])
    # "presso" looks like "professor" too, but much less than "professore" does
    assert {("professor", "presso"), ("professor", "professore")} <= known
    cognates = candidate_scores(known, {})
    assert (3, 2) in anchor_cognates(frozenset({(3, 4)}), *lower, cognates)
    # a dictionary translation beats a look-alike: teacher → maestra, not "teatro"
    source, target = "the teacher".split(), "la maestra del teatro".split()
    cognates = candidate_scores(
        {("teacher", "maestra"), ("teacher", "teatro")}, {("teacher", "maestra"): 0.86}
    )
    assert anchor_cognates(frozenset({(1, 3)}), source, target, cognates) == {(1, 1)}


def test_eflomal_anchor_takes_the_closer_of_two_translations():
    # the dictionary's stems match both words for both sources; the closer translation
    # decides ("research engineer" → "ingeniero de investigación ... ingeniería")
    source = "a research engineer with a degree in engineering".split()
    target = "ingeniero de investigación con un título en ingeniería".split()
    closeness = {
        ("engineer", "ingeniero"): 1.0,
        ("engineer", "ingeniería"): 0.84,
        ("engineering", "ingeniería"): 1.0,
        ("engineering", "ingeniero"): 0.84,
    }
    cognates = candidate_scores(set(closeness), closeness)
    assert anchor_cognates(frozenset({(2, 2), (7, 7)}), source, target, cognates) == {
        (2, 0),
        (7, 7),
    }
    # equally close: the statistics keep their say
    tied = candidate_scores(set(closeness), dict.fromkeys(closeness, 1.0))
    assert anchor_cognates(frozenset({(2, 2)}), source, target, tied) == {(2, 2)}


def test_eflomal_aligns_a_batch_where_nothing_looks_alike():
    from checker.backends.eflomal_aligner import EflomalAligner

    aligner = EflomalAligner("es", {})
    links = aligner.align([["The", "nurse", "."], []], [["Wir", "gehen", "."], ["x"]])
    assert len(links) == 2 and links[1] == frozenset()


def test_grow_diag_final_and_grows_from_the_intersection():
    from checker.backends.eflomal_aligner import grow_diag_final_and

    forward = {(0, 0), (1, 1), (5, 5)}
    reverse = {(0, 0), (1, 2), (2, 2), (5, 6)}
    # (1,1) neighbours the intersection's (0,0), then (1,2) and (2,2) neighbour (1,1); (5,5)
    # and (5,6) neighbour nothing: final-and adds the first whose two words are both
    # unaligned, (5,5) from the forward direction
    assert grow_diag_final_and(forward, reverse) == {(0, 0), (1, 1), (1, 2), (2, 2), (5, 5)}
    assert grow_diag_final_and(forward, forward) == forward
