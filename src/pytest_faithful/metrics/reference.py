"""Reference checks: does the answer still state what a golden answer states? No judge.

Five deterministic checks, each naming what is missing:

* ``numbers``: every quantity of the reference (value with its currency, percentage or unit,
  :mod:`pytest_faithful.metrics.numbers`) is stated in the answer. Passes only when all are.
* ``keywords``: given words or phrases (all required), or, with ``keywords=True``, the
  reference's own: its capitalised phrases, its numbers and its content words; the check passes
  when the answer covers at least ``threshold`` of them. A keyword is covered when every content
  term of it (lowercased, lightly stemmed: :func:`pytest_faithful.text.terms.content_terms`) is in
  the answer; a number keyword when the quantity is.
* ``exact``: the answer equals the reference after normalising case, Unicode forms,
  punctuation, articles (a, an, the) and whitespace (SQuAD's normalised exact match).
* ``completeness``: each reference sentence that states something is covered when the answer
  states its quantities and at least :data:`SENTENCE_COVERAGE` of its content terms; the share
  of covered sentences must reach ``threshold``.
* ``citations``: the answer cites its sources with markers ("[1]", "[2, 3]", "[1-2]", "[^2]",
  counted from 1) and every marker points at a passage that exists; with
  ``citations="sentence"`` every answer sentence that states something carries one, inside it
  or right after its full stop ("Refunds take 30 days. [1]").

The score is the mean of the enabled checks' scores; the check passes when each enabled check
passes.
"""

from __future__ import annotations

import bisect
import re
import time
import unicodedata
from collections.abc import Sequence
from typing import Literal

from pytest_faithful.metrics.numbers import missing_quantities, quantities
from pytest_faithful.models import MetricItem, MetricPart, MetricResult
from pytest_faithful.text.segment import Sentence, split_sentences
from pytest_faithful.text.terms import content_terms  # memoised: keywords recur across checks

REFERENCE_JUDGE_ID = "reference/v1"
DEFAULT_REFERENCE_THRESHOLD = 0.8
SENTENCE_COVERAGE = 2 / 3
CitationMode = Literal["any", "sentence"]

_ARTICLES = re.compile(r"\b(?:a|an|the)\b")
_NOT_WORD = re.compile(r"[^\w\s]")
_SPACES = re.compile(r"\s+")
_CAPITALISED = re.compile(r"\b[A-Z][\w'&-]*(?:\s+(?:of|the|and|de|for|&)?\s*[A-Z][\w'&-]*)*")
_LEADING_ARTICLE = re.compile(r"^(?:The|A|An)\s+")
_WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
# "[1]", "[2, 3]", "[1-2]" and Markdown footnotes ("[^2]"); a number of ten digits or more is no
# passage's.
_MARKER = re.compile(r"\[(\s*\^?\d{1,9}\s*(?:[,;\u2013-]\s*\^?\d{1,9}\s*)*)\]")


