"""A negation written inside or next to markup is read as the negation it is
(:mod:`pytest_faithful.text.markup`): "does <strong>not</strong> support", "does **not**
include", "is _never_ refunded", "doesn&#8217;t", "<em>no</em>&nbsp;fee", "non<br>refundable".
A quote that starts just after it is no evidence for the claim it contradicts in any policy
(``bears-on``); a whole sentence that holds it clashes with the claim under ``strict``
(``negation``, ``opposites``). Markup around affirmative words negates nothing, and a judge may
quote with the markup kept or stripped.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import Label, verify
from pytest_faithful.text.align import align, negation_before, negations
from pytest_faithful.text.markup import unmark, unmarked

# (passage, the cut quote after its negation, the claim that negation contradicts, the claim
# that keeps it)
_MARKED = [
    (
        "It does <strong>not</strong> support 4K input.",
        "support 4K input.",
        "The projector supports 4K input.",
        "The projector does not support 4K input.",
    ),
    (
        "The Basic plan does **not** include phone support.",
        "include phone support.",
        "The Basic plan includes phone support.",
        "The Basic plan does not include phone support.",
    ),
    (
        "Annual plans are _never_ refunded after 14 days.",
        "refunded after 14 days.",
        "Annual plans are refunded after 14 days.",
        "Annual plans are never refunded after 14 days.",
    ),
    (
        "Using `--force` is **not** recommended on shared branches.",
        "recommended on shared branches.",
        "Using --force is recommended on shared branches.",
        "Using --force is not recommended on shared branches.",
    ),
    (
        "Entry to the garden is <em>not</em>&nbsp;free for adults.",
        "free for adults.",
        "Entry to the garden is free for adults.",
        "Entry to the garden is not free for adults.",
    ),
    (
        "The clinic doesn&#8217;t accept walk-in patients.",
        "accept walk-in patients.",
        "The clinic accepts walk-in patients.",
        "The clinic does not accept walk-in patients.",
    ),
    (
        "There is <em>no</em> fee for the first checked bag.",
        "fee for the first checked bag.",
        "There is a fee for the first checked bag.",
        "There is no fee for the first checked bag.",
    ),
    (
        "<ul><li>The bike weighs 9 kg.</li><li>It is <b>not</b> waterproof.</li></ul>",
        "waterproof.",
        "The bike is waterproof.",
        "The bike is not waterproof.",
    ),
]


@pytest.mark.parametrize("policy", ["evidence", "standard", "strict"])
@pytest.mark.parametrize(("passage", "cut", "lie", "kept"), _MARKED)
def test_a_quote_cut_after_a_marked_negation_is_no_evidence(
    passage: str, cut: str, lie: str, kept: str, policy: str
) -> None:
    (verdict,) = verify(lie, passage, rules=policy, judge=quoting(cut)).claim_verdicts
    assert (verdict.label, verdict.rule) == (Label.NOT_ENOUGH_INFO, "bears-on")
    # The claim that keeps the negation still passes on the same quote.
    assert verify(kept, passage, rules=policy, judge=quoting(cut)).passed


@pytest.mark.parametrize(("passage", "cut", "lie", "kept"), _MARKED)
def test_a_whole_sentence_with_a_marked_negation_clashes_under_strict(
    passage: str, cut: str, lie: str, kept: str
) -> None:
    sentence = passage.split("<li>")[-1].removesuffix("</li></ul>")
    assert not verify(lie, passage, rules="strict", judge=quoting(sentence)).passed
    # Quoted with the markup kept or stripped, the sentence supports the claim that keeps it.
    for quote in (sentence, unmarked(sentence)):
        assert verify(kept, passage, rules="strict", judge=quoting(quote)).passed, quote


@pytest.mark.parametrize("policy", ["standard", "strict"])
@pytest.mark.parametrize(
    ("passage", "quote", "claim"),
    [
        # Markup around affirmative words negates nothing.
        ("It <b>does</b> support 4K input.", "support 4K input.", "It supports 4K input."),
        ("Breakfast is **included** every day.", "included every day.", "Breakfast is included."),
        ("Rooms are <em>free</em>&nbsp;for kids.", "Rooms are free for kids.", "Rooms are free."),
        ("The clinic&#8217;s lab opens at 8 am.", "The clinic's lab", "The lab opens at 8 am."),
        # A tag inside a word splits no word: "nonrefundable" is stated, and "refundable" not.
        ("Fees are non<br>refundable.", "Fees are non<br>refundable.", "Fees are nonrefundable."),
    ],
)  # fmt: skip
def test_affirmative_markup_still_supports(
    passage: str, quote: str, claim: str, policy: str
) -> None:
    assert verify(claim, passage, rules=policy, judge=quoting(quote)).passed


def test_a_tag_inside_a_word_keeps_the_word_whole() -> None:
    passage = "Tickets are non<br>refundable."
    assert not verify(
        "Tickets are refundable.", passage, rules="strict", judge=quoting(passage)
    ).passed


_PLAIN_WORDS = st.lists(
    st.sampled_from("it does not ship to Canada never refunds no fee for adults".split()),  # noqa: SIM905
    min_size=2,
    max_size=8,
)
_WRAPS = st.sampled_from(
    [("<strong>", "</strong>"), ("<em>", "</em>"), ("**", "**"), ("_", "_"), ("`", "`"), ("", "")]
)
_SPACES = st.sampled_from([" ", "&nbsp;", " ", "&#32;"])


@settings(max_examples=40, deadline=None)
@given(words=_PLAIN_WORDS, data=st.data())
def test_marked_text_reads_as_its_plain_words(words: list[str], data: st.DataObject) -> None:
    """Any word wrapped in inline markup and any space written as an entity: the text reads as
    the plain words, each character shows where it is in the marked text, the plain sentence
    aligns word for word, and its negations are counted and found before the last word."""
    marked = ""
    for i, word in enumerate(words):
        left, right = data.draw(_WRAPS)
        marked += (data.draw(_SPACES) if i else "") + left + word + right
    plain = " ".join(words)
    read = unmark(marked)
    assert read.text == plain
    for i, char in enumerate(read.text):
        assert char in marked[read.starts[i] : read.ends[i]] or marked[read.starts[i]] == "&"
    found = align(marked, plain)
    assert found is not None
    assert found.quality == 1.0
    assert negations(marked) == negations(plain)
    last = marked.rindex(words[-1])
    before = negation_before(marked, last)
    assert (before is None) == (negation_before(plain, plain.rindex(words[-1])) is None)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab -.'\n,1:"), max_size=40))
def test_text_without_markup_is_read_as_it_is(text: str) -> None:
    assert unmarked(text) == text
