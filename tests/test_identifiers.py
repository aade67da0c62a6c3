"""Code identifiers an answer names, both ways.

Answers about software documentation name environment variables, settings, flags, methods,
files, paths and addresses that exist only in their exact form. One the passages write passes
in the forms answers give it (another case, Markdown's escapes, a method on another object);
one they do not write is caught, as a changed name or figure is; a source an answer cites in
brackets, or by its URL, is not held to the passages' text.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import best_passage_verdicts, quoting_the_best_passage
from pytest_faithful import Label, verify
from pytest_faithful.models import Claim, ExtractedClaims
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.identifiers import (
    _IDENTIFIER,
    _may_hold_one,
    identifier_stated,
    identifiers,
)
from pytest_faithful.text.segment import Sentence

PASSAGES = [
    "## Configuration\n\nSet `ACME\\_API\\_KEY` in your environment. The client reads "
    "`~/.acmerc` if it exists. `retries` defaults to 3 and `timeout_s` to 30. Settings live "
    "in `acme.toml`.",
    "Install with `pip install acme-client`. Then create a client: `c = acme.Client(key)`. "
    "Use `c.files.list(limit=50)` to page through files.",
    "For help, write to support@acme.io. The docs live at docs.acme.io.",
    "Run `acme-cli login --profile work` to sign in. The `--dry-run` option shows what would "
    "change.",
    "`Client.close()` releases connections. `getFile(id)` returns a `File` whose `sizeBytes` "
    "field gives its size.",
]


JUDGE = quoting_the_best_passage()

# (the faithful answer, the same answer with the identifier changed, what the reason names)
IDENTIFIERS = {
    "an environment variable the passage escapes": (
        "You need to set ACME_API_KEY first.",
        "You need to set ACME_KEY first.",
        "ACME_KEY",
    ),
    "a setting": (
        "timeout_s defaults to 30 seconds.",
        "timeout_secs defaults to 30 seconds.",
        "timeout_secs",
    ),
    "a long flag": (
        "Pass --dry-run to preview the changes.",
        "Pass --preview to see the changes.",
        "--preview",
    ),
    "a method called on another object": (
        "Call client.close() to release the connections.",
        "Call client.disconnect() to release the connections.",
        "client.disconnect()",
    ),
    "a method with arguments": (
        "Use c.files.list(limit=50) to page through your files.",
        "Use c.files.search(limit=50) to page through your files.",
        "c.files.search()",
    ),
    "lower camel case": (
        "getFile(id) returns a File whose sizeBytes field is its size.",
        "getFile(id) returns a File whose byteCount field is its size.",
        "byteCount",
    ),
    "a path in the home directory": (
        "The client reads ~/.acmerc when it exists.",
        "The client reads ~/.acme/config when it exists.",
        "~/.acme/config",
    ),
    "an email address": (
        "You can email support@acme.io for help.",
        "You can email help@acme.io for help.",
        "help@acme.io",
    ),
    "a file name in another case": (
        "Settings live in Acme.toml, read at start-up.",
        "Settings live in acme.yaml, read at start-up.",
        "acme.yaml",
    ),
    "a package name with an underscore for the passage's hyphen": (
        "Install the acme_client package first.",
        "Install the acme_sdk package first.",
        "acme_sdk",
    ),
}


@pytest.mark.parametrize("form", sorted(IDENTIFIERS))
@pytest.mark.parametrize("rules", [None, "strict"])
def test_an_identifier_the_passages_write_passes(form: str, rules: str | None) -> None:
    result = verify(IDENTIFIERS[form][0], PASSAGES, judge=JUDGE, rules=rules)
    assert result.passed, result.explanation


@pytest.mark.parametrize("form", sorted(IDENTIFIERS))
@pytest.mark.parametrize("rules", [None, "strict"])
def test_an_identifier_no_passage_writes_is_caught(form: str, rules: str | None) -> None:
    _, changed, named = IDENTIFIERS[form]
    result = verify(changed, PASSAGES, judge=JUDGE, rules=rules)
    assert not result.passed
    [demoted] = [v for v in result.claim_verdicts if v.label is not Label.SUPPORTED]
    assert demoted.rule == "unstated-specifics"
    assert f"states {named} and no passage mentions it" in demoted.reason


def test_skipping_unstated_specifics_lets_an_unstated_identifier_pass() -> None:
    result = verify(
        "You need to set ACME_KEY first.", PASSAGES, judge=JUDGE, skip_rules=["unstated-specifics"]
    )
    assert result.passed, result.explanation


class _Rewording(FunctionJudge):
    """Claims reworded without the answer's identifier, as a judge may write them."""

    def extract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        reworded = "You need to set an API key first."
        return ExtractedClaims(
            claims=tuple(
                Claim(text=reworded, sentence=s.text, start=s.start, end=s.end) for s in sentences
            )
        )


