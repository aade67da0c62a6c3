"""Credentials in URLs, and other libraries' log records, redacted; and what a redacted text
still shows of the text it was.

A base URL may carry a credential as user info, in the query or in the path; :func:`redact`
masks each wherever a URL appears, and :class:`LogRedaction` applies it to every record of the
HTTP stacks' and SDKs' loggers, their children included. :func:`masked_from` is how a machine
without the secrets that masked a text checks it against the original.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful.providers.endpoint import Endpoint
from pytest_faithful.redaction import (
    FRAGMENT,
    LOGGERS,
    MASK,
    LogRedaction,
    RedactingFilter,
    basic_token,
    holds_secret,
    install_log_filter,
    looks_generated,
    mask_secrets,
    mask_secrets_in,
    masked_from,
    masked_output,
    masked_view,
    redact,
    restored,
    restored_view,
    secret_parameter,
    url_secrets,
)

# The suite's own run redacts log records too: off here, so that what a test sees is its own.
pytestmark = pytest.mark.usefixtures("outer_log_redaction_off")

TOKEN = "Tk7Q2mPz0Lx4Nc8Rv2Ht6Jk1"
UUID = "123e4567-e89b-12d3-a456-426614174000"


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (f"http://u:{TOKEN}@h:8/v1", f"http://{MASK}@h:8/v1"),
        (f"http://{TOKEN}@h/v1", f"http://{MASK}@h/v1"),
        (f"https://h/v1?key={TOKEN}", f"https://h/v1?key={MASK}"),
        ("https://h/v1?api-key=short", f"https://h/v1?api-key={MASK}"),
        ("https://h/v1?subscription-key=abc&api-version=2024-06-01", None),
        (f"https://h/v1?api-version=2024-06-01&X-Amz-Signature={TOKEN}", None),
        (f"https://h/gw/{TOKEN}/v1/chat", f"https://h/gw/{MASK}/v1/chat"),
        (f"https://h/accounts/{UUID}/v1", f"https://h/accounts/{MASK}/v1"),
        ("https://h/k/sk-proj-abcdef123456/v1", f"https://h/k/{MASK}/v1"),
        (f"https://h/v1?q={TOKEN}#frag", f"https://h/v1?q={MASK}#frag"),
    ],
)
def test_a_credential_anywhere_in_a_url_is_masked(url: str, shown: str | None) -> None:
    redacted = redact(f"POST {url} 200")
    if shown is not None:
        assert redacted == f"POST {shown} 200"
    for secret in url_secrets(url):
        assert secret not in redacted
    assert url_secrets(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://api.openai.com/v1",
        "http://127.0.0.1:11434/v1",
        "https://api-inference.huggingface.co/models/meta-llama/Meta-Llama-3.1-8B-Instruct/v1",
        "https://gw.example/openai/deployments/gpt-4o-mini-2024-07-18?api-version=2024-06-01",
        "https://docs.example/guide?page=2&lang=en#section-3",
    ],
)
def test_names_people_write_are_kept(url: str) -> None:
    assert redact(f"from {url} (base URL)") == f"from {url} (base URL)"
    assert url_secrets(url) == ()


def test_url_secrets_are_written_and_decoded_and_include_the_basic_token() -> None:
    secrets = url_secrets("http://judge-user:p%40ss-word-1@h/v1")
    assert "p%40ss-word-1" in secrets
    assert "p@ss-word-1" in secrets
    assert basic_token("judge-user", "p%40ss-word-1") in secrets
    assert "judge-user" not in secrets  # a user with a password is a name, not the secret


def test_a_basic_token_is_what_http_clients_send_for_user_info() -> None:
    assert basic_token("judge-user", "s3cretpass") == "anVkZ2UtdXNlcjpzM2NyZXRwYXNz"
    assert basic_token("TOKEN", "") == "VE9LRU46"


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        (
            "headers={'Authorization': 'Basic anVkZ2UtdXNlcjpzM2NyZXRwYXNz'}",
            f"headers={{'Authorization': 'Basic {MASK}'}}",
        ),
        ("authorization: Bearer abc.def.ghi", f"authorization: Bearer {MASK}"),
        ('Proxy-Authorization="Basic dXNlcjpwYXNz"', f'Proxy-Authorization="Basic {MASK}"'),
    ],
)
def test_an_authorization_header_value_is_masked(line: str, shown: str) -> None:
    assert redact(line) == shown


def test_words_after_basic_in_prose_are_kept() -> None:
    assert redact("a basic understanding of bearer bonds") == (
        "a basic understanding of bearer bonds"
    )


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        ("key", True),
        ("api_key", True),
        ("apikey", True),
        ("API-Key", True),
        ("access_token", True),
        ("subscription-key", True),
        ("X-Amz-Signature", True),
        ("sig", True),
        ("api-version", False),
        ("page", False),
        ("model", False),
    ],
)
def test_secret_parameters_are_told_by_name(name: str, secret: bool) -> None:
    assert secret_parameter(name) is secret


_TOKEN_CHARS = st.sampled_from("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")


@st.composite
def generated_tokens(draw: st.DrawFn) -> str:
    """Random tokens as services issue them: 16-48 letters and digits, both present."""
    body = draw(st.lists(_TOKEN_CHARS, min_size=14, max_size=46).map("".join))
    return f"{draw(st.sampled_from('abcXYZ'))}{body}{draw(st.sampled_from('23456789'))}"


@given(
    token=generated_tokens(),
    where=st.sampled_from(["user", "password", "query", "named-query", "path"]),
    prefix=st.text(st.characters(codec="ascii", exclude_characters="\r\n"), max_size=30),
)
def test_a_generated_token_in_any_part_of_a_url_never_survives(
    token: str, where: str, prefix: str
) -> None:
    url = {
        "user": f"http://{token}@gw.example:8080/v1",
        "password": f"https://judge:{token}@gw.example/v1",
        "query": f"https://gw.example/v1?client={token}",
        "named-query": f"https://gw.example/v1/chat?api_key={token}&stream=false",
        "path": f"https://gw.example/proxy/{token}/v1/chat/completions",
    }[where]
    text = f'{prefix} HTTP Request: POST {url} "HTTP/1.1 200 OK"'
    assert token not in redact(text)
    assert token in url_secrets(url)
    assert looks_generated(token)


@given(
    words=st.lists(
        st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=10), min_size=1, max_size=5
    ),
    version=st.integers(min_value=1, max_value=2099),
)
def test_paths_of_words_and_versions_are_left_alone(words: list[str], version: int) -> None:
    url = f"https://gw.example/{'/'.join(words)}/v{version}?api-version={version}-01-01"
    assert redact(url) == url


# -- log records --------------------------------------------------------------------------------


@pytest.fixture
def redaction() -> Iterator[LogRedaction]:
    installed = install_log_filter()
    yield installed
    installed.remove()


def make(name: str, message: str, *args: object) -> logging.LogRecord:
    return logging.getLogger(name).makeRecord(name, logging.INFO, __file__, 1, message, args, None)


@pytest.mark.parametrize("name", [*LOGGERS, "httpcore2.http11", "openai._base_client"])
def test_every_record_of_the_covered_loggers_and_their_children_is_redacted(
    name: str, redaction: LogRedaction
) -> None:
    record = make(name, 'HTTP Request: POST %s "%s"', f"http://h/v1?key={TOKEN}", "200 OK")
    assert record.getMessage() == f'HTTP Request: POST http://h/v1?key={MASK} "200 OK"'
    assert record.args is None


def test_other_loggers_are_left_alone(redaction: LogRedaction) -> None:
    record = make("myapp.client", "calling %s", f"http://h/v1?key={TOKEN}")
    assert TOKEN in record.getMessage()


def test_after_removal_records_are_made_as_before() -> None:
    installed = install_log_filter()
    installed.remove()
    installed.remove()
    assert not installed.active
    assert TOKEN in make("httpx2", "GET %s", f"http://h/{TOKEN}").getMessage()


def test_a_redaction_wrapped_by_another_factory_stays_and_does_nothing() -> None:
    first = install_log_filter()
    second = install_log_filter()
    first.remove()
    assert logging.getLogRecordFactory() == second._make
    assert MASK in make("httpx2", "GET %s", f"http://h/{TOKEN}").getMessage()
    second.remove()
    assert TOKEN in make("httpx2", "GET %s", f"http://h/{TOKEN}").getMessage()


def test_an_exception_and_a_stack_in_a_record_are_redacted(redaction: LogRedaction) -> None:
    logger = logging.getLogger("anthropic._base_client")
    try:
        raise ConnectionError(f"cannot reach http://u:{TOKEN}@h/v1")
    except ConnectionError:
        record = logger.makeRecord(
            logger.name, logging.DEBUG, __file__, 1, "failed", (), __import__("sys").exc_info()
        )
    assert record.exc_info is None
    assert record.exc_text is not None
    assert TOKEN not in record.exc_text
    assert "ConnectionError: cannot reach http://<redacted>@h/v1" in record.exc_text
    assert TOKEN not in logging.Formatter().format(record)


def test_arguments_that_do_not_format_are_not_printed_raw(redaction: LogRedaction) -> None:
    record = make("httpx2", "%d requests to %s", "many", f"http://h/{TOKEN}")
    assert "did not format" in record.getMessage()
    assert TOKEN not in logging.Formatter().format(record)


def test_the_handler_filter_redacts_whatever_it_sees() -> None:
    record = logging.makeLogRecord({"name": "myapp", "msg": f"GET http://h/v1?token={TOKEN}"})
    assert RedactingFilter().filter(record) is True
    assert record.getMessage() == f"GET http://h/v1?token={MASK}"


# -- what the SDK is given ---------------------------------------------------------------------


def endpoint(url: str) -> Endpoint:
    return Endpoint.resolve(url, "OPENAI_BASE_URL", "https://api.openai.com/v1", environ={})


@pytest.mark.parametrize(
    ("url", "sdk_url", "headers", "query"),
    [
        ("http://u:p%40ss@h:8/v1", "http://h:8/v1", {"Authorization": "Basic dTpwQHNz"}, {}),
        (
            f"http://{TOKEN}@h/v1",
            "http://h/v1",
            {"Authorization": f"Basic {basic_token(TOKEN, '')}"},
            {},
        ),
        (f"https://h/v1?key={TOKEN}&v=2", "https://h/v1", {}, {"key": TOKEN, "v": "2"}),
        (f"https://h/gw/{TOKEN}/v1", f"https://h/gw/{TOKEN}/v1", {}, {}),
        ("https://h/v1#part", "https://h/v1", {}, {}),
    ],
)
def test_the_sdk_gets_no_credential_inside_its_base_url(
    url: str, sdk_url: str, headers: dict[str, str], query: dict[str, str]
) -> None:
    configured = endpoint(url)
    assert configured.sdk_url == sdk_url
    assert configured.headers == headers
    assert configured.query == query
    assert "@" not in (configured.sdk_url or "")
    for secret in configured.secrets:
        assert secret not in configured.shown


def test_an_unreadable_url_is_passed_on_for_the_sdk_to_refuse() -> None:
    configured = endpoint("http://[::1/v1")
    assert configured.sdk_url == "http://[::1/v1"
    assert configured.headers == {}
    assert configured.query == {}


# -- what a masked text shows ----------------------------------------------------------------

# Texts over a small alphabet, so that pieces recur and the search has choices to make.
_TEXTS = st.text(alphabet="ab <", max_size=12)
_SHOWN = st.lists(st.one_of(st.text(alphabet="ab <", max_size=3), st.just(MASK)), max_size=6)


@given(text=_TEXTS, cuts=st.lists(st.integers(0, 12), max_size=8))
def test_a_text_with_any_runs_masked_shows_that_text(text: str, cuts: list[int]) -> None:
    # Alternate cut points: the runs between the 1st and 2nd, the 3rd and 4th... are masked.
    points = sorted({min(c, len(text)) for c in cuts})
    pieces, last = [], 0
    for start, end in zip(points[::2], points[1::2], strict=False):
        if start < end:
            pieces.extend((text[last:start], MASK))
            last = end
    shown = "".join(pieces) + text[last:]
    assert masked_from(shown, text)
    assert masked_view({"claims": [shown], "n": 1}, {"claims": (text,), "n": 1})


@given(shown=_SHOWN.map("".join), text=_TEXTS)
def test_masked_from_is_a_full_match_with_one_or_more_characters_per_mask(
    shown: str, text: str
) -> None:
    pattern = ".+".join(map(re.escape, shown.split(MASK)))
    assert masked_from(shown, text) == bool(re.fullmatch(pattern, text, re.DOTALL))


@pytest.mark.parametrize(
    ("shown", "text", "shows"),
    [
        ("A signature is <redacted> on delivery.", "A signature is required on delivery.", True),
        ("A signature is <redacted> on delivery.", "A signature is never needed.", False),
        ("<redacted>", "", False),  # a mask hides at least one character
        ("gpt-<redacted>o", "gpt-4o-mini", False),
        ("<redacted>/llama3", "ollama/llama3", True),
    ],
)
def test_masked_from_examples(shown: str, text: str, shows: bool) -> None:
    assert masked_from(shown, text) is shows


def test_a_masked_view_keeps_the_shape_of_the_value() -> None:
    assert not masked_view({"claims": ["<redacted>"]}, {"claims": ["a", "b"]})
    assert not masked_view({"claims": ["<redacted>"]}, {"passages": ["a"]})
    assert not masked_view(["<redacted>"], "a")
    assert masked_view({"n": 1, "claims": ["<redacted>b"]}, {"n": 1, "claims": ["ab"]})


# -- a reply's masks put back from the request --------------------------------------------------

SOURCE = "Answer: A receipt is required for returns. Passage: Refunds are required to be paid."


@pytest.mark.parametrize(
    ("reply", "back"),
    [
        ("A receipt is <redacted> for returns.", "A receipt is required for returns."),
        ("A receipt is req<redacted> returns.", "A receipt is required for returns."),
        # Nothing visible on one side: where the run starts cannot be told.
        ("<redacted> for returns.", "<redacted> for returns."),
        # Both sides around two different runs: which one is not known.
        ("Refunds are <redacted>", "Refunds are <redacted>"),
        # Too little visible around it to pin it down.
        ("is <redacted> for", "is <redacted> for"),
        # A run the request does not hold (the key itself) stays masked.
        ("token ...<redacted>. Thanks", "token ...<redacted>. Thanks"),
    ],
)
def test_a_mask_comes_back_only_as_the_one_run_of_the_request_around_it(
    reply: str, back: str
) -> None:
    assert restored(reply, SOURCE) == back


def test_every_place_the_left_side_occurs_is_read() -> None:
    # Read without overlaps, the first "left" would run to the only "right" and hide the true
    # place; read at every occurrence, two runs fit, and the mask stays.
    source = "left side A left side B right side"
    assert restored("left side <redacted> right side", source) == (
        "left side <redacted> right side"
    )


def test_restored_view_reads_every_string_and_keeps_the_rest() -> None:
    view = {"claims": [{"claim": "A receipt is <redacted> for returns.", "sentence": 1}]}
    assert restored_view(view, SOURCE) == {
        "claims": [{"claim": "A receipt is required for returns.", "sentence": 1}]
    }


_PIECE = st.text(alphabet="ab .", max_size=12)


@given(source=st.text(alphabet="ab .", max_size=40), left=_PIECE, right=_PIECE)
def test_a_mask_put_back_is_a_run_of_the_request_between_the_sides_the_reply_shows(
    source: str, left: str, right: str
) -> None:
    text = f"{left}{MASK}{right}"
    out = restored(text, source)
    if out != text:
        assert out.startswith(left)
        assert out.endswith(right)
        hidden = out[len(left) : len(out) - len(right)]
        assert hidden
        assert f"{left}{hidden}{right}" in source
        assert len(left) + len(right) >= 8


@given(hidden=st.text(alphabet="ab .", min_size=1, max_size=30), noise=_PIECE)
def test_a_mask_whose_sides_occur_once_comes_back(hidden: str, noise: str) -> None:
    # The sides hold letters the rest of the request never does.
    source = f"{noise}<<side ({hidden}) side>>{noise}"
    assert restored(f"<<side ({MASK}) side>>", source) == f"<<side ({hidden}) side>>"


KEYS = st.text("abcdefXYZ0123456789-_", min_size=4, max_size=24)


def standing(secret: str, text: str) -> list[int]:
    """Where ``secret`` occurs in ``text`` as a word: no word character glued to a side of it
    that ends in one (the oracle for secrets shorter than FRAGMENT, which are removed there)."""

    def word(c: str) -> bool:
        return c.isalnum() or c == "_"

    found = []
    at = text.find(secret)
    while at >= 0:
        before, after = text[at - 1 : at], text[at + len(secret) : at + len(secret) + 1]
        if not (word(secret[0]) and word(before)) and not (word(secret[-1]) and word(after)):
            found.append(at)
        at = text.find(secret, at + 1)
    return found


@given(
    secret=KEYS,
    pieces=st.lists(st.text(max_size=12) | KEYS, max_size=6),
    cuts=st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), max_size=6),
)
def test_masking_a_users_text_keeps_its_length_and_leaves_no_run_of_a_key(
    secret: str, pieces: list[str], cuts: list[tuple[int, int]]
) -> None:
    """What a test checked (an answer, a passage) holding a key, whole or in runs: each run of
    FRAGMENT characters of it is gone (a key shorter than that, whole, where it stands as a
    word), every other character stays where it was, so offsets into the text still hold."""
    text = "".join(
        p + secret[a : a + b] for p, (a, b) in zip(pieces, [*cuts, (0, 0)] * 7, strict=False)
    )
    shown = mask_secrets(text, [secret])
    assert len(shown) == len(text)
    assert all(s in (t, "*") for s, t in zip(shown, text, strict=True))
    if len(secret) >= FRAGMENT:
        assert not any(secret[i : i + FRAGMENT] in shown for i in range(len(secret) - 5))
    else:
        assert all(
            shown[at : at + len(secret)] == "*" * len(secret) for at in standing(secret, text)
        )
    assert mask_secrets(text, []) == text
    kept = {"nodeid": text, "answer": [text, 3, None]}
    assert mask_secrets_in(kept, [secret], frozenset({"nodeid"})) == {
        "nodeid": text,
        "answer": [shown, 3, None],
    }


@given(
    secrets=st.lists(st.text(alphabet='ab-_"\\9', min_size=1, max_size=12), max_size=3),
    text=st.text(alphabet='ab-_"\\9 .\n', max_size=80),
)
def test_holds_secret_says_exactly_whether_masking_changes_a_text(
    secrets: list[str], text: str
) -> None:
    """The one-pass reading (runs of the secrets' characters, each read for fragments) answers
    as a search for every fragment would: it decides whether a report is masked at all, so a
    text it missed would reach the report whole. Small alphabets make runs and near misses
    common; quotes and backslashes are characters a regular expression must escape."""
    by_search = any(
        bool(standing(s, text))
        if len(s) < FRAGMENT
        else any(s[i : i + FRAGMENT] in text for i in range(len(s) - FRAGMENT + 1))
        for s in secrets
    )
    assert holds_secret(text, secrets) is by_search
    assert (mask_secrets(text, secrets) != text) is by_search


def test_masking_leaves_words_that_only_look_like_keys() -> None:
    text = "Use key-management and sk-learn; sess-storage holds org-wide settings."
    assert mask_secrets(text, ["sk-proj-Q7mPz0Lx4Nc8"]) == text


@pytest.mark.parametrize("key", ["test", "none", "1234", "sk-1", "EMPTY", "a.b_"])
def test_a_short_key_is_removed_where_it_stands_as_a_word_and_nowhere_else(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key of four or five characters (a placeholder for a local server, a test key) is one
    by chance inside many words: the node ids, paths and words that hold it stay whole."""
    monkeypatch.setenv("OPENAI_API_KEY", key)
    glued = f"first failure tests/{key}1.py::{key}s in x{key}x, x{key}"
    assert redact(glued) == glued
    assert masked_output(glued) == glued
    alone = f"bad key {key}; key={key}, '{key}' [{key}] ...{key}\n{key}"
    assert key not in redact(alone)
    assert key not in masked_output(alone)
    assert len(masked_output(alone)) == len(alone)
