"""Removing credentials from any text that may leave the process.

Providers and proxies echo keys, or their tails, in error bodies; a base URL can carry
``user:password@``. Every message of a :class:`~pytest_faithful.errors.JudgeError` passes
through :func:`redact`, and so does anything else that reaches output, reports or the cache.

What is removed:

* every run of :data:`FRAGMENT` or more characters that also occurs in the value of a key
  variable (:data:`SECRET_VARIABLES`), in a credential the SDKs' custom header variables send
  (:data:`HEADER_VARIABLES`) or in an extra secret the caller names, so a key's tail
  echoed as ``...a1b2c3d4`` is gone as well as the whole key (shorter secrets are removed
  whole where they stand as a word: a key ``test`` leaves ``tests/test_rag.py`` alone);
* tokens shaped like API keys (``sk-...``, ``sk-ant-...``, ``key-...``), masked ones too, with
  the tail a provider shows (``sk-proj-****abcd``, ``sk-...abcd``: a tail shorter than a
  fragment is still part of the key);
* the user and password part of a URL (``https://user:pass@host`` -> ``https://<redacted>@host``),
  and in a URL's query and path what :func:`url_secrets` calls a credential: the value of a
  parameter named like one (``?key=``, ``api_key``, ``token``, ``sig``...) and any parameter
  value or path segment that looks generated (:func:`looks_generated`).

Other libraries log URLs and requests too (httpx at INFO, the SDKs at DEBUG):
:func:`install_log_filter` redacts every record of their loggers as it is made, for the pytest
plugin's whole run or a program calling ``verify()`` with an LLM judge.
"""

from __future__ import annotations

import base64
import functools
import itertools
import logging
import os
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final
from urllib.parse import parse_qsl, unquote, urlsplit

SECRET_VARIABLES: Final = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN")
HEADER_VARIABLES: Final = ("OPENAI_CUSTOM_HEADERS", "ANTHROPIC_CUSTOM_HEADERS")
"""Headers the SDKs send with every request (``Name: value`` a line): how a gateway's credential
travels (``cf-aig-authorization: Bearer ...``, ``x-portkey-api-key``). :func:`header_secrets`."""
FRAGMENT: Final = 6
"""The shortest run of a secret's characters that is removed wherever it appears. Six
characters of a random key are one in 62**6 (5.7e10): a text holds one by chance about never,
and a proxy that echoes "...a1b2c3" has leaked that much."""
MASK: Final = "<redacted>"

_KEY_SHAPED = re.compile(
    r"\b(?:sk|key|sess|org)-(?:[A-Za-z0-9_\-]{6,}|[A-Za-z0-9_\-]*(?:\*+|\.{3}|\u2026)[A-Za-z0-9_\-]*)"
)
_URL_CREDENTIALS = re.compile(r"(?P<scheme>\b[A-Za-z][A-Za-z0-9+.\-]{0,30}://)[^\s/@?#]+@")
# A URL in running text ends at white space, a quote or a bracket (as a repr shows one).
_URL = re.compile(r"\b[A-Za-z][A-Za-z0-9+.\-]{0,30}://[^\s\"'<>`()\[\]{}]+")
# A header that carries a credential, as a log line or a repr of headers shows it.
_AUTH_HEADER = re.compile(
    r"(?i)(?P<name>\b(?:proxy-)?authorization['\"]?\s*[:=,]\s*['\"]?(?:basic|bearer|token)\s+)"
    r"[^\s'\",;)}\]]+"
)
# Words that make a query parameter's name a credential's: ?key=, ?api-key=, ?access_token=,
# ?subscription-key=, ?X-Amz-Signature=.
_SECRET_WORDS: Final = frozenset(
    {"key", "token", "secret", "password", "passwd", "pwd", "sig", "signature", "auth", "jwt"}
    | {"authorization", "cookie", "credential", "credentials"}
)
_SECRET_ENDINGS: Final = ("key", "token", "secret", "signature")
_UUID = re.compile(r"[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}")
_PIECE_SEPARATORS = re.compile(r"[-_.~+/=:]")
_GENERATED_PIECE: Final = 16
"""A piece of a path segment or parameter value this long, with letters and digits, is
generated: a random token. Names people write ("Meta-Llama-3.1-8B-Instruct",
"gpt-4o-mini-2024-07-18", "api-version=2024-06-01") have shorter pieces."""
# Short secrets (test keys, tokens of local servers) are removed whole, where they stand as a
# word (:func:`_standing`); shorter than this they would match ordinary words.
_MIN_WHOLE: Final = 4


