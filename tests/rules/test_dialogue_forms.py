"""A dialogue's turns read in the forms chats, logs and mail are written in, both ways: a claim
that gives a turn's words to its own speaker passes, and the same claim given to another
speaker of the dialogue is caught (the ``speaker`` rule). Text that only looks like a log is no
dialogue."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful import verify
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.speakers import first_speaker_named
from pytest_faithful.text.turns import dialogue


def quoting(quote: str) -> FunctionJudge:
    return FunctionJudge(
        lambda claims, _: [
            {"claim_index": i, "label": "SUPPORTED", "reason": "ok", "evidence": quote}
            for i, _ in enumerate(claims)
        ]
    )


# (a dialogue of Anna and Raj in one form, the words of Raj's turn quoted)
FORMS = {
    "irc": ("<anna> the build broke\n<raj> I'll clear the cache at 11", "I'll clear the cache"),
    "log": (
        "[10:02] anna: the build broke\n[10:06] raj: I'll clear the cache at 11",
        "I'll clear the cache at 11",
    ),
    "meeting": (
        "[00:00:12] Anna: The build broke.\n[00:00:20] Raj: I'll clear the cache at 11.",
        "I'll clear the cache at 11.",
    ),
    "whatsapp": (
        "12/03/24, 18:22 - Anna: the build broke\n12/03/24, 18:25 - Raj: I'll clear the cache",
        "I'll clear the cache",
    ),
    "telegram": (
        "[12.03.24 18:22] Anna: the build broke\n[12.03.24 18:40] Raj: I'll clear the cache",
        "I'll clear the cache",
    ),
    "markdown": (
        "**Anna:** The build broke.\n**Raj:** I'll clear the cache.",
        "I'll clear the cache.",
    ),
    "time aside": (
        "Anna (10:02): The build broke.\nRaj (10:04 PM): I'll clear the cache.",
        "I'll clear the cache.",
    ),
    "zoom": (
        "10:02:11 From Anna to Everyone: the build broke\n"
        "10:03:40 From Raj to Everyone: I'll clear the cache",
        "I'll clear the cache",
    ),
    "slack": (
        "anna  10:02 AM\nthe build broke\nraj  10:04 AM\nI'll clear the cache",
        "I'll clear the cache",
    ),
    "discord": (
        "anna \u2014 Today at 9:14 PM\nthe build broke\nraj \u2014 Today at 9:15 PM\n"
        "I'll clear the cache",
        "I'll clear the cache",
    ),
    "teams": (
        "[9:02 AM] Lee, Anna\nThe build broke.\n[9:04 AM] Gomez, Raj\nI'll clear the cache.",
        "I'll clear the cache.",
    ),
    "email": (
        "From: Anna Lee <anna@example.com>\nTo: Raj <raj@example.com>\nSubject: Build\n\n"
        "The build broke.\n\nFrom: Raj Gomez <raj@example.com>\nTo: Anna Lee\n"
        "Date: Mon, 4 Mar 2024 10:40\nSubject: Re: Build\n\nI'll clear the cache.\nRaj",
        "I'll clear the cache.",
    ),
    "quoted reply": (
        "From: Anna Lee <anna@x.com>\nSubject: Re: Build\n\nSounds good, thanks.\n\n"
        "On Mon, 4 Mar 2024 at 10:40, Raj Gomez <raj@x.com> "
        "wrote:\n> I'll clear the cache.",
        "I'll clear the cache.",
    ),
    "outlook": (
        "From: Gomez, Raj\nSent: Monday, March 4, 2024 10:40\nTo: Lee, Anna\n\n"
        "I'll clear the cache.\n\nFrom: Lee, Anna\nSent: Monday, March 4, 2024 10:20\n"
        "To: Gomez, Raj\n\nThe build broke.",
        "I'll clear the cache.",
    ),
    "play": (
        "Enter ANNA and RAJ.\nANNA. The build is broke.\nRAJ. I'll clear the cache ere noon.",
        "I'll clear the cache ere noon.",
    ),
    "play, titled": (
        "LADY ANNA. The build is broke, sir.\nSIR RAJ GOMEZ. I'll clear the cache.\nExeunt.",
        "I'll clear the cache.",
    ),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_turn_in_any_form_is_its_own_speakers(form: str) -> None:
    passage, quote = FORMS[form]
    assert verify("Raj will clear the cache.", [passage], judge=quoting(quote)).passed
    swapped = verify("Anna will clear the cache.", [passage], judge=quoting(quote))
    assert [cv.rule for cv in swapped.claim_verdicts] == ["speaker"], form


# Text that only looks like a log: a timetable, a numbered note, a list of times.
@pytest.mark.parametrize(
    "text",
    [
        "Hours\nFrom: 9 am to 5 pm\nWe are open every day.\nFrom: noon on Sundays",
        "[1] Note: the cache is cleared daily.\n[2] Warning: I'll keep backups.",
        "Doors open 9:30\nThe talk starts at ten.\nLunch 12:30\nWe serve soup.",
        "NOTE. THE CACHE IS CLEARED DAILY.\nWARNING. I'LL KEEP BACKUPS.",  # all capitals
        "ACT II. A room in the castle.\nSCENE III. The same. Enter RAJ.",  # a play's headings
    ],
)
def test_text_that_only_looks_like_a_log_is_no_dialogue(text: str) -> None:
    assert len(dialogue(text).starts) < 2  # a dialogue has two turns or more


QUOTE_MAIL = (
    "From: Ola Berg <ola@bergjoinery.co.uk>\nTo: Sam Reid\nSubject: Your quote\n\nHi Sam,\n\n"
    "Total: £2,400 + VAT. Materials are included. We could start on 3 June.\n"
    "**Deposit:** 20% on acceptance.\nNotes: I will bring the samples.\n\nBest,\nOla"
)


def test_a_records_field_labels_are_no_speakers() -> None:
    """A quote's "Total:" and "Notes:" lines are its sender's, not turns of speakers called
    Total and Notes: what the body says in the first person is Ola's."""
    assert dialogue(QUOTE_MAIL).labels == (frozenset({"ola", "berg"}),)
    judge = FunctionJudge(
        lambda claims, passages: [
            {
                "claim_index": i,
                "label": "SUPPORTED",
                "evidence": "We could start on 3 June.",
                "passage_index": 0,
            }
            for i, _ in enumerate(claims)
        ]
    )
    assert verify("Ola Berg could start on 3 June.", [QUOTE_MAIL], judge=judge).passed


