"""Passages given as documents: LangChain's and LlamaIndex's own objects (when installed; the
``docs-test`` extra), mappings and any object of the same shape, read without importing them."""

from __future__ import annotations

import dataclasses
import json
import uuid
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import verify, verify_reference, verify_retrieval
from pytest_faithful.check import read_contexts
from pytest_faithful.check.documents import ACCEPTED, SOURCE_CHARS
from pytest_faithful.errors import printable

RETURNS = "Returns are accepted within 30 days of delivery."
SHIPPING = "Shipping to Canada costs $15 per order."
ANSWER = "Returns are accepted within 30 days. Shipping to Canada costs $15."


def same_check(contexts: object) -> None:
    """The check of ``contexts`` is the check of their texts."""
    texts = read_contexts(contexts).texts
    got = verify(ANSWER, contexts, judge="lexical")  # type: ignore[arg-type]
    want = verify(ANSWER, list(texts), judge="lexical")
    assert got.model_dump(exclude={"duration_s"}) == want.model_dump(exclude={"duration_s"})


# -- the frameworks' own objects --------------------------------------------------------------


def test_langchain_documents() -> None:
    documents = pytest.importorskip("langchain_core.documents")
    docs = [
        documents.Document(page_content=RETURNS, metadata={"source": "policies/returns.md"}),
        documents.Document(page_content=SHIPPING, id="doc-2"),
        documents.Document(page_content="Gift cards never expire."),
    ]
    passages = read_contexts(docs)
    assert passages.texts == (RETURNS, SHIPPING, "Gift cards never expire.")
    assert passages.sources == ("policies/returns.md", "doc-2", None)
    same_check(docs)
    assert verify(ANSWER, docs, judge="lexical").passed


def test_llama_index_nodes_and_scored_nodes() -> None:
    schema = pytest.importorskip("llama_index.core.schema")
    node = schema.TextNode(text=RETURNS, id_="node-1", metadata={"file_path": "/kb/returns.md"})
    plain = schema.TextNode(text=SHIPPING, id_="node-2")
    scored = [schema.NodeWithScore(node=node, score=0.9), schema.NodeWithScore(node=plain)]
    for contexts in ([node, plain], scored):
        passages = read_contexts(contexts)
        assert passages.texts == (RETURNS, SHIPPING)
        # The node's text alone: get_content() leaves its metadata out.
        assert passages.sources == ("/kb/returns.md", "node-2")
        same_check(contexts)


def test_the_metrics_take_documents_too() -> None:
    documents = pytest.importorskip("langchain_core.documents")
    docs = [documents.Document(page_content=p) for p in (RETURNS, SHIPPING)]
    retrieval = verify_retrieval(docs, "How long are returns accepted?", judge="lexical")
    assert retrieval.precision is not None
    assert [i.text for i in retrieval.precision.items] == [RETURNS, SHIPPING]
    cited = verify_reference("Returns take 30 days [1].", "30 days", contexts=docs, citations=True)
    assert cited.passed


# -- the same shapes, without the libraries -----------------------------------------------------


class PageContent:
    def __init__(self, text: str, metadata: Mapping[str, Any] | None = None, id: Any = None):
        self.page_content, self.metadata, self.id = text, metadata or {}, id


class Node:
    def __init__(self, text: str, node_id: str | None = None) -> None:
        self._text, self.node_id = text, node_id

    def get_content(self) -> str:
        return self._text


class Texted:
    def __init__(self, text: str) -> None:
        self.text = text


@dataclasses.dataclass
class Contented:
    """Haystack's Document's shape: content, meta, id."""

    content: str | None
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)
    id: str = "h-1"


class FailingLabels(Texted):
    """A document whose metadata and id fail to be read (a lazy loader, a closed session)."""

    @property
    def metadata(self) -> Mapping[str, Any]:
        raise ConnectionError("store closed")

    @property
    def id(self) -> str:
        raise NotImplementedError

    node_id = "n-9"