def secret_values(extra: Iterable[str] = ()) -> list[str]:
    """The secrets to remove: the key variables' values, the credentials of the custom header
    variables and ``extra``, longest first."""
    values = {os.environ.get(name, "") for name in SECRET_VARIABLES}
    for name in HEADER_VARIABLES:
        values.update(header_secrets(os.environ.get(name, "")))
    values.update(extra)
    return sorted((v for v in values if len(v) >= _MIN_WHOLE), key=len, reverse=True)


def _fragment_spans(text: str, secrets: Iterable[str]) -> list[tuple[int, int]]:
    """Spans of ``text`` covered by some FRAGMENT-long run of a secret's characters."""
    grams = _reading_of(tuple(secrets))[2]
    if not grams:
        return []
    spans: list[tuple[int, int]] = []
    for i in range(len(text) - FRAGMENT + 1):
        if text[i : i + FRAGMENT] in grams:
            end = i + FRAGMENT
            if spans and i <= spans[-1][1]:
                spans[-1] = (spans[-1][0], end)
            else:
                spans.append((i, end))
    return spans


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with no secret, secret fragment, key-shaped token or URL credential in it."""
    # URLs first, while they are whole: a mask inside one would end it.
    text = _URL.sub(lambda m: _redact_url(m[0]), text)
    values = secret_values(secrets)
    text = _reading_of(tuple(values))[0].sub(MASK, text)
    spans = _fragment_spans(text, values)
    if spans:
        pieces: list[str] = []
        last = 0
        for start, end in spans:
            pieces.extend((text[last:start], MASK))
            last = end
        pieces.append(text[last:])
        text = "".join(pieces)
    text = _KEY_SHAPED.sub(MASK, text)
    text = _URL_CREDENTIALS.sub(lambda m: f"{m['scheme']}{MASK}@", text)
    return _AUTH_HEADER.sub(lambda m: f"{m['name']}{MASK}", text)


def shaped_like_a_credential(text: str) -> bool:
    """Whether ``text`` holds what :func:`redact` masks whatever the environment holds: a
    key-shaped token, a URL's credentials, an authorization header."""
    if _KEY_SHAPED.search(text) or _URL_CREDENTIALS.search(text) or _AUTH_HEADER.search(text):
        return True
    return any(_redact_url(m[0]) != m[0] for m in _URL.finditer(text))


def mask_secrets(text: str, secrets: Sequence[str]) -> str:
    """``text`` with each run of :data:`FRAGMENT` or more characters of a secret (a shorter
    secret whole) written as as many ``*``; ``secrets`` from :func:`secret_values`.

    For what a user gave (answers, passages, questions) on its way to an output: the same
    length, so offsets into the text still hold (a claim's sentence in its answer, a quote in
    its passage), and none of :func:`redact`'s key shapes, which would take words such as
    ``key-management`` out of an answer."""
    if not holds_secret(text, secrets):
        return text
    chars = list(text)
    short, at = _reading_of(tuple(secrets))[0], 0
    while found := short.search(text, at):  # overlapping ones too
        chars[found.start() : found.end()] = "*" * len(found[0])
        at = found.start() + 1
    for start, end in _fragment_spans(text, secrets):
        chars[start:end] = "*" * (end - start)
    return "".join(chars)


def masked_output(text: str) -> str:
    """:func:`mask_secrets` with the key variables' values: for a message that shows what a
    test checked (a failure, a regression), which a key the app leaked may be part of."""
    return mask_secrets(text, secret_values())


def mask_secrets_in(value: object, secrets: Sequence[str], keep: frozenset[str]) -> object:
    """:func:`mask_secrets` through JSON data: every string, except those under the keys in
    ``keep`` (identities such as a test's node id, which must still name it)."""
    if isinstance(value, str):
        return mask_secrets(value, secrets)
    if isinstance(value, list):
        return [mask_secrets_in(v, secrets, keep) for v in value]
    if isinstance(value, dict):
        return {k: v if k in keep else mask_secrets_in(v, secrets, keep) for k, v in value.items()}
    return value