@pytest.mark.parametrize(
    ("claim", "named"),
    [
        ("Jon will cook dinner.", "jonathan"),  # the start of one speaker's name
        ("Matt will cook dinner.", "matthew"),
        ("Jo will cook dinner.", None),  # too short to be a name's short form
        ("Ann will cook dinner.", None),  # the start of two speakers' names: which?
    ],
)
def test_a_short_form_names_the_one_speaker_whose_name_it_starts(
    claim: str, named: str | None
) -> None:
    passage = "Jonathan: I'll cook.\nMatthew: Thanks.\nAnnabel: Hi.\nAnnika: Hello."
    assert first_speaker_named(passage, claim) == named


def test_a_short_form_of_a_speakers_name_is_that_speaker() -> None:
    passage = "Jonathan: Who's picking up mom?\nElizabeth: I can't.\nJonathan: I'll pick up mom."
    ask, mine = "Jonathan: Who's picking up mom?", "I'll pick up mom."
    assert verify("Jon asked who was picking up mom.", [passage], judge=quoting(ask)).passed
    assert not verify("Eliza asked who was picking up mom.", [passage], judge=quoting(ask)).passed
    assert verify("Jon will pick up mom.", [passage], judge=quoting(mine)).passed
    swapped = verify("Eliza will pick up mom.", [passage], judge=quoting(mine))
    assert [cv.rule for cv in swapped.claim_verdicts] == ["speaker"]


@given(st.text(alphabet=st.sampled_from("ab A:<>[]-*\n 0123@.,"), max_size=200))
def test_turns_are_read_in_order_inside_the_text(text: str) -> None:
    read = dialogue(text)
    assert list(read.starts) == sorted(read.starts)
    assert len(read.starts) == len(read.bodies) == len(read.labels)
    for start, body in zip(read.starts, read.bodies, strict=True):
        assert 0 <= start <= body <= len(text)
    for word in read.speakers:
        assert re.search(re.escape(word), text, re.IGNORECASE)


# A claim that speaks of someone by a pronoun before it names a speaker ("He orders Bernardo
# ...") speaks of whom an earlier sentence named; named first, the other speaker is caught.
@pytest.mark.parametrize(
    ("claim", "passes"),
    [
        ("He orders Bernardo to go to Calloway and bring back the answer.", True),
        ("After he gives the order, Bernardo agrees to go to Calloway.", True),
        ("Bernardo orders him to go to Calloway and bring back the answer.", False),
        ("Bernardo will go to Calloway and bring back the answer.", False),
    ],
)
def test_a_pronoun_before_any_speaker_leaves_whom_the_claim_speaks_of_open(
    claim: str, passes: bool
) -> None:
    passage = "KING. Go thou to Calloway, and bring me the answer.\nBERNARDO. I go, my lord."
    quote = "Go thou to Calloway, and bring me the answer."
    result = verify(claim, [passage], judge=quoting(quote))
    assert result.passed is passes
    if not passes:
        assert [cv.rule for cv in result.claim_verdicts] == ["speaker"]


# A role-labelled call whose agent names themselves in their first turn, in each form a
# greeting does it: a claim that names the agent by that name names the turn's speaker.
_GREETINGS = [
    "Good morning, this is Rachel from Brightline.",
    "Hi, my name is Rachel Moss, I'm with Brightline.",
    "Hi Dan, it's Rachel from Brightline.",
    "Hello, I'm Rachel. Thanks for taking my call.",
]


