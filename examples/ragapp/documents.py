"""The help-centre articles and how they are cut into retrievable chunks."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class Chunk:
    """One paragraph of one article: the unit the retriever returns as a context."""

    doc_id: str
    title: str
    index: int
    text: str


@dataclass(frozen=True)
class Document:
    """One help-centre article, stored as ``docs/<doc_id>.md`` in this package."""

    doc_id: str
    title: str
    text: str

    def chunks(self) -> list[Chunk]:
        """Paragraphs (separated by blank lines) of the article body, heading excluded."""
        paragraphs = [" ".join(p.split()) for p in self.text.split("\n\n")]
        body = [p for p in paragraphs if p and not p.startswith("#")]
        return [Chunk(self.doc_id, self.title, i, text) for i, text in enumerate(body)]


def load_documents() -> list[Document]:
    """All articles in ``docs/``, sorted by id so every run indexes them in the same order."""
    docs_dir = resources.files("ragapp").joinpath("docs")
    documents = []
    for entry in sorted(docs_dir.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".md"):
            continue
        text = entry.read_text(encoding="utf-8")
        heading = next((line for line in text.splitlines() if line.startswith("# ")), entry.name)
        documents.append(Document(entry.name.removesuffix(".md"), heading[2:].strip(), text))
    return documents
