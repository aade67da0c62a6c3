"""The judge protocol: what the verifier needs from anything that gives verdicts."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard, runtime_checkable

from pytest_faithful.text.segment import Sentence

if TYPE_CHECKING:
    from pytest_faithful.models import Claim, ExtractedClaims, PassageUses, Relevances, Verdicts


@runtime_checkable
class Judge(Protocol):
    """Splits an answer's sentences into claims and gives one verdict per claim.

    ``id`` names the judge kind, model and prompt version (``"lexical/v1"``,
    ``"openai:gpt-4o-mini/p4"``); it appears in every result and report.
    ``heuristic`` is True when verdicts do not come from a model.
    """

    @property
    def id(self) -> str: ...

    @property
    def heuristic(self) -> bool: ...

    def extract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        """Claims for the given answer sentences; each claim names its sentence by offsets."""
        ...

    def verify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        """One verdict per claim, in any order, each naming its claim by index."""
        ...


@runtime_checkable
class SingleCallJudge(Judge, Protocol):
    """A judge that can also extract and verify in one step (e.g. one model request).

    The verifier uses ``extract_and_verify`` instead of the two steps when ``single_call`` is
    true and there are passages to check against.
    """

    @property
    def single_call(self) -> bool: ...

    def extract_and_verify(
        self, sentences: Sequence[Sentence], passages: Sequence[str], question: str | None
    ) -> tuple[ExtractedClaims, Verdicts]:
        """Claims (as ``extract_claims``) and one verdict per claim (as ``verify``)."""
        ...


@runtime_checkable
class RelevanceJudge(Protocol):
    """A judge that can say whether answer claims address the question (answer relevancy).

    ``metric_version`` names the metric prompts (or heuristic) and is added to the judge id in
    metric results (``openai:gpt-4o-mini/p2/m1``).
    """

    @property
    def id(self) -> str: ...

    @property
    def heuristic(self) -> bool: ...

    @property
    def metric_version(self) -> str: ...

    def judge_relevance(self, claims: Sequence[Claim], question: str) -> Relevances:
        """One verdict per claim (any order, each naming its claim by index), and whether the
        answer as a whole is noncommittal."""
        ...


@runtime_checkable
class PassageJudge(Protocol):
    """A judge that can say which retrieved passages are useful for a question (precision)."""

    @property
    def id(self) -> str: ...

    @property
    def heuristic(self) -> bool: ...

    @property
    def metric_version(self) -> str: ...

    def judge_passages(
        self, passages: Sequence[str], question: str, reference: str | None
    ) -> PassageUses:
        """One verdict per passage (any order, each naming its passage by index)."""
        ...


def _class_conforms(obj: object, protocol: Any) -> bool:
    cls: Any = obj.__class__
    return _conforming_class(cls, protocol)


# Any: mypy does not see a class or a protocol as Hashable, which lru_cache's arguments are.
@functools.lru_cache(maxsize=256)
def _conforming_class(cls: Any, protocol: Any) -> bool:
    # A class that has every member of the protocol makes every instance conform.
    return isinstance(cls, protocol)


# ``isinstance(obj, Judge)``, remembered per class: on Python < 3.12 each runtime protocol
# check lists the protocol's members again, which cost a replayed check ~0.1 ms. Members set on
# the instance only are still found (the class answer is not cached as "no" for its instances).
def is_judge(obj: object) -> TypeGuard[Judge]:
    return _class_conforms(obj, Judge) or isinstance(obj, Judge)


def is_single_call_judge(obj: object) -> TypeGuard[SingleCallJudge]:
    return _class_conforms(obj, SingleCallJudge) or isinstance(obj, SingleCallJudge)
