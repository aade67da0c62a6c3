"""A short reply in a dialogue read with the question it answers, both ways: a summary a "Sure!"
or an "I am!" supports passes; one that the reply answers the other way ("Julia refuses ..."
to "Sure!", "The shop will be open" to "Nope") is caught. Dialogues flattened onto one line,
as SummEdits writes SAMSum's ("Ann: Buy butter. . Mike: Ok."), are read as turns."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import verify
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.replies import answer_around, says_no_to, yes_or_no
from pytest_faithful.text.speakers import exchange_around, turn_of
from pytest_faithful.text.turns import dialogue


def quoting(quote: str) -> FunctionJudge:
    return FunctionJudge(
        lambda claims, _: [
            {"claim_index": i, "label": "SUPPORTED", "reason": "ok", "evidence": quote}
            for i, _ in enumerate(claims)
        ]
    )


FLAT = "Ann: Darling, buy some butter. . Mike: Ok. . Mike: Do we have any milk? . Ann: Yes. "


def test_a_flattened_dialogue_is_read_as_its_turns() -> None:
    read = dialogue(FLAT)
    assert [sorted(label) for label in read.labels] == [["ann"], ["mike"], ["mike"], ["ann"]]
    # Each turn ends at its own words; the spaced stop opens the next.
    milk = FLAT.index("Do we")
    assert turn_of(FLAT, milk, milk + 5) is not None
    assert exchange_around(FLAT, FLAT.index("Ok."), FLAT.index("Ok.") + 3) == (
        0,
        FLAT.index(" . Mike: Do"),
    )


@pytest.mark.parametrize(
    "text",
    [
        "The plan costs $20 . Refunds take 5 days.",  # no label opens the line
        "Prices rose in 2019 . See: the table below.",
    ],
)
def test_a_spaced_stop_in_prose_opens_no_turn(text: str) -> None:
    assert len(dialogue(text).starts) < 2


_NAME = st.sampled_from(["Ann", "Mike", "Kayla", "Ovi", "Jo Ann"])
_SAID = st.text(alphabet="abcdefgh ?!,", min_size=1, max_size=20).map(lambda s: "x" + s)


@given(st.lists(st.tuples(_NAME, _SAID), min_size=2, max_size=6))
def test_each_flattened_turn_is_read_with_its_speaker(turns: list[tuple[str, str]]) -> None:
    text = " . ".join(f"{name}: {said}" for name, said in turns) + " "
    read = dialogue(text)
    assert [" ".join(sorted(label)) for label in read.labels] == [
        " ".join(sorted(name.lower().split())) for name, _ in turns
    ]
    assert list(read.starts) == sorted(set(read.starts))
    for (_, said), body in zip(turns, read.bodies, strict=True):
        assert text.startswith(said, body)


@pytest.mark.parametrize(
    ("reply", "yes"),
    [
        ("Sure!", True),
        ("Yep", True),
        ("Of course, the more the merrier", True),
        ("Yes mom", True),
        ("No problem", True),
        ("Can't wait!", True),
        ("Wouldn't miss it", True),
        ("Nope", False),
        ("No, sorry.", False),
        ("Not really", False),
        ("No, I'm not coming", False),
        # Neither: no opening yes or no, or words after it that say something else.
        ("I am!", None),
        ("No idea", None),
        ("No problem, but I can't stay late", None),
        ("No, I'll be there at 9", None),
        ("Sure, but I can't stay", None),
    ],
)
def test_a_reply_answers_yes_or_no_only_when_it_says_which(reply: str, yes: bool | None) -> None:
    assert yes_or_no(reply) is yes


SHOP = "Noah: Will the shop be open on Easter Monday?\nAva: Nope\nNoah: Pity."


def test_the_answer_is_read_from_the_reply_or_the_question_it_follows() -> None:
    reply = SHOP.index("Nope")
    for start, end in [(reply, reply + 4), (0, SHOP.index("?") + 1), (0, reply + 4)]:
        answer = answer_around(SHOP, start, end)
        assert answer is not None
        assert (answer.question, answer.reply, answer.yes) == (
            "Will the shop be open on Easter Monday?",
            "Nope",
            False,
        )
    pity = SHOP.index("Pity")
    assert answer_around(SHOP, pity, pity + 4) is None  # answers no question


@pytest.mark.parametrize(
    "passage",
    [
        "Tom: What time is the match?\nAnna: Nope",  # asks for no yes or no
        "Tom: Aren't you coming?\nAnna: No",  # asked in the negative
        "Tom: Do you mind if I join?\nAnna: No",  # a no that agrees
        "Tom: Is it open?\nTom: No",  # no reply: the same speaker
    ],
)
def test_no_answer_is_read_where_its_yes_or_no_is_not_plain(passage: str) -> None:
    assert answer_around(passage, passage.rindex(":") + 2, len(passage)) is None


@pytest.mark.parametrize(
    ("claim", "refuses"),
    [
        ("Ruby refuses to let Dan join.", True),
        ("The shop is closed on Easter Monday.", True),
        ("The shop won't open.", True),
        ("The shop will be open on Easter Monday.", False),
        # A yes in a negation's words negates nothing.
        ("Ava has no problem opening the shop on Easter Monday.", False),
        # The side is the main clause's, not that of the reason it gives.
        ("Ava will open the shop on Easter Monday, because Tom can't.", False),
        ("Ava won't open the shop on Easter Monday, because she is away.", True),
        ("Because Tom can't, Ava won't open the shop.", True),
    ],
)
def test_a_claim_takes_the_side_of_a_no(claim: str, refuses: bool) -> None:
    assert says_no_to(claim, "Will the shop be open on Easter Monday?") is refuses


def test_a_converse_word_is_read_with_the_speakers_the_question_s_pronouns_are() -> None:
    question = "Can I borrow your bike this weekend?"
    sam, emma = frozenset({"sam"}), frozenset({"emma"})
    assert not says_no_to("Emma will lend Sam her bike this weekend.", question, sam, emma)
    assert says_no_to("Sam will lend Emma his bike.", question, sam, emma)
    # Without the speakers, the pronouns name no one: the word is read as before.
    assert says_no_to("Emma will lend Sam her bike this weekend.", question)
    answer = answer_around(f"Sam: {question}\nEmma: Sure!", 0, 10)
    assert answer is not None
    assert (answer.asker, answer.replier) == (sam, emma)


_PERSON = st.sampled_from(["Sam", "Emma", "Lena", "Rob", "Kayla", "Ovi"])
_THING = st.sampled_from(["bike", "car", "charger", "blue jacket", "old camera"])


@given(_PERSON, _PERSON, _THING)
def test_the_question_s_pronouns_are_its_speakers(asker: str, replier: str, thing: str) -> None:
    if asker == replier:
        return
    question = f"Can I borrow your {thing} this weekend?"
    labels = frozenset({asker.casefold()}), frozenset({replier.casefold()})
    yes = f"{replier} will lend {asker} the {thing} this weekend."
    turned = f"{asker} will lend {replier} the {thing} this weekend."
    assert not says_no_to(yes, question, *labels)
    assert says_no_to(turned, question, *labels)


@given(st.text(max_size=120), st.integers(0, 120), st.integers(0, 40))
def test_an_answer_is_words_of_its_passage(text: str, start: int, size: int) -> None:
    start = min(start, len(text))
    answer = answer_around(text, start, min(start + size, len(text)))
    if answer is not None:
        assert answer.question in text
        assert answer.reply in text


# (dialogue, the reply quoted, a summary it supports, the same summary answered the other way)
BOTH_WAYS = [
    (
        "Mark: Can you pick up the kids from football practice?\nJulia: Sure!",
        "Julia: Sure!",
        "Julia will pick up the kids from football practice.",
        "Julia will not pick up the kids from football practice.",
    ),
    (
        "Dan: Can I join your team for the quiz night? . Ruby: Of course, the more the merrier",
        "Ruby: Of course, the more the merrier",
        "Ruby lets Dan join her team for the quiz night.",
        "Ruby refuses to let Dan join her team for the quiz night.",
    ),
    (
        "Zoe: Are we still on for the concert tomorrow?\nNick: Absolutely!",
        "Nick: Absolutely!",
        "Zoe and Nick are still going to the concert tomorrow.",
        "Zoe and Nick are still going to the concert tonight.",
    ),
    (
        "Carla: Are you coming to grandma's birthday on Sunday? . Dave: Wouldn't miss it",
        "Dave: Wouldn't miss it",
        "Dave is coming to grandma's birthday on Sunday.",
        "Dave is not coming to grandma's birthday on Sunday.",
    ),
    (
        SHOP,
        "Ava: Nope",
        "The shop will not be open on Easter Monday.",
        "The shop will be open on Easter Monday.",
    ),
    # A word that tells one fact from either side, said of the other speaker: the question's
    # "I" borrows what the reply's speaker lends.
    (
        "Sam: Can I borrow your bike this weekend?\nEmma: Sure!",
        "Emma: Sure!",
        "Emma will lend Sam her bike this weekend.",
        "Sam will lend Emma his bike this weekend.",
    ),
    (
        "Lena: Can you sell me your old camera?\nRob: Yes, happy to",
        "Rob: Yes, happy to",
        "Lena will buy Rob's old camera.",
        "Rob will buy Lena's old camera.",
    ),
]


@pytest.mark.parametrize(("passage", "quote", "honest", "lie"), BOTH_WAYS)
@pytest.mark.parametrize("rules", ["standard", "strict", "evidence"])
def test_a_short_reply_supports_what_it_answers_and_not_its_opposite(
    passage: str, quote: str, honest: str, lie: str, rules: str
) -> None:
    assert verify(honest, [passage], judge=quoting(quote), rules=rules).passed
    caught = verify(lie, [passage], judge=quoting(quote), rules=rules)
    assert not caught.passed
    assert caught.claim_verdicts[0].rule == "bears-on"


@pytest.mark.parametrize(
    ("passage", "claim"),
    [
        # A no that corrects a detail turns nothing down.
        ("Ali: Are you coming at 8?\nOmar: No, I'll be there at 9", "Omar will come at 9."),
        # A claim that reports the asking.
        (SHOP, "Noah asks whether the shop will be open on Easter Monday."),
        # The claim says it in its own words, the no's side.
        (SHOP, "The shop is closed on Easter Monday."),
    ],
)
def test_a_reply_read_with_its_question_keeps_what_it_does_not_answer(
    passage: str, claim: str
) -> None:
    quote = passage.splitlines()[1]
    assert verify(claim, [passage], judge=quoting(quote)).passed


def test_a_short_reply_to_an_unrelated_question_proves_nothing() -> None:
    passage = "Kim: Want some tea?\nLeo: Sure!\nKim: The meeting moved to Friday."
    assert not verify("Leo will present the budget.", [passage], judge=quoting("Sure!")).passed


KEYS = "Greg: Have you seen my keys?\nHal: On the kitchen table."


@pytest.mark.parametrize(
    ("passage", "claim", "passes"),
    [
        # The asker's "my" is the claim's "Greg's": the reply speaks of Greg's keys.
        (KEYS, "Greg's keys are on the kitchen table.", True),
        (KEYS, "Hal saw Greg's keys on the kitchen table.", True),
        # A question that has the asker act: the reply speaks of what the asker does.
        (
            "Adam: Do you want me to bring wine?\nEve: Yes please, red wine.",
            "Adam will bring red wine.",
            True,
        ),
        # The reply to a question asked of "you" still speaks of its own speaker, "my" or not.
        (
            "Greg: Did you lock my car?\nHal: Yes, locked the car at 6.",
            "Greg locked the car at 6.",
            False,
        ),
        (
            "Greg: Did you lock the car?\nHal: Yes, locked the car at 6.",
            "Greg locked the car at 6.",
            False,
        ),
    ],
)
def test_a_reply_speaks_of_the_asker_s_own_thing_by_the_asker_s_name(
    passage: str, claim: str, passes: bool
) -> None:
    quote = passage.splitlines()[1]
    assert verify(claim, [passage], judge=quoting(quote)).passed is passes


@pytest.mark.parametrize("reply", ["Not always.", "Not necessarily.", "Not always, no."])
def test_a_hedged_reply_is_read_with_the_question_it_answers(reply: str) -> None:
    passage = (
        "The emergency braking system works between 5 and 50 mph. It may not detect "
        "pedestrians in low light or heavy rain."
    )
    question = "Will the emergency braking always detect pedestrians?"
    quote = "It may not detect pedestrians in low light or heavy rain."
    judge = FunctionJudge(
        lambda claims, passages: [
            {"claim_index": i, "label": "SUPPORTED", "evidence": quote, "passage_index": 0}
            for i, _ in enumerate(claims)
        ]
    )
    [verdict] = verify(reply, [passage], question=question, judge=judge).claim_verdicts
    assert verdict.rule is None
    assert verdict.evidence_found
    # Without the question it states nothing to check, as a bare "Yes." does not.
    assert verify(reply, [passage], judge=judge).vacuous
