"""Passages given as documents: what retrievers return, read without importing their libraries.

A passage is a ``str``, or a document, read by its shape (duck-typed, in this order):

* an object with a ``page_content`` str: LangChain's ``Document``;
* an object with a ``get_content()`` method or a ``text`` str: LlamaIndex's ``TextNode`` and
  ``NodeWithScore`` (``get_content()`` first: it is the node's text without its metadata);
* an object with a ``content`` str: Haystack's ``Document`` (and a dataclass of that shape);
* a mapping with a ``page_content``, ``text`` or ``content`` str (the first of them it has):
  the same names as an object's.

A document's source is kept beside its text, for the reports: the first of its metadata's
(``metadata``, else Haystack's ``meta``) ``source``, ``file_path``, ``file_name`` and ``id``
(LangChain loaders set ``source``, LlamaIndex readers and Haystack converters
``file_path``), then its own ``id`` (LangChain) or ``node_id``
(LlamaIndex), each a non-empty str, a whole number (an int, numpy's too), a path or a UUID; a
value of another type (None, bytes, a float, a nested mapping) is no source, and the next is
looked at. A text key of a mapping whose value is None is not given, as an attribute of an
object that is None. Anything else is a TypeError naming the shapes accepted.
"""

from __future__ import annotations

import numbers
import os
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from pytest_faithful.errors import printable, shorten

TEXT_KEYS: Final = ("page_content", "text", "content")
"""A mapping's text, under the first of these keys it has."""
METADATA_NAMES: Final = ("metadata", "meta")
"""A document's metadata: the first of these (an attribute of an object, a key of a mapping)
that is a mapping."""
METADATA_SOURCE_KEYS: Final = ("source", "file_path", "file_name", "id")
"""A document's source, under the first of these keys its metadata has."""
ID_NAMES: Final = ("id", "node_id")
"""Else its own id: an attribute of an object, a key of a mapping."""
SOURCE_CHARS: Final = 300
"""The longest source kept; a longer one is shortened (it is a label in a report)."""

ACCEPTED: Final = (
    "a str or a document: an object with a str page_content (LangChain Document), an object "
    "with get_content() or a str text (LlamaIndex TextNode, NodeWithScore), an object with a "
    "str content (Haystack Document), or a mapping with a str 'page_content', 'text' or "
    "'content'"
)


NO_TEXT: Final = (
    "a document without text (an image, a table or a file: Haystack keeps those in blob or "
    "dataframe); pass the text passages only"
)


@dataclass(frozen=True)
class Passages:
    """The passages' texts, in the order given, and each one's source (None for a str, or a
    document without one)."""

    texts: tuple[str, ...]
    sources: tuple[str | None, ...]

    @property
    def named(self) -> tuple[str | None, ...] | None:
        """The sources when any passage has one, else None (what a record keeps)."""
        return self.sources if any(s is not None for s in self.sources) else None


def read_contexts(contexts: object, name: str = "contexts") -> Passages:
    """The passages of ``contexts``: a str or a document (one passage), or a sequence of them.

    Raises TypeError naming ``name`` (and the index) for anything else."""
    if isinstance(contexts, (bytes, bytearray)):
        raise TypeError(f"{name} must be {_plural()}, got bytes; decode it first")
    if isinstance(contexts, str) or _is_document(contexts):
        text, source = read_passage(contexts, name)
        return Passages((text,), (source,))
    if not isinstance(contexts, Sequence):
        raise TypeError(f"{name} must be {_plural()}, got {_described_many(contexts)}")
    read = [read_passage(item, f"{name}[{i}]") for i, item in enumerate(contexts)]
    return Passages(tuple(t for t, _ in read), tuple(s for _, s in read))


def _plural() -> str:
    return f"{ACCEPTED}, or a sequence of them (list/tuple)"


def _described_many(value: object) -> str:
    """What ``value`` is, with how to pass it when it holds passages in another form."""
    kind = type(value).__name__
    if isinstance(value, Mapping):
        keys = ", ".join(repr(k) for k in list(value)[:5]) or "none"
        return f"a mapping with keys {keys}"
    if isinstance(value, Iterable):
        # A generator, a set, a dict's values(): read once, in no set order, or both.
        return f"{kind}; pass a list of the passages in their order, e.g. list(...)"
    return kind


def _is_document(value: object) -> bool:
    """Whether ``value`` alone is one document (not a sequence of passages)."""
    if isinstance(value, Mapping):
        return any(key in value for key in TEXT_KEYS)
    if isinstance(value, Sequence):
        return False
    # Present, even as None: a document without text is one document, refused as such.
    return any(_present(value, name) for name in ("page_content", "get_content", "text", "content"))