@pytest.mark.parametrize("greeting", _GREETINGS)
def test_a_speaker_is_named_by_the_name_they_introduce_themselves_by(greeting: str) -> None:
    call = (
        f"Sales Agent: {greeting} Is now a good time?\n"
        "Dan: Sure. I'd like to go ahead with the annual plan.\n"
        "Sales Agent: Great, I'll send the contract today."
    )
    quote = "Great, I'll send the contract today."
    kept = verify(
        "Dan agreed to the annual plan, and Rachel will send the contract today.",
        [call],
        judge=quoting(quote),
    )
    assert kept.passed, kept.claim_verdicts
    # Dan is still not the one who sends it.
    swapped = verify("Dan will send the contract today.", [call], judge=quoting(quote))
    assert swapped.claim_verdicts[0].rule == "speaker"
    # A name another speaker's label holds is theirs, not an alias ("This is Sam" introducing
    # "Sam:").
    assert "sam" not in dialogue(call.replace("Rachel", "Sam") + "\nSam: Hi.").aliases["agent"]


# A turn whose speaker is only the one done to asks the other speaker to act.
@pytest.mark.parametrize(
    ("turn", "kept"),
    [
        ("Yes, please email it to me by Friday.", True),
        ("Please email it to us and call us back on Friday.", True),
        ("I will email the quote by Friday.", False),  # the turn's speaker acts
        ("We'll call back on Friday.", False),
    ],
)
def test_a_turn_that_asks_the_other_speaker_to_act_is_theirs_to_do(turn: str, kept: bool) -> None:
    call = f"Tom: Would it help if I sent you a written quote?\nMaria: {turn}"
    claim = "Tom agreed to email her the quote and to call her back on Friday."
    result = verify(claim, [call], judge=quoting(turn))
    assert result.passed is kept, result.claim_verdicts
    if kept:  # without her, the claim gives Maria's request to Tom as his own statement
        assert not verify(
            "Tom will email the quote by Friday.",
            [call.replace(turn, "I will email the quote by Friday.")],
            judge=quoting("I will email the quote by Friday."),
        ).passed


# A transcript's speaker tags (DialogSum writes "#Person1#:"), and a speaker named in the
# possessive ("Kevin's place"): a claim that gives a turn's words to its own speaker passes, the
# same claim given to the other speaker is caught.
TAGGED = "#Person1#: The build broke again.\n#Person2#: I'll clear the cache at 11."
CHAT = "Kevin: let's throw her a party at my place\nLaura: love it, I can bake a cake"


@pytest.mark.parametrize(
    ("passage", "quote", "own", "other"),
    [
        (TAGGED, "I'll clear the cache at 11.", "#Person2# will clear the cache at 11.",
         "#Person1# will clear the cache at 11."),
        (CHAT, "let's throw her a party at my place", "The party will be at Kevin's place.",
         "The party will be at Laura's place."),
        (CHAT, "I can bake a cake", "Laura's offer is to bake a cake.",
         "Kevin\u2019s offer is to bake a cake."),
    ],
)  # fmt: skip
def test_a_tagged_or_possessive_speaker_is_that_speaker(
    passage: str, quote: str, own: str, other: str
) -> None:
    assert verify(own, [passage], judge=quoting(quote)).passed, own
    swapped = verify(other, [passage], judge=quoting(quote))
    assert [cv.rule for cv in swapped.claim_verdicts] == ["speaker"], other


_TAG = st.text("abcXYZ019", min_size=1, max_size=8).map(lambda t: "P" + t)
_SAID = st.text("abc ,.?!'", min_size=1, max_size=30).map(lambda t: "ok" + t)


@settings(max_examples=25)
@given(st.lists(st.tuples(_TAG, _SAID), min_size=2, max_size=5))
def test_each_tagged_line_is_a_turn_of_its_tag(turns: list[tuple[str, str]]) -> None:
    passage = "\n".join(f"#{tag}#: {said}" for tag, said in turns)
    assert list(dialogue(passage).labels) == [frozenset({tag.lower()}) for tag, _ in turns]


PHARMACY = (
    "Tom: Where is my repeat prescription? I ordered it on 4 March.\n"
    "Agent (Priya): Your GP approved it on 6 March, but we were out of stock of the 5 mg "
    "capsules until yesterday. We'll send it today."
)


def test_the_first_person_is_read_in_the_clause_the_claim_is_about() -> None:
    # "we were out of stock" is the pharmacy's; "Your GP approved it" is said of Tom's GP (and
    # "ordered it" is a purchase, no order the claim reports Tom giving). Stop 67.
    quote = "Your GP approved it on 6 March, but we were out of stock of the 5 mg capsules"
    claim = "Tom ordered it on 4 March and his GP approved it on 6 March."
    assert verify(claim, [PHARMACY], judge=quoting(quote)).passed
    # Said of Tom, the pharmacy's own clause is still another speaker's.
    lie = "Tom was out of stock of the 5 mg capsules."
    assert not verify(lie, [PHARMACY], judge=quoting(quote)).passed


def test_a_notices_starts_line_is_no_speaker() -> None:
    notice = "Hosepipe ban (Temporary Use Ban): Southdown Water\nStarts: 00:01 on Monday 7 August."
    assert len(dialogue(notice).labels) < 2
