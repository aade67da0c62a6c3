"""The classes of false alarm the verdict rules were fixed for, each in both directions: a
faithful reading that must not be demoted, and the unfaithful one the rule still catches.

Written from the classes, not from dev examples (benchmarks/rules.py measures those)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import verify
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.answerer import about_the_answerer
from pytest_faithful.text.names import all_name_forms, same_place, states_name
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.speakers import exchange_around, first_speaker_named, turn_of
from pytest_faithful.text.specifics import self_counts, unstated
from pytest_faithful.text.terms import content_terms


@pytest.mark.parametrize(
    ("claim", "evidence", "clash"),
    [
        # What a negation governs: its head and, when it has one, its object.
        ("We ship to Canada.", "We do not ship to Canada.", True),
        ("We do not ship to Canada.", "We ship to Canada and Mexico.", True),
        ("The plant was closed.", "The plant was not closed.", True),
        ("Customers can return opened software.", "Nobody can return opened software.", True),
        ("He won the race.", "He never won the race.", True),
        # Another object of the same verb.
        ("They kept costs low by using cheaper parts.", "by not using the voice feature", False),
        # The negation is of something else in the sentence.
        ("He was fined £85 for staying too long.",
         "£85 was not an excessively high penalty for staying too long.", False),
        # A negation that runs on past a comma into words both texts share.
        ("The officer said: 'We're no heroes, just tourists.'",
         "'We're no heroes, just tourists,' the officer said.", False),
        # A negation joined to one word is an adjective, not a clause's negation.
        ("Anchor is a no-fee tool that lets users record podcasts.",
         "Anchor lets users record podcasts from their phone.", False),
        ("We offer competitive prices with quality service.",
         "We offer competitive prices without compromising the quality of our service.", False),
    ],
)  # fmt: skip
def test_a_negation_clashes_only_with_what_it_negates(
    claim: str, evidence: str, clash: bool
) -> None:
    assert negation_clash(claim, evidence) is clash


@pytest.mark.parametrize(
    ("claim", "missing"),
    [
        ("The Chinese delegation agreed to the terms.", []),  # the passage says China
        ("Talks with the UK ended in May.", []),  # the passage says the United Kingdom
        ("The United States signed first.", []),  # the passage says the U.S.
        ("Libyan rebels took the port in May.", []),  # Libya
        ("The deal was signed in Austria in May.", ["Austria"]),  # not Australia
        ("Talks with France ended in May.", ["France"]),
        ("Talks with the EU ended in May.", ["EU"]),
    ],
)
def test_a_name_in_another_form_is_stated(claim: str, missing: list[str]) -> None:
    passages = [
        "China and the United Kingdom ended their talks in May, and the U.S. signed first. "
        "Rebels in Libya took the port in May; the deal was signed in west Australian waters."
    ]
    assert unstated(claim, claim, passages) == missing


@pytest.mark.parametrize(
    ("claim", "missing"),
    [
        ("Bob Dylan hosted the show.", ["Dylan"]),  # not Barry Van Dyke: same initials
        ("The United States hosted the show.", ["United", "States"]),  # "Us" is a word, not US
        ("The EU paid for the show.", []),  # an initialism of a name the passage has
        ("He hosted it in the United Kingdom.", []),  # the passage writes the UK
    ],
)
def test_names_with_the_same_initials_are_not_one_name(claim: str, missing: list[str]) -> None:
    passages = [
        "Us and them, he said. Barry Van Dyke hosted the show in the UK; the European Union "
        "paid for it."
    ]
    assert unstated(claim, claim, passages) == missing


def test_an_initialism_with_or_without_dots_is_the_one_the_passage_writes() -> None:
    forms = all_name_forms(["Talks with the U.S. ended in May."])
    assert states_name("U.S.", "U.S.", forms)
    assert states_name("US", "US", forms)
    assert not states_name("UK", "UK", forms)


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("Chinese", "China", True),
        ("Canadian", "Canada", True),
        ("Swedish", "Sweden", True),
        ("Iraqi", "Iraq", True),
        ("British", "UK", True),
        ("Dutch", "Holland", True),
        ("Austrian", "Australia", False),
        ("Johnson", "Johns", False),
        ("Martinez", "Martin", False),
    ],
)
def test_a_demonym_names_its_place_and_nothing_else(a: str, b: str, same: bool) -> None:
    assert same_place(a, b) is same
    assert same_place(b, a) is same


@pytest.mark.parametrize(
    ("sentence", "counted"),
    [
        ("He recommended three services: tax, audit and payroll.", {"3"}),
        ("The plan has 2 tiers: Pro and Team.", {"2"}),
        ("Two prices are listed, including $20 and $45.", {"2"}),
        ("He recommended three services: tax and payroll.", set()),  # the list is shorter
        ("The trip takes three days.", set()),  # no list
        ("It has 3 floors: a cellar, a hall, a loft and an attic.", set()),
    ],
)
def test_a_count_of_the_list_the_sentence_gives_is_the_answers_own(
    sentence: str, counted: set[str]
) -> None:
    assert self_counts(sentence) == counted
    passages = ["The firm offers tax, audit and payroll services. Pro and Team are its tiers."]
    if counted:
        assert not set(unstated(sentence, sentence, passages)) & counted


@given(st.text(max_size=200))
def test_self_counts_are_numbers_the_sentence_states(sentence: str) -> None:
    assert self_counts(sentence) <= content_terms(sentence)


def quoting(quote: str) -> FunctionJudge:
    return FunctionJudge(
        lambda claims, _: [
            {"claim_index": i, "label": "SUPPORTED", "reason": "ok", "evidence": quote,
             "passage_index": 0}
            for i, _ in enumerate(claims)
        ]
    )  # fmt: skip


POLICY = ["Refunds are issued within 5 business days. The Pro plan costs $20 a month."]


@pytest.mark.parametrize(
    "framing",
    [
        "Here is a concise summary of the passage:\n\n",
        "**Pricing**\n",
        "## Key points\n",
        "Key facts:\n- ",
    ],
)
def test_a_framing_line_or_label_is_not_judged(framing: str) -> None:
    answer = f"{framing}Refunds are issued within 5 business days."
    result = verify(answer, POLICY, judge=quoting("Refunds are issued within 5 business days."))
    assert [cv.claim.text.lstrip("- ") for cv in result.claim_verdicts] == [
        "Refunds are issued within 5 business days."
    ]
    assert result.passed


@pytest.mark.parametrize(
    ("heading", "rules"),
    [
        ("## Shipping to Mars", None),
        ("**Refunds take 30 days**", None),
        # A label read with the line it opens: its name is held where names are.
        ("Free shipping to Canada:", "standard unstated-names"),
    ],
)
def test_a_heading_that_names_or_states_something_is_judged(
    heading: str, rules: str | None
) -> None:
    answer = f"{heading}\nRefunds are issued within 5 business days."
    judge = quoting("Refunds are issued within 5 business days.")
    result = verify(answer, POLICY, judge=judge, rules=rules)
    assert heading.strip("#*: ") in " ".join(cv.claim.text for cv in result.claim_verdicts)
    assert not result.passed


CHAT = "Anna: Shall we meet at 7 pm at the cinema?\nBen: 7? ok, see you there!\nAnna: Great."


def test_a_short_reply_in_a_dialogue_is_read_with_the_turn_it_answers() -> None:
    result = verify("Anna and Ben agree to meet at 7 pm.", [CHAT], judge=quoting("7? ok"))
    (verdict,) = result.claim_verdicts
    assert result.passed
    assert verdict.evidence.startswith("Anna: Shall we meet at 7 pm")
    # The exchange is no evidence for what it does not say.
    wrong = verify("Anna and Ben agree to meet at 9 am.", [CHAT], judge=quoting("7? ok"))
    assert not wrong.passed


@given(st.text(max_size=120), st.integers(0, 120), st.integers(0, 40))
def test_an_exchange_holds_the_span_it_was_asked_about(text: str, start: int, size: int) -> None:
    start = min(start, len(text))
    end = min(start + size, len(text))
    around = exchange_around(text, start, end)
    if around is not None:
        assert around[0] <= start
        assert 0 <= around[0] <= around[1] <= len(text)


@pytest.mark.parametrize(
    ("claim", "speaker"),
    [
        ("I just learned that the NFL tracks its players.", None),
        ("I heard the NFL tracks its players.", None),
        ("i do.", None),  # a bare reply: a yes, held to its question
        ("I love the NFL!", "I"),
        ("I remember watching it as a kid.", "I"),
        ("My favourite team is the Saints.", "My"),
    ],
)
def test_the_answerer_frames_a_statement_or_speaks_of_itself(
    claim: str, speaker: str | None
) -> None:
    assert about_the_answerer(claim, ["The NFL tracks its players."]) == speaker


NFL = ["The NFL tracks its players with chips in their shoulder pads."]


@pytest.mark.parametrize(
    ("turn", "reply", "faithful"),
    [
        ("hey do you like the nfl?", "I love the NFL!", True),  # the liking it was asked
        ("I love the NFL!", "I'm a big fan of the NFL too.", True),  # the liking it shared
        ("hey do you like the nfl?", "I love the NFL, I've had season tickets for years.", False),
        ("hey do you like the nfl?", "I played in the NFL.", False),
        ("The NFL tracks its players.", "I love the NFL!", False),  # a liking nobody asked
    ],
)
def test_a_chat_reply_may_tell_the_liking_its_turn_asked_for_and_nothing_more(
    turn: str, reply: str, faithful: bool
) -> None:
    result = verify(reply, NFL, question=turn, judge=quoting(NFL[0]))
    assert result.passed is faithful
    if not faithful:
        assert result.claim_verdicts[0].rule == "answerer"


# One timetable in each form a retriever hands over: what a row states, its header names.
TRAIN_ROWS = (("IC 208", "08:15", "10:40", "north"), ("RE 12", "08:45", "11:30", "south"))
TIMETABLES = {
    "markdown": "| Train | Departs | Arrives | Platform |\n|---|---|---|---|\n"
    + "\n".join(f"| {' | '.join(row)} |" for row in TRAIN_ROWS),
    "pipes": "Train | Departs | Arrives | Platform\n"
    + "\n".join(" | ".join(row) for row in TRAIN_ROWS),
    "tabs": "Train\tDeparts\tArrives\tPlatform\n" + "\n".join("\t".join(r) for r in TRAIN_ROWS),
    "csv": "train,departs,arrives,platform\n" + "\n".join(",".join(r) for r in TRAIN_ROWS),
    "html": "<table><tr><th>Train</th><th>Departs</th><th>Arrives</th><th>Platform</th></tr>\n"
    + "\n".join(f"<tr><td>{'</td><td>'.join(row)}</td></tr>" for row in TRAIN_ROWS)
    + "</table>",
}


@pytest.mark.parametrize("form", TIMETABLES)
def test_a_row_bears_on_a_claim_read_with_its_tables_header(form: str) -> None:
    """ "The RE 12 arrives at 11:30." quoting the RE 12 row: "arrives" is only in the header,
    and the row means something only under it. The quoted row stays the evidence shown."""
    table = TIMETABLES[form]
    row = next(line for line in table.split("\n") if "RE 12" in line).removesuffix("</table>")
    result = verify("The RE 12 arrives at 11:30.", [table], judge=quoting(row))
    assert result.passed
    assert result.claim_verdicts[0].evidence == row
    # The header lends a row no record the claim names in another row.
    other = verify("The IC 208 arrives at 11:30.", [table], judge=quoting(row))
    assert other.claim_verdicts[0].rule == "bears-on"


@pytest.mark.parametrize("form", TIMETABLES)
def test_a_tables_header_quoted_for_a_value_is_shown_with_the_row_that_states_it(form: str) -> None:
    """A header names columns and states no value: a claim with a number quoting it is shown
    with the row under it that states the claim, or demoted when none does."""
    table = TIMETABLES[form]
    header = table.split("\n")[0]
    result = verify("The RE 12 arrives at 11:30.", [table], judge=quoting(header))
    assert result.passed
    assert "RE 12" in result.claim_verdicts[0].evidence
    # 10:40 is the IC 208's arrival: no row states it of the RE 12.
    lie = verify("The RE 12 arrives at 10:40.", [table], judge=quoting(header))
    assert lie.claim_verdicts[0].rule == "bears-on"


PASSES = (
    "| Pass | Adult, 1st class | Adult, 2nd class |\n|---|---|---|\n"
    "| 3-day | CHF 369 | CHF 259 |\n| 5-day | CHF 489 | CHF 339 |"
)


def test_a_figure_worked_from_the_row_a_header_heads_is_the_other_rules() -> None:
    """ "CHF 369, so for two adults it's CHF 738": the row states the 369; the 738 it works
    out is held by the rules that read workings (stop 64)."""
    header = PASSES.split("\n")[0]
    claim = "A 3-day adult 1st-class pass is CHF 369, so for two adults it's CHF 738 in total."
    result = verify(claim, [PASSES], judge=quoting(header))
    assert result.passed
    assert "CHF 369" in result.claim_verdicts[0].evidence
    # Another row's figure is still no row's statement of the claim.
    swapped = claim.replace("369", "489").replace("738", "978")
    lie = verify(swapped, [PASSES], judge=quoting(header))
    assert lie.claim_verdicts[0].rule == "bears-on"
    # A figure no passage writes is left to unstated-specifics.
    wrong = verify(claim.replace("738", "748"), [PASSES], judge=quoting(header))
    assert wrong.claim_verdicts[0].rule == "unstated-specifics"


# A question turn and the claims that report it: (dialogue, question quoted, faithful claim,
# the same claim with another speaker asking or what was asked changed).
ASKED = [
    (
        "Anna: Can we meet tomorrow to go over the budget?\nTom: Sure, 7?\nAnna: ok.",
        "Anna: Can we meet tomorrow to go over the budget?",
        "In the chat, Anna proposes meeting tomorrow to go over the budget.",
        "In the chat, Tom proposes meeting tomorrow to go over the budget.",
    ),
    (
        "Jonathan: Mom lands at 3:40.\nElizabeth (Liz): Who's picking up mom from the airport?",
        "Elizabeth (Liz): Who's picking up mom from the airport?",
        "Liz asked who was picking up their mother from the airport.",
        "Jonathan asked who was picking up their mother from the airport.",
    ),
    (
        "INTERVIEWER: Are the reefs recovering?\nDR. OKAFOR: Some are.",
        "INTERVIEWER: Are the reefs recovering?",
        "The interviewer asks whether the reefs are recovering.",
        "Okafor asks the interviewer whether the reefs are recovering.",
    ),
    (
        "Priya: Should we push the release to Monday?\nLeo: Agreed.",
        "Priya: Should we push the release to Monday?",
        "Priya suggested pushing the release to Monday.",
        "Priya suggested shipping the budget on Friday.",
    ),
]


@pytest.mark.parametrize(("dialogue", "question", "faithful", "changed"), ASKED)
def test_a_question_turn_is_evidence_that_its_speaker_asked_it(
    dialogue: str, question: str, faithful: str, changed: str
) -> None:
    assert verify(faithful, [dialogue], judge=quoting(question)).passed, faithful
    assert not verify(changed, [dialogue], judge=quoting(question)).passed, changed
    # A question is still no evidence that what it asks is so, nor one outside a dialogue.
    assert not verify(
        faithful.split(" ", 1)[0] + " is right.", [dialogue], judge=quoting(question)
    ).passed
    asked = question.split(": ")[-1]  # the same question alone, as in a FAQ, has no speaker
    assert not verify(faithful, [asked], judge=quoting(asked)).passed


def test_a_chat_exported_a_message_a_passage_is_read_as_its_turns() -> None:
    chat = [
        "Sam: Morning all - the delivery arrives at 9:15, so can two people be at the back door?",
        "Leah: I'll be there at 9:15 with Marcus.",
    ]
    judge = quoting(chat[0])
    assert verify(
        "Sam asked if two people could be at the back door at 9:15.", chat, judge=judge
    ).passed
    assert not verify(
        "Leah asked if two people could be at the back door.", chat, judge=judge
    ).passed
    # Only a claim that reports the asking: a statement beside it is no question's.
    stated = "Sam said he would pay for the delivery, and asked if two people could help."
    assert not verify(stated, chat, judge=judge).passed
    # And a lone message, with no other turn to read it among, speaks for no one.
    assert not verify(
        "Sam asked if two people could be at the back door.", chat[:1], judge=judge
    ).passed


def test_an_email_thread_one_message_a_passage_is_read_as_its_turns() -> None:
    thread = [
        "From: Priya Natarajan <priya@halcyon.example>\nTo: orders@greenfork.example\n\n"
        "Could you quote for a sandwich platter for 24?\n\nPriya",
        "From: Tom Whitaker <tom@greenfork.example>\nTo: Priya Natarajan\n\n"
        "Here's the quote: £228.\n\nTom",
        "From: Priya Natarajan\nTo: Tom Whitaker\n\n"
        "One change: could you swap the water for 24 cans of elderflower?\n\nPriya",
    ]
    judge = quoting("One change: could you swap the water for 24 cans of elderflower?")
    # Named with what she is of (stop 67): "Priya Natarajan of Halcyon Architects asked".
    asked = "Priya Natarajan of Halcyon Architects asked Tom to swap the water for elderflower."
    assert verify(asked, thread, judge=judge).passed
    assert not verify(
        "Tom Whitaker of Greenfork asked Priya to swap the water for elderflower.",
        thread,
        judge=judge,
    ).passed


MEETING = (
    "Professor B: So what's the state of the disk space?\n"
    "Grad A: About forty gigabytes left.\n"
    "Professor B: Then let's just order another disk. Grad A, can you get a quote by Tuesday?\n"
    "Marketing: I'd rather keep the colours. Could we use a cheaper battery instead?"
)
# A question quoted for a claim that reports the discussion it raised, or the statements
# before a closing question: (quote, faithful claim, the claim changed: a decision the
# question only asks about, or another speaker asking).
RAISED = [
    (
        "Professor B: So what's the state of the disk space?",
        "The group discussed the disk space.",
        "The group decided the disk space was fine.",
    ),
    (
        "Professor B: So what's the state of the disk space?",
        "The group talked about the state of the disk space.",
        "The group talked about the disk space and agreed it is enough.",
    ),
    (
        "Professor B: Then let's just order another disk. Grad A, can you get a quote by Tuesday?",
        "The professor decided to order another disk and asked Grad A to get a quote by Tuesday.",
        "The professor decided to order a disk that Grad A had quoted by Tuesday.",
    ),
    (
        "Marketing: I'd rather keep the colours. Could we use a cheaper battery instead?",
        "Marketing wanted to keep the colours and suggested a cheaper battery instead.",
        "The team decided to keep the colours and use a cheaper battery instead.",
    ),
]


@pytest.mark.parametrize(("question", "faithful", "changed"), RAISED)
def test_a_question_bears_on_the_discussion_it_raised_and_on_no_decision(
    question: str, faithful: str, changed: str
) -> None:
    assert verify(faithful, [MEETING], judge=quoting(question)).passed, faithful
    result = verify(changed, [MEETING], judge=quoting(question))
    assert result.claim_verdicts[-1].rule == "bears-on", changed


@given(st.text(max_size=120), st.integers(0, 120), st.integers(0, 40), st.text(max_size=40))
def test_a_turn_holds_the_span_and_names_a_speaker_of_the_dialogue(
    text: str, start: int, size: int, claim: str
) -> None:
    start = min(start, len(text))
    end = min(start + size, len(text))
    turn = turn_of(text, start, end)
    if turn is not None:
        assert turn.said in text[start:end]
    named = first_speaker_named(text, claim)
    if named is not None:  # a claim's word, or the start of a label's ("Jon", "Jonathan:")
        assert any(named.startswith(word) for word in claim.lower().split() if len(word) > 1)
        assert named in text.lower()


# A first-person turn and the claims that say it of its speaker, or of another speaker:
# (dialogue, turn quoted, faithful claim, the claim said of another speaker).
SAID = [
    (
        "Anna: Can we meet?\nTom: Sure, I'll bring the printouts.\n"
        "Anna: Great, I will bring the slides.",
        "Anna: Great, I will bring the slides.",
        "Anna will bring the slides.",
        "Tom will bring the slides.",
    ),
    (
        "Elizabeth (Liz): Who's picking up mom?\nJonathan: I can.\nLiz: Thanks! I'll cook dinner.",
        "Liz: Thanks! I'll cook dinner.",
        "Elizabeth will cook dinner.",
        "Jonathan will cook dinner.",
    ),
    (
        "Priya: Ship on Friday?\nLeo: I think we should push to Monday, QA found a crash.\nSam: ok",
        "Leo: I think we should push to Monday, QA found a crash.",
        "Leo says QA found a crash, so he wants to push the release to Monday.",
        "Priya says QA found a crash, so she wants to push the release to Monday.",
    ),
    (  # A speaker the turn addresses is the claim's subject rightly.
        "Helen: We move in August. Karen, can you get quotes from three movers?\nKaren: Yes.",
        "Helen: We move in August. Karen, can you get quotes from three movers?",
        "Helen asks Karen to get quotes from three movers.",
        "Ben: I can get quotes from three movers.\nHelen: Thanks.",  # no Karen: read below
    ),
]


@pytest.mark.parametrize(("dialogue", "quote", "faithful", "changed"), SAID[:3])
def test_a_first_person_turn_is_no_evidence_for_what_another_speaker_does(
    dialogue: str, quote: str, faithful: str, changed: str
) -> None:
    assert verify(faithful, [dialogue], judge=quoting(quote)).passed, faithful
    result = verify(changed, [dialogue], judge=quoting(quote))
    assert [cv.rule for cv in result.claim_verdicts] == ["speaker"], changed
    # The same words outside a dialogue (one speaker, or prose) are left to the judge.
    prose = quote.split(": ", 1)[1]
    assert verify(changed, [prose], judge=quoting(prose), skip_rules=["answerer"]).passed


def test_a_speaker_the_turn_addresses_is_not_another_speaker() -> None:
    dialogue, quote, faithful, _ = SAID[3]
    assert verify(faithful, [dialogue], judge=quoting(quote)).passed
    assert verify(
        "Karen will get quotes from three movers.", [dialogue], judge=quoting(quote)
    ).passed
    other = "Ben: I can get quotes from three movers.\nKaren: Thanks."
    result = verify(
        "Karen will get quotes from three movers.", [other], judge=quoting(other.split("\n")[0])
    )
    assert [cv.rule for cv in result.claim_verdicts] == ["speaker"]