@pytest.mark.parametrize(
    ("document", "text", "source"),
    [
        ({"page_content": RETURNS, "metadata": {"source": "a.md"}}, RETURNS, "a.md"),
        ({"text": RETURNS, "id": 7}, RETURNS, "7"),
        ({"content": RETURNS, "node_id": "n1"}, RETURNS, "n1"),
        ({"text": RETURNS, "metadata": {"file_name": "f.txt", "id": "x"}}, RETURNS, "f.txt"),
        ({"text": RETURNS, "metadata": {"source": "  ", "id": "x"}}, RETURNS, "x"),
        ({"text": RETURNS, "metadata": {"source": True}}, RETURNS, None),
        (PageContent(RETURNS, {"source": "s"}, id="i"), RETURNS, "s"),
        (PageContent(RETURNS, id="i"), RETURNS, "i"),
        (Node(RETURNS, "n"), RETURNS, "n"),
        (Texted(RETURNS), RETURNS, None),
        # A text key that is None is not given, as an object's None attribute is not.
        ({"page_content": None, "text": RETURNS, "id": "x"}, RETURNS, "x"),
        ({"text": None, "content": RETURNS}, RETURNS, None),
        # Sources of other types: a path, a UUID; what is no source (bytes, a float, a
        # nested mapping, None, an int too long to write) gives way to the next.
        (PageContent(RETURNS, {"file_path": PurePosixPath("kb/a.md")}), RETURNS, "kb/a.md"),
        (PageContent(RETURNS, id=uuid.UUID(int=1)), RETURNS, str(uuid.UUID(int=1))),
        (PageContent(RETURNS, {"source": b"kb", "file_path": 2.5, "id": {"n": 1}}), RETURNS, None),
        (PageContent(RETURNS, {"source": None, "id": 10**5000}, id="i"), RETURNS, "i"),
        ({"text": RETURNS, "id": 10**400}, RETURNS, "1" + "0" * (SOURCE_CHARS - 4) + "..."),
        (FailingLabels(RETURNS), RETURNS, "n-9"),
        # Haystack's shape, as an object or a mapping: its text is content, its metadata meta.
        (Contented(RETURNS, {"file_path": "kb/r.pdf"}), RETURNS, "kb/r.pdf"),
        (Contented(RETURNS), RETURNS, "h-1"),
        ({"content": RETURNS, "meta": {"file_path": "m.md"}}, RETURNS, "m.md"),
    ],
)
def test_each_shape_gives_its_text_and_source(document: object, text: str, source: object) -> None:
    passages = read_contexts([document, SHIPPING])
    assert passages.texts == (text, SHIPPING)
    assert passages.sources == (source, None)
    assert passages.named == (None if source is None else (source, None))
    # One document alone is one passage, as one str is.
    assert read_contexts(document).texts == (text,)


def test_a_long_or_unprintable_source_is_kept_short_and_printable() -> None:
    [source] = read_contexts([{"text": "x", "id": "a\x1b[31m" + "b" * 1000}]).sources
    assert source is not None
    assert "\x1b" not in source
    assert len(source) <= SOURCE_CHARS