def normalize_exact(text: str) -> str:
    """Lowercase, NFKC, no punctuation, no articles, single spaces (SQuAD's normalisation)."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = _NOT_WORD.sub(" ", text)
    text = _ARTICLES.sub(" ", text)
    return _SPACES.sub(" ", text).strip()


def reference_keywords(reference: str) -> list[str]:
    """The reference's keywords as written: capitalised phrases, quantities, content words.

    A capitalised word that only starts a sentence is a content word like any other; each
    keyword appears once, and a content word inside a phrase or quantity already listed is
    not listed again.
    """
    keywords: list[str] = []
    seen_terms: set[str] = set()
    quantity_spans: list[tuple[int, int]] = []

    def add(keyword: str) -> None:
        terms = content_terms(keyword)
        if not terms or terms <= seen_terms:
            return
        keywords.append(keyword)
        seen_terms.update(terms)

    starts = {s.start for s in split_sentences(reference)}
    for match in _CAPITALISED.finditer(reference):
        phrase = _LEADING_ARTICLE.sub("", match.group(0).strip())
        if match.start() in starts and " " not in phrase:
            continue
        add(phrase)
    for quantity in quantities(reference):
        add(quantity.text)
        quantity_spans.append((quantity.start, quantity.end))
    quantity_starts = [start for start, _ in quantity_spans]  # in order, none overlapping
    for match in _WORD.finditer(reference):
        # A unit written into its quantity ("pm" of "2-4pm", "kg" of "3.5kg") is part of it.
        at = bisect.bisect_right(quantity_starts, match.start()) - 1
        if at < 0 or quantity_spans[at][1] < match.end():
            add(match.group(0))
    return keywords


def _covered(keyword: str, answer_terms: frozenset[str], answer: str) -> bool:
    """Whether the answer states ``keyword``: as written, where it stands on its own (no letter
    against a letter, no digit against a digit, at either end), whatever a reading makes of it
    ("24" and "7" in "open 24/7", which reads as one term, round the clock; "PM" in "13PM";
    not "not" in "Nothing here."); else, for a keyword with content words, its quantities and
    its terms (stems) in the answer's, its quantities read as what they are ("$1,000" is "one
    thousand dollars"), not as words."""
    if _said_as_written(_folded(keyword), _folded(answer)):
        return True
    stated = quantities(keyword)
    if not stated:
        terms = content_terms(keyword)
        return bool(terms) and terms <= answer_terms
    if missing_quantities(keyword, answer)[1]:
        return False
    rest = keyword
    for quantity in stated:
        rest = rest[: quantity.start] + " " * (quantity.end - quantity.start) + rest[quantity.end :]
    return content_terms(rest) <= answer_terms


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _said_as_written(wanted: str, text: str) -> bool:
    wanted = wanted.strip()
    if not wanted:
        return False
    at = text.find(wanted)
    while at >= 0:
        end = at + len(wanted)
        if not _joined(text[at - 1 : at], wanted[0]) and not _joined(
            wanted[-1], text[end : end + 1]
        ):
            return True
        at = text.find(wanted, at + 1)
    return False


def _joined(left: str, right: str) -> bool:
    """Whether two adjacent characters belong to one word or one number."""
    if not left or not right:
        return False
    return (left.isalpha() and right.isalpha()) or (left.isdigit() and right.isdigit())


def check_keywords(
    answer: str, keywords: Sequence[str], threshold: float, *, given: bool
) -> tuple[MetricPart, list[MetricItem]]:
    answer_terms = content_terms(answer)
    items = [
        MetricItem(
            kind="keyword",
            part="keywords",
            text=keyword,
            ok=(ok := _covered(keyword, answer_terms, answer)),
            reason="in the answer" if ok else "not in the answer",
        )
        for keyword in keywords
    ]
    found = sum(item.ok for item in items)
    total = len(items)
    score = found / total if total else 1.0
    needed = 1.0 if given else threshold
    missing = [item.text for item in items if not item.ok]
    detail = f"{found}/{total} keywords" + (f"; missing: {_listing(missing)}" if missing else "")
    if not given and total:
        detail += f" (coverage {score:.2f}, needs {needed:.2f})"
    return MetricPart(name="keywords", score=score, passed=score >= needed, detail=detail), items


def check_numbers(answer: str, reference: str) -> tuple[MetricPart, list[MetricItem]]:
    found, missing = missing_quantities(reference, answer)
    items = [
        MetricItem(kind="number", part="numbers", text=q.text, ok=True, reason=q.describe())
        for q in found
    ] + [
        MetricItem(
            kind="number",
            part="numbers",
            text=q.text,
            ok=False,
            reason=f"{q.describe()} is not stated in the answer",
        )
        for q in missing
    ]
    total = len(items)
    score = len(found) / total if total else 1.0
    detail = f"{len(found)}/{total} numbers" + (
        f"; missing: {_listing([q.text for q in missing])}" if missing else ""
    )
    return MetricPart(name="numbers", score=score, passed=not missing, detail=detail), items