def holds_secret(text: str, secrets: Sequence[str]) -> bool:
    """Whether :func:`mask_secrets` would change ``text``: it holds a secret shorter than
    :data:`FRAGMENT` standing as a word, or a fragment-long run of a longer one.

    Exact, and fast on texts that hold none (nearly all): a run of a secret is made of the
    secrets' characters only, so it lies inside one of the text's maximal runs of those
    characters; only such runs (found by one regular expression, each distinct one once) are
    read for fragments. A whole report of a thousand checks is read in milliseconds."""
    if not secrets:
        return False
    short, runs, grams = _reading_of(tuple(secrets))
    if short.search(text):
        return True
    if runs is None:
        return False
    for run in set(runs.findall(text)):
        if any(run[i : i + FRAGMENT] in grams for i in range(len(run) - FRAGMENT + 1)):
            return True
    return False


@functools.lru_cache(maxsize=8)
def _reading_of(
    secrets: tuple[str, ...],
) -> tuple[re.Pattern[str], re.Pattern[str] | None, frozenset[str]]:
    """A pattern for the secrets shorter than a fragment (:func:`_standing`); one for the runs
    of the longer secrets' characters that are a fragment long or longer (None when there is no
    longer secret); and every fragment-long run of the longer secrets."""
    short = tuple(v for v in secrets if len(v) < FRAGMENT)
    long = [v for v in secrets if len(v) >= FRAGMENT]
    grams = frozenset(v[i : i + FRAGMENT] for v in long for i in range(len(v) - FRAGMENT + 1))
    characters = "".join(sorted(set("".join(long))))
    runs = re.compile(f"[{re.escape(characters)}]{{{FRAGMENT},}}") if characters else None
    return _standing(short), runs, grams


def _standing(short: Iterable[str]) -> re.Pattern[str]:
    """Each of ``short`` (longest first) where no word character is glued to a side of it that
    is one: ``test`` in ``tests`` or ``test_rag`` is another word, not the secret. None: (?!)."""
    words = []
    for v in sorted(short, key=len, reverse=True):
        before = r"(?<!\w)" if re.match(r"\w", v[0]) else ""
        after = r"(?!\w)" if re.match(r"\w", v[-1]) else ""
        words.append(before + re.escape(v) + after)
    return re.compile("|".join(words) or "(?!)")


# -- credentials in a URL -------------------------------------------------------------------------


def looks_generated(value: str) -> bool:
    """Whether ``value`` (a path segment or a query value) looks like a generated token rather
    than a name: shaped like an API key, a UUID, or with a piece of
    :data:`_GENERATED_PIECE` or more characters holding letters and digits."""
    if _KEY_SHAPED.fullmatch(value) or _UUID.search(value):
        return True
    return any(
        len(piece) >= _GENERATED_PIECE
        and any(c.isdigit() for c in piece)
        and any(c.isalpha() for c in piece)
        for piece in _PIECE_SEPARATORS.split(value)
    )


def secret_parameter(name: str) -> bool:
    """Whether a query parameter named ``name`` carries a credential (``key``, ``api_key``,
    ``access_token``, ``subscription-key``, ``X-Amz-Signature``...)."""
    words = [word for word in re.split(r"[^a-z0-9]+", name.lower()) if word]
    return any(word in _SECRET_WORDS or word.endswith(_SECRET_ENDINGS) for word in words)


def header_secrets(headers: str) -> tuple[str, ...]:
    """The credentials in ``headers`` (read as the SDKs read :data:`HEADER_VARIABLES`): each
    value named like one (:func:`secret_parameter`) or that looks generated, as its last word
    (no ``Bearer``, which would be masked everywhere)."""
    found: list[str] = []
    for line in headers.split("\n"):
        name, colon, value = line.partition(":")
        words = value.split()
        if colon and words and (secret_parameter(name.strip()) or looks_generated(words[-1])):
            found.append(words[-1])
    return tuple(found)


def _redact_url(url: str) -> str:
    """``url`` with the credentials of its path and query masked (its user info is the
    caller's: :data:`_URL_CREDENTIALS`)."""
    scheme, _, rest = url.partition("://")
    rest, hash_, fragment = rest.partition("#")
    rest, question, query = rest.partition("?")
    authority, slash, path = rest.partition("/")
    if path:
        path = "/".join(MASK if looks_generated(unquote(s)) else s for s in path.split("/"))
    if query:
        pairs = []
        for pair in re.split(r"([&;])", query):
            name, equals, value = pair.partition("=")
            plain = unquote(value.replace("+", " "))
            if equals and value and (secret_parameter(unquote(name)) or looks_generated(plain)):
                value = MASK
            pairs.append(f"{name}{equals}{value}")
        query = "".join(pairs)
    return f"{scheme}://{authority}{slash}{path}{question}{query}{hash_}{fragment}"