def test_a_claim_that_leaves_the_identifier_out_does_not_dodge_it() -> None:
    result = verify(
        "You need to set ACME_KEY first.", PASSAGES, judge=_Rewording(best_passage_verdicts)
    )
    assert not result.passed
    [demoted] = [v for v in result.claim_verdicts if v.label is not Label.SUPPORTED]
    assert demoted.rule == "left-out-specifics"
    assert "ACME_KEY" in demoted.reason


@pytest.mark.parametrize(
    "answer",
    [
        # Sources an application adds from its documents' metadata.
        "The client retries 3 times ([retries](https://docs.acme.io/config#retries)).",
        "The client retries 3 times. See https://docs.acme.io/config for details.",
        "The client retries 3 times [config_reference.md].",
        "The client retries 3 times (Source: acme_config_guide.pdf).",
        "The client retries 3 times.\n\nSources:\n- https://docs.acme.io/config",
        # HTML an answer is written in.
        "<ul><li>The client retries 3 times.</li></ul>",
        # Prose that only looks like code.
        "The client retries 3 times, e.g. after a timeout, and/or a 5xx reply.",
    ],
)
def test_a_cited_source_or_markup_is_no_identifier_to_state(answer: str) -> None:
    passages = ["The client retries 3 times after a timeout or a 5xx reply."]
    result = verify(answer, passages, judge=JUDGE)
    assert result.passed, result.explanation


@pytest.mark.parametrize(
    "answer",
    [
        # An example's own names and placeholders, in a code block and inline.
        "Here is an example:\n\n```python\nimport acme\nmy_files = acme.Client(key=YOUR_KEY)\n"
        "for f in my_files.files.list(limit=50):\n    print(f.name)\n```",
        "Use `result = c.files.list(limit=50)` and read `result.items`.",
        "Pass YOUR_API_KEY as the key, and page with c.files.list(limit=50).",
        "<script>window.shown = 1</script> The client retries 3 times.",
    ],
)
def test_an_examples_own_names_are_no_identifiers_to_state(answer: str) -> None:
    result = verify(answer, PASSAGES, judge=JUDGE)
    assert result.passed, result.explanation


def test_a_setting_given_a_value_is_held_to_the_passages() -> None:
    assert verify("Set timeout_s = 30 for the default wait.", PASSAGES, judge=JUDGE).passed
    result = verify("Set timeout_secs = 30 for the default wait.", PASSAGES, judge=JUDGE)
    assert not result.passed
    assert "timeout_secs" in result.claim_verdicts[0].reason


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Set ACME_TOKEN and pass --verbose.", ("ACME_TOKEN", "--verbose")),
        ("Call client.upload(path, size) or sync().", ("client.upload()", "sync()")),
        ("Logs go to ~/.acme/logs/acme.log.", ("~/.acme/logs/acme.log",)),
        ("Edit acme.toml or mail ops@acme.io.", ("acme.toml", "ops@acme.io")),
        ("Use maxRetries, not getURL, at 5 kWh, pH 7 and 3000 mAh.", ("maxRetries",)),
        ("The U.S. office, e.g. in 2014.He said a.m. and km/h and 3.9.", ()),
        ("See https://acme.io/docs, acme.io/docs, docs.acme.io, (acme.toml) or [faq.md].", ()),
    ],
)
def test_identifiers_are_read_as_written(sentence: str, expected: tuple[str, ...]) -> None:
    assert identifiers(sentence) == expected


@given(st.text(max_size=200))
def test_every_identifier_is_written_in_its_sentence(sentence: str) -> None:
    for found in identifiers(sentence):
        assert found
        assert found.removesuffix("()") in sentence


_PROSE = st.text(
    alphabet=st.sampled_from(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.;:!?'\"-\n"
    ),
    max_size=200,
)


@given(_PROSE)
def test_prose_names_no_identifier(text: str) -> None:
    # Words, sentence punctuation and numbers are prose, run together or not: what reads as an
    # identifier there is a long flag, lower camel case or a dotted name ("end.the"), which
    # prose writes only as typos.
    for found in identifiers(text):
        assert found.startswith("--") or "." in found or any(c.isupper() for c in found[1:])


_PART = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    min_size=1,
    max_size=8,
)
_SNAKE = st.lists(_PART, min_size=2, max_size=4).map("_".join).filter(lambda n: n[0].isalpha())


@given(st.lists(_SNAKE, max_size=5))
def test_an_identifier_copied_from_a_passage_is_stated(names: list[str]) -> None:
    passage = "Settings: " + ", ".join(f"`{n}`".replace("_", "\\_") for n in names) + "."
    for name in names:
        assert identifier_stated(name, [passage])
        assert identifier_stated(name.upper(), [passage])


@given(st.text(alphabet=st.sampled_from("aZ9 ._-/@()~:"), max_size=40))
def test_the_quick_test_never_hides_an_identifier(text: str) -> None:
    # What the full pattern finds, the substring and capital tests before it let through.
    if _IDENTIFIER.search(text):
        assert _may_hold_one(text)