@pytest.mark.parametrize(
    ("contexts", "error", "message"),
    [
        (3, TypeError, f"contexts must be {ACCEPTED}, or a sequence of them (list/tuple), got int"),
        (b"x", TypeError, "got bytes; decode it first"),
        ([RETURNS, 4], TypeError, f"contexts[1] must be {ACCEPTED}, got int"),
        ([{"body": "x", "url": "u"}], TypeError, "got a mapping with keys 'body', 'url'"),
        ([{"text": 3}], TypeError, "contexts[0]['text'] must be a str, got int"),
        ([{"text": None}], TypeError, "contexts[0]['text'] is None: a document without text"),
        ([Contented(None)], TypeError, "contexts[0].content is None: a document without text"),
        # Passages in another form than a sequence: how to pass them.
        (
            (d for d in [RETURNS]),
            TypeError,
            "got generator; pass a list of the passages in their order, e.g. list(...)",
        ),
        ({"a": RETURNS}.values(), TypeError, "got dict_values; pass a list of the passages"),
        ({RETURNS}, TypeError, "got set; pass a list of the passages"),
        ({"documents": [RETURNS]}, TypeError, "got a mapping with keys 'documents'"),
        ([PageContent(3)], TypeError, "contexts[0].page_content must be a str, got int"),  # type: ignore[arg-type]
        ([Texted(None)], TypeError, "contexts[0].text is None: a document without text"),  # type: ignore[arg-type]
        (
            [(PageContent(RETURNS), 0.9)],
            TypeError,
            "for (document, score) pairs pass the documents, e.g. [doc for doc, _ in results]",
        ),
    ],
)
def test_anything_else_is_an_error_naming_the_shapes(
    contexts: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as raised:
        verify(ANSWER, contexts, judge="lexical")  # type: ignore[arg-type]
    assert message in str(raised.value)


def test_a_document_that_fails_to_give_its_text_is_named() -> None:
    class Broken:
        def get_content(self) -> str:
            raise RuntimeError("index offline")

    with pytest.raises(ValueError, match=r"contexts\[0\]\.get_content\(\) raised RuntimeError"):
        verify(ANSWER, [Broken()], judge="lexical")  # type: ignore[list-item]


# -- properties ----------------------------------------------------------------------------------

texts = st.text(max_size=80)
sources = st.one_of(st.none(), st.text(max_size=20), st.integers(-5, 10**6))


@st.composite
def documents(draw: st.DrawFn) -> tuple[object, str, object]:
    """A document of any accepted shape, its text, and the source it was given (or None)."""
    text = draw(texts)
    source = draw(sources)
    metadata = {} if source is None else {"source": source}
    shape = draw(st.sampled_from(["str", "page_content", "text", "content", "obj", "node", "attr"]))
    made: object
    if shape == "str":
        made, source = text, None
    elif shape in ("page_content", "text", "content"):
        made = {shape: text, "metadata": metadata}
    elif shape == "obj":
        made = PageContent(text, metadata)
    elif shape == "node":
        made = Node(text, None if source is None else str(source))
    else:
        made, source = Texted(text), None
    return made, text, source


@given(st.lists(documents(), max_size=6))
def test_reading_keeps_every_text_exactly_and_its_source(
    drawn: list[tuple[object, str, object]],
) -> None:
    passages = read_contexts([d for d, _, _ in drawn])
    assert passages.texts == tuple(t for _, t, _ in drawn)
    for got, (_, _, given_source) in zip(passages.sources, drawn, strict=True):
        if given_source is None:
            assert got is None
            continue
        given_text = str(given_source)
        if got is None:  # nothing left to show: blank, or only what no report can print
            assert not printable(given_text).strip()
            continue
        assert got == printable(got)
        assert got.strip() == got
        assert len(got) <= SOURCE_CHARS
        plain = given_text == printable(given_text) == " ".join(given_text.split())
        if plain and len(given_text) <= SOURCE_CHARS:
            assert got == given_text  # a plain source is kept as it is


@given(st.lists(documents(), min_size=1, max_size=4))
def test_a_check_of_documents_is_the_check_of_their_texts(
    drawn: list[tuple[object, str, object]],
) -> None:
    contexts = [d for d, _, _ in drawn]
    if any("\ud800" <= c <= "\udfff" for _, text, _ in drawn for c in text):
        # A lone surrogate: refused as it is in a str passage.
        with pytest.raises(ValueError, match="surrogate"):
            same_check(contexts)
        return
    same_check(contexts)


# -- the reports --------------------------------------------------------------------------------


def test_the_reports_show_each_passages_source(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        f"""
        RETURNS, SHIPPING = {RETURNS!r}, {SHIPPING!r}
        DOCS = [
            {{"page_content": RETURNS, "metadata": {{"source": "kb/returns.md"}}}},
            {{"text": SHIPPING, "id": "ship-7"}},
            "Gift cards never expire.",
        ]

        def test_docs(assert_faithful, assert_retrieval):
            assert_faithful("Returns are accepted within 30 days.", DOCS, judge="lexical")
            assert_retrieval(DOCS, "How long are returns accepted?", judge="lexical",
                             precision=0.1)

        def test_strings(assert_faithful):
            assert_faithful("Returns are accepted within 30 days.", [RETURNS], judge="lexical")
        """
    )
    result = pytester.runpytest(
        "--faith-report=faith.json", "--faith-report=faith.html", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=2)
    document = json.loads((pytester.path / "faith.json").read_text(encoding="utf-8"))
    checks = {c["test_id"].split("::")[-1]: c for c in document["checks"]}
    assert checks["test_docs"]["sources"] == ["kb/returns.md", "ship-7", None]
    assert checks["test_docs"]["contexts"][0] == RETURNS
    assert checks["test_strings"]["sources"] is None
    [precision] = document["metrics"]
    assert precision["sources"] == ["kb/returns.md", "ship-7", None]
    html = (pytester.path / "faith.html").read_text(encoding="utf-8")
    assert (
        '<span class="pidx">contexts[0]</span> <span class="psource">kb/returns.md</span>' in html
    )
    assert "contexts[1] (ship-7)" in html


# -- a document whose text is missing or of another type names the attribute ------------------


class Attributed:
    """An object with one attribute: a document of any library's shape."""

    def __init__(self, name: str, value: object) -> None:
        setattr(self, name, value)


WRONG_TEXTS: list[tuple[object, str]] = [
    (None, "is None: a document without text"),
    (b"x", "must be a str, got bytes; decode it first"),
    (bytearray(b"x"), "must be a str, got bytearray; decode it first"),
    (3, "must be a str, got int"),
]


@pytest.mark.parametrize(("value", "message"), WRONG_TEXTS)
@pytest.mark.parametrize("name", ["text", "content"])
def test_a_text_that_is_none_or_not_a_str_names_the_attribute_in_every_shape(
    name: str, value: object, message: str
) -> None:
    # Haystack's Document of an image keeps content=None; a loader may leave bytes.
    for contexts, where in [
        ([RETURNS, Attributed(name, value)], f"contexts[1].{name} "),
        (Attributed(name, value), f"contexts.{name} "),  # one document alone
        ([{name: value, "meta": {}}], f"contexts[0][{name!r}] "),
    ]:
        with pytest.raises(TypeError) as raised:
            verify(ANSWER, contexts, judge="lexical")  # type: ignore[arg-type]
        assert where + message in str(raised.value)
    if value is not None:
        with pytest.raises(TypeError, match=r"contexts\[0\]\.page_content must be a str, got"):
            read_contexts([Attributed("page_content", value)])


def test_a_sequence_inside_contexts_says_to_flatten_it() -> None:
    with pytest.raises(TypeError, match=r"contexts\[0\] .*got a list \(a sequence inside"):
        read_contexts([[RETURNS, SHIPPING]])