def url_secrets(url: str) -> tuple[str, ...]:
    """The credentials ``url`` holds, as written and decoded: the password of its user info
    (or the user, when that is all it has, as in ``TOKEN@host``) and the HTTP Basic token made
    of them; the values of its secret query parameters; the path segments and parameter values
    that look generated. Empty for a URL that cannot be read."""
    try:
        parts = urlsplit(url)
        user, password = parts.username, parts.password
    except ValueError:
        return ()
    found: list[str] = []
    if user is not None or password is not None:
        found.append(password if password else user or "")
        found.append(basic_token(user or "", password or ""))
    for name, value in parse_qsl(parts.query, keep_blank_values=True):
        if value and (secret_parameter(name) or looks_generated(value)):
            found.append(value)
    found.extend(s for s in parts.path.split("/") if s and looks_generated(unquote(s)))
    values = {value for raw in found if raw for value in (raw, unquote(raw))}
    return tuple(sorted(values))


def basic_token(user: str, password: str) -> str:
    """The credentials of HTTP Basic authentication: ``user:password``, URL-decoded, UTF-8,
    base64 (what ``Authorization: Basic`` carries, and what httpx and curl send for a URL's
    user info)."""
    raw = f"{unquote(user)}:{unquote(password)}".encode()
    return base64.b64encode(raw).decode("ascii")


def masked_from(shown: str, text: str) -> bool:
    """Whether ``shown`` is ``text`` with some of its runs of characters replaced by
    :data:`MASK`, each by one, as :func:`redact` writes it with whatever secrets it had.

    What a machine without those secrets (a CI job replaying without keys) can still check of a
    redacted text: every character it shows is where ``text`` has it. Each mask stands for at
    least one character; the pieces between masks are found leftmost first, which finds a
    match whenever there is one (a mask covers any run), in one pass over ``text``.
    """
    first, *pieces = shown.split(MASK)
    if not pieces:
        return shown == text
    *middle, last = pieces
    if not text.startswith(first):
        return False
    at = len(first)
    for piece in middle:
        at = text.find(piece, at + 1)
        if at < 0:
            return False
        at += len(piece)
    return len(text) - len(last) > at and text.endswith(last)


def masked_view(shown: object, value: object) -> bool:
    """:func:`masked_from` through JSON data: ``shown`` has ``value``'s shape, and each of its
    strings is the matching string of ``value``, masked or not (a tuple reads as a list)."""
    if isinstance(shown, str):
        return isinstance(value, str) and masked_from(shown, value)
    if isinstance(shown, list):
        return (
            isinstance(value, (list, tuple))
            and len(shown) == len(value)
            and all(map(masked_view, shown, value))
        )
    if isinstance(shown, dict):
        return (
            isinstance(value, dict)
            and shown.keys() == value.keys()
            and all(masked_view(shown[k], value[k]) for k in shown)
        )
    return bool(shown == value)


# Visible text read on each side of a mask, and the least of it that may pin one down.
_CONTEXT: Final = 40
_MIN_CONTEXT: Final = 8
# A mask hides a run of a key's characters: a run this long between the two sides is not one.
_LONGEST_HIDDEN: Final = 256


def restored(text: str, source: str) -> str:
    """``text`` (a judge's reply) with each mask put back as the run of ``source`` (the request
    it answers) that it hid, where the visible text on both sides pins it to one run.

    A key made of words (a local server's ``sk-no-key-required``) masks those words wherever a
    reply repeats them, so a claim or a quote copied from the answer or a passage would no
    longer match it. What comes back is the request's own text, never the key's: a mask with
    nothing visible on one side, or whose sides occur around different runs, stays a mask.
    """
    if MASK not in text:
        return text
    pieces = text.split(MASK)
    out = [pieces[0]]
    for before, after in itertools.pairwise(pieces):
        out.extend((_hidden(before[-_CONTEXT:], after[:_CONTEXT], source) or MASK, after))
    return "".join(out)


def restored_view(value: object, source: str) -> object:
    """:func:`restored` through JSON data: every string in ``value``, the rest as it is."""
    if isinstance(value, str):
        return restored(value, source)
    if isinstance(value, list):
        return [restored_view(v, source) for v in value]
    if isinstance(value, dict):
        return {k: restored_view(v, source) for k, v in value.items()}
    return value