def check_exact(answer: str, reference: str) -> tuple[MetricPart, list[MetricItem]]:
    ok = normalize_exact(answer) == normalize_exact(reference)
    detail = (
        "the answer matches the reference (normalised)"
        if ok
        else "the answer differs from the reference (normalised)"
    )
    item = MetricItem(kind="exact", part="exact", text=reference, ok=ok, reason=detail)
    return MetricPart(name="exact", score=float(ok), passed=ok, detail=detail), [item]


def check_completeness(
    answer: str, reference: str, threshold: float
) -> tuple[MetricPart, list[MetricItem]]:
    answer_terms = content_terms(answer)
    items = []
    for sentence in split_sentences(reference):
        terms = content_terms(sentence.text)
        if not terms:
            continue
        _, missing_numbers = missing_quantities(sentence.text, answer)
        share = len(terms & answer_terms) / len(terms)
        ok = not missing_numbers and share >= SENTENCE_COVERAGE
        if missing_numbers:
            reason = f"missing {_listing([q.text for q in missing_numbers])}"
        else:
            reason = f"{share:.0%} of its content words in the answer"
        items.append(
            MetricItem(
                kind="sentence", part="completeness", text=sentence.text, ok=ok, reason=reason
            )
        )
    covered = sum(item.ok for item in items)
    total = len(items)
    score = covered / total if total else 1.0
    missing = [item.text for item in items if not item.ok]
    detail = f"{covered}/{total} reference sentences covered" + (
        f"; missing: {_listing(missing)}" if missing else ""
    )
    return (
        MetricPart(name="completeness", score=score, passed=score >= threshold, detail=detail),
        items,
    )


