"""A small deterministic BM25 retriever over paragraph chunks. No third-party dependencies."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from ragapp.documents import Chunk

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
# Question words and function words that say nothing about which article is relevant.
_STOPWORD_TEXT = """
    a an and are as at be by can do does for from how i if in is it my of on or the to we what
    when where which will with you your
"""
_STOPWORDS = frozenset(_STOPWORD_TEXT.split())


def tokenize(text: str) -> list[str]:
    """Lowercased words without stopwords, with a plural -s stripped ("returns" -> "return")."""
    tokens = []
    for word in _WORD.findall(text.lower()):
        if word in _STOPWORDS:
            continue
        if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        tokens.append(word)
    return tokens


class BM25Retriever:
    """Okapi BM25 over chunks; each chunk is indexed with its article title."""

    def __init__(self, chunks: Sequence[Chunk], *, k1: float = 1.5, b: float = 0.75) -> None:
        self.chunks = list(chunks)
        self.k1 = k1
        self.b = b
        self._tf = [Counter(tokenize(f"{c.title} {c.text}")) for c in self.chunks]
        self._len = [sum(tf.values()) for tf in self._tf]
        self._avg_len = sum(self._len) / len(self._len) if self._len else 0.0
        df: Counter[str] = Counter()
        for tf in self._tf:
            df.update(tf.keys())
        n = len(self.chunks)
        self._idf = {term: math.log(1 + (n - d + 0.5) / (d + 0.5)) for term, d in df.items()}

    def score(self, query: str, position: int) -> float:
        tf, length = self._tf[position], self._len[position]
        total = 0.0
        for term in set(tokenize(query)):
            freq = tf.get(term, 0)
            if freq:
                norm = self.k1 * (1 - self.b + self.b * length / self._avg_len)
                total += self._idf[term] * freq * (self.k1 + 1) / (freq + norm)
        return total

    def search(self, query: str, k: int = 3) -> list[Chunk]:
        """The ``k`` best-scoring chunks, best first; ties go to the earlier chunk."""
        scored = [(self.score(query, i), i) for i in range(len(self.chunks))]
        ranked = sorted((s for s in scored if s[0] > 0), key=lambda s: (-s[0], s[1]))
        return [self.chunks[i] for _, i in ranked[:k]]