def _hidden(left: str, right: str, source: str) -> str | None:
    """The one run of ``source`` between ``left`` and the nearest ``right`` after it, over
    every place ``left`` occurs (overlapping ones too, so the true place is never skipped);
    None when there is none, or more than one."""
    if not left or not right or len(left) + len(right) < _MIN_CONTEXT:
        return None
    found: set[str] = set()
    at = source.find(left)
    while at >= 0:
        start = at + len(left)
        end = source.find(right, start + 1)  # a mask hides at least one character
        if end < 0:
            break
        found.add(source[start:end])
        if len(found) > 1:
            return None
        at = source.find(left, at + 1)
    if not found:
        return None
    (hidden,) = found
    return hidden if len(hidden) <= _LONGEST_HIDDEN and MASK not in hidden else None


def echoes_secret(text: str, secrets: Iterable[str] = ()) -> bool:
    """Whether ``text`` holds a FRAGMENT-long run of a secret at least that long (the key
    variables' values and ``secrets``): the test for rewriting a reply before it is recorded."""
    return bool(_fragment_spans(text, secret_values(secrets)))


# -- other libraries' logs -------------------------------------------------------------------------

LOGGERS: Final = ("httpx", "httpx2", "httpcore", "httpcore2", "h2", "hpack", "openai", "anthropic")
"""The loggers whose records :func:`install_log_filter` redacts, with their children: the SDKs'
HTTP stacks (httpx logs each request's URL at INFO) and the SDKs (anthropic's URLs at DEBUG)."""

_Factory = Callable[..., logging.LogRecord]


def redact_record(record: logging.LogRecord) -> None:
    """Redact ``record`` in place: its message (arguments merged in), exception and stack."""
    try:
        message = record.getMessage()
    except Exception:  # arguments that do not format: logging would print them raw
        message = f"{record.msg!s} (its arguments did not format)"
    record.msg, record.args = redact(message), None
    if record.exc_info and record.exc_info[0] is not None:
        record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        record.exc_info = None
    elif record.exc_text:
        record.exc_text = redact(record.exc_text)
    if record.stack_info:
        record.stack_info = redact(record.stack_info)


class RedactingFilter(logging.Filter):
    """A filter for a handler: every record it writes is redacted first (never dropped)."""

    def filter(self, record: logging.LogRecord) -> bool:
        redact_record(record)
        return True


class LogRedaction:
    """Redacts every record of :data:`LOGGERS` as it is made, whatever handler writes it.

    A filter on a logger sees only the records logged to that logger, not those of its
    children (``openai._base_client``, ``httpcore2.http11``) that propagate up to it, and a
    handler filter only one handler: this wraps the logging module's record factory instead.
    :meth:`remove` restores it, or, when another library has wrapped it since, leaves this one
    in place doing nothing.
    """

    def __init__(self) -> None:
        self._previous: _Factory = logging.getLogRecordFactory()
        self._active = True
        logging.setLogRecordFactory(self._make)

    def _make(self, *args: Any, **kwargs: Any) -> logging.LogRecord:
        record = self._previous(*args, **kwargs)
        if self._active and record.name.partition(".")[0] in LOGGERS:
            redact_record(record)
        return record

    @property
    def active(self) -> bool:
        return self._active

    def remove(self) -> None:
        """Stop redacting; idempotent."""
        if not self._active:
            return
        self._active = False
        if logging.getLogRecordFactory() == self._make:
            logging.setLogRecordFactory(self._previous)

    def __enter__(self) -> LogRedaction:
        return self

    def __exit__(self, *exc_info: object) -> None:  # the with block's end, however it ends
        self.remove()


def install_log_filter() -> LogRedaction:
    """Redact the records of the HTTP stacks' and SDKs' loggers (:data:`LOGGERS`) until the
    returned object's ``remove()`` (or the end of its ``with`` block).

    The pytest plugin does this for the whole run. A program calling ``verify()`` with an LLM
    judge whose logging is on (``logging.basicConfig(level=logging.INFO)`` shows httpx's
    request lines) calls it once at start::

        from pytest_faithful.redaction import install_log_filter

        with install_log_filter():
            result = verify(answer, contexts, judge="openai:gpt-4o-mini")
    """
    return LogRedaction()