def citation_markers(answer: str) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each citation marker as (start, end, the passage numbers it names, 1-based)."""
    markers = []
    for match in _MARKER.finditer(answer):
        numbers: list[int] = []
        for part in re.split(r"[,;]", match.group(1)):
            ends = [int(n) for n in re.findall(r"\d+", part)]
            if len(ends) == 2 and 0 <= ends[1] - ends[0] <= 100:
                numbers.extend(range(ends[0], ends[1] + 1))
            else:
                numbers.extend(ends)
        markers.append((match.start(), match.end(), tuple(numbers)))
    return markers


def without_markers(text: str) -> str:
    """``text`` with its citation markers blanked out (offsets unchanged)."""
    return _MARKER.sub(lambda m: " " * len(m.group(0)), text)


def check_citations(
    answer: str, n_passages: int, mode: CitationMode
) -> tuple[MetricPart, list[MetricItem]]:
    markers = citation_markers(answer)
    items: list[MetricItem] = []
    for start, end, numbers in markers:
        bad = [n for n in numbers if not 1 <= n <= n_passages]
        reason = (
            f"cites passage(s) {', '.join(map(str, bad))}, but there are {n_passages} "
            f"(numbered 1 to {n_passages})"
            if bad
            else "points at a passage that exists"
        )
        items.append(
            MetricItem(
                kind="citation", part="citations", text=answer[start:end], ok=not bad, reason=reason
            )
        )
    if mode == "sentence":
        sentences = split_sentences(answer)
        cited = _cited_sentences(answer, sentences, [start for start, _, _ in markers])
        for k, sentence in enumerate(sentences):
            if not content_terms(_MARKER.sub(" ", sentence.text)):
                continue
            if k not in cited:
                items.append(
                    MetricItem(
                        kind="sentence",
                        part="citations",
                        text=sentence.text,
                        ok=False,
                        reason="states something but cites no passage",
                    )
                )
    if not markers:
        items.append(
            MetricItem(
                kind="citation",
                part="citations",
                text="",
                ok=False,
                reason="the answer cites no passage (no [n] marker)",
            )
        )
    good = sum(item.ok for item in items)
    score = good / len(items) if items else 1.0
    failing = [item for item in items if not item.ok]
    detail = f"{len(markers)} citation marker(s)" + (
        "; " + "; ".join(f"{_shorten(i.text) or 'answer'}: {i.reason}" for i in failing[:5])
        if failing
        else ", each pointing at a passage that exists"
    )
    return MetricPart(name="citations", score=score, passed=not failing, detail=detail), items


def _cited_sentences(answer: str, sentences: Sequence[Sentence], starts: Sequence[int]) -> set[int]:
    """The indices of the sentences a marker cites: the one it stands in, or just after ("Fact.
    [1]"); a marker that opens a sentence right after another one ("Fact one. [1] Fact two.")
    cites the sentence before it, as the same marker before that sentence's full stop would."""
    cited: set[int] = set()
    sentence_starts = [sentence.start for sentence in sentences]
    for start in starts:
        k = bisect.bisect_right(sentence_starts, start) - 1
        if k < 0:
            continue
        opens = not answer[sentences[k].start : start].strip()
        cited.add(k - 1 if opens and k > 0 else k)
    return cited


def _shorten(text: str, width: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 3] + "..."


def _listing(values: Sequence[str], most: int = 8) -> str:
    shown = ", ".join(repr(_shorten(v)) for v in values[:most])
    return shown + (f" and {len(values) - most} more" if len(values) > most else "")


def compare(
    answer: str,
    reference: str,
    *,
    numbers: bool = True,
    keywords: bool | Sequence[str] = True,
    exact: bool = False,
    completeness: bool = False,
    citations: bool | CitationMode = False,
    contexts: Sequence[str] | None = None,
    threshold: float = DEFAULT_REFERENCE_THRESHOLD,
) -> MetricResult:
    """Run the enabled reference checks; arguments are already validated
    (:func:`pytest_faithful.metrics.inputs.check_reference_arguments`)."""
    started = time.perf_counter()
    parts: list[MetricPart] = []
    items: list[MetricItem] = []
    cited_answer = answer
    # Citation markers ("[1]") are not numbers or words the answer states.
    answer, reference = without_markers(answer), without_markers(reference)
    # A check the reference gives nothing to compare (no number for ``numbers``) is left out:
    # scoring it 1.0 would lift the score for nothing checked.
    unchecked: list[str] = []
    if numbers:
        _add(parts, items, check_numbers(answer, reference), unchecked, "states no number")
    if keywords is not False:
        words = reference_keywords(reference) if keywords is True else list(keywords)
        _add(
            parts,
            items,
            check_keywords(answer, words, threshold, given=keywords is not True),
            unchecked,
            "has no keywords",
        )
    if exact:
        _add(parts, items, check_exact(answer, reference))
    if completeness:
        checked = check_completeness(answer, reference, threshold)
        _add(parts, items, checked, unchecked, "has no sentence that states something")
    if citations:
        mode: CitationMode = "sentence" if citations == "sentence" else "any"
        _add(parts, items, check_citations(cited_answer, len(contexts or ()), mode))
    if not parts:
        raise ValueError(
            f"reference gives the enabled checks nothing to compare: it {' and '.join(unchecked)} "
            f"({_shorten(reference)!r}); give a golden answer that states it, or enable "
            "another check"
        )
    score = sum(p.score for p in parts) / len(parts)
    passed = all(p.passed for p in parts)
    return MetricResult(
        metric="reference",
        score=score,
        passed=passed,
        threshold=threshold,
        judge_id=REFERENCE_JUDGE_ID,
        heuristic=False,
        items=tuple(items),
        parts=tuple(parts),
        duration_s=time.perf_counter() - started,
        explanation=_explain(parts, passed, unchecked),
    )


def _add(
    parts: list[MetricPart],
    items: list[MetricItem],
    checked: tuple[MetricPart, list[MetricItem]],
    unchecked: list[str] | None = None,
    why: str = "",
) -> None:
    part, found = checked
    if not found and unchecked is not None:
        unchecked.append(why)
        return
    parts.append(part)
    items.extend(found)


def _explain(parts: Sequence[MetricPart], passed: bool, unchecked: Sequence[str]) -> str:
    failing = [p for p in parts if not p.passed]
    if passed:
        names = ", ".join(p.name for p in parts)
        explained = f"passed: reference checks ({names}) all pass"
    else:
        explained = "failed: " + "; ".join(f"{p.name}: {p.detail}" for p in failing)
    if unchecked:
        explained += f" (not checked: the reference {' and '.join(unchecked)})"
    return explained