def read_passage(value: object, where: str) -> tuple[str, str | None]:
    """The text of one passage and its source; a TypeError naming ``where`` for a value that
    is neither a str nor a document."""
    if isinstance(value, str):
        return value, None
    if isinstance(value, (bytes, bytearray)):
        raise TypeError(f"{where} must be a str or a document, got bytes; decode it first")
    if isinstance(value, Mapping):
        text = _mapping_text(value, where)
        metadatas = [value.get(key) for key in METADATA_NAMES]
        own = [value.get(key) for key in ID_NAMES]
    else:
        text = _object_text(value, where)
        # Only a label for the reports: an attribute that fails to give it is no source.
        metadatas = [_quiet(value, name) for name in METADATA_NAMES]
        own = [_quiet(value, key) for key in ID_NAMES]
    metadata = next((m for m in metadatas if isinstance(m, Mapping)), None)
    found = (
        [metadata.get(key) for key in METADATA_SOURCE_KEYS] if isinstance(metadata, Mapping) else []
    )
    return text, next((s for s in map(_source, (*found, *own)) if s is not None), None)


def _mapping_text(value: Mapping[object, object], where: str) -> str:
    for key in TEXT_KEYS:
        if key in value:
            text = value[key]
            if text is None:  # not given, as an object's attribute that is None
                continue
            if not isinstance(text, str):
                raise TypeError(f"{where}[{key!r}] must be a str, got {_kind(text)}")
            return text
    empty = next((key for key in TEXT_KEYS if key in value), None)
    if empty is not None:
        raise TypeError(f"{where}[{empty!r}] is None: {NO_TEXT}")
    keys = ", ".join(repr(k) for k in list(value)[:5]) or "none"
    raise TypeError(f"{where} must be {ACCEPTED}; got a mapping with keys {keys}")


def _object_text(value: object, where: str) -> str:
    content = _attribute(value, "page_content", where)
    if content is not None:
        if not isinstance(content, str):
            raise TypeError(f"{where}.page_content must be a str, got {_kind(content)}")
        return content
    get_content = _attribute(value, "get_content", where)
    if callable(get_content):
        try:
            text = get_content()
        except Exception as exc:
            raise ValueError(
                f"{where}.get_content() raised {type(exc).__name__}: {shorten(str(exc), 200)}"
            ) from exc
        if not isinstance(text, str):
            raise TypeError(f"{where}.get_content() must return a str, got {type(text).__name__}")
        return text
    found = [(name, _attribute(value, name, where)) for name in ("text", "content")]
    for _, text in found:
        if isinstance(text, str):
            return text
    for name, text in found:
        if text is not None:  # a text of the wrong type: say which, not only what is accepted
            raise TypeError(f"{where}.{name} must be a str, got {_kind(text)}")
    for name, _ in found:
        if _present(value, name):
            raise TypeError(f"{where}.{name} is None: {NO_TEXT}")
    raise TypeError(f"{where} must be {ACCEPTED}, got {_described(value)}")


def _described(value: object) -> str:
    """The value's type, with a hint for the shape retrievers' scored results have."""
    kind = type(value).__name__
    if (
        isinstance(value, tuple)
        and len(value) == 2
        and (isinstance(value[0], str) or _is_document(value[0]))
    ):
        return (
            f"a {kind} of ({type(value[0]).__name__}, {type(value[1]).__name__}): for "
            "(document, score) pairs pass the documents, e.g. [doc for doc, _ in results]"
        )
    if isinstance(value, (list, tuple)):
        return (
            f"a {kind} (a sequence inside contexts: pass one flat list of passages, e.g. "
            "[doc for docs in batches for doc in docs])"
        )
    return kind


def _kind(text: object) -> str:
    """A text's type, with what to do when it is bytes."""
    if isinstance(text, (bytes, bytearray)):
        return f"{type(text).__name__}; decode it first"
    return type(text).__name__


def _present(value: object, name: str) -> bool:
    """Whether ``value`` has the attribute ``name`` (None or not); one that fails has none."""
    try:
        return hasattr(value, name)
    except Exception:
        return False


def _quiet(value: object, name: str) -> object:
    """``value.name``, or None when it has none or it fails."""
    try:
        return getattr(value, name, None)
    except Exception:
        return None


def _attribute(value: object, name: str, where: str) -> object:
    """``value.name``, or None when it has none; a property that fails names where (the
    text's attributes: a document whose text cannot be read cannot be checked)."""
    try:
        return getattr(value, name, None)
    except Exception as exc:
        raise ValueError(
            f"{where}.{name} raised {type(exc).__name__}: {shorten(str(exc), 200)}"
        ) from exc


def _source(value: object) -> str | None:
    """``value`` as a source to show, or None when it is none (of another type, blank, or what
    cannot be written: a reading that fails is no source, never a failed check)."""
    try:
        text = _source_text(value)
    except Exception:
        return None
    if text is None:
        return None
    text = printable(text).strip()
    return shorten(text, SOURCE_CHARS) if text else None


def _source_text(value: object) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, numbers.Integral):
        # An int past Python's 4,300 digits cannot be written in decimal (ValueError).
        return int.__repr__(int(value))
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, os.PathLike):
        path = os.fspath(value)
        return path if isinstance(path, str) else None
    return None
