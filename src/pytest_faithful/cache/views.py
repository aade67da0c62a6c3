"""What a reviewer reads in a recording: the request's claims and passages, the reply's JSON.

Both views are derived, never trusted: the directory store recomputes them from the request
being asked and the reply text being replayed, and refuses a file whose views differ, so a
recording cannot show a pull request's reviewer one thing and replay another.
"""

from __future__ import annotations

import re
from typing import Any, Final

from pytest_faithful.providers.base import JudgeRequest
from pytest_faithful.text import nesting

# "[claim 3] text" lines of the LLM judges' prompts (judges/llm/prompts.py).
_NUMBERED: Final = re.compile(r"^\[(?P<tag>[a-z]+) \d+\] (?P<text>.*)$")
# The sections that precede a question in the LLM prompts.
_QUESTION_HEADINGS: Final = ("Question:", "Question the answer responded to:")
# The last passage and claim of the local judge's prompt (judges/local/prompt.py).
_LOCAL: Final = re.compile(
    r"Passage:\n(?P<passage>.*?)(?:\n\nThe claim answers: (?P<question>.*?))?"
    r"\n\nClaim: (?P<claim>.*?)\n\nDoes the passage support the claim\?",
    re.DOTALL,
)
_PLURAL: Final = {"claim": "claims", "passage": "passages", "sentence": "sentences"}


def _numbered_view(text: str) -> dict[str, Any]:
    view: dict[str, Any] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        match = _NUMBERED.match(line)
        if match:
            tag = _PLURAL.get(match["tag"], match["tag"])
            view.setdefault(tag, []).append(match["text"])
        elif line in _QUESTION_HEADINGS and i + 1 < len(lines):
            view["question"] = lines[i + 1]
    return view


def asked_view(request: JudgeRequest) -> dict[str, Any]:
    """The claims, sentences, passages and question a request asks about, without the prompt.

    A repair request (the judge asking again after an unusable reply) also shows what it said
    and the reply it was about. A prompt this module does not know is shown whole.
    """
    messages = request.messages
    start = next((i for i, m in enumerate(messages) if m.role == "user"), None)
    if start is None:
        return {}
    first = messages[start].content
    view = _numbered_view(first)
    if not view:
        local = list(_LOCAL.finditer(first))
        if local:
            last = local[-1]
            view = {"claim": last["claim"], "passage": last["passage"]}
            if last["question"]:
                view["question"] = last["question"]
        else:
            view = {"prompt": first}
    if start + 1 < len(messages):
        # A repair: the earlier reply and the complaint follow the first request.
        view["repair"] = [{"role": m.role, "content": m.content} for m in messages[start + 1 :]]
    return view


def reply_view(text: str) -> Any:
    """The reply text parsed as JSON, so a diff shows each verdict on its own line; ``None``
    when the reply is not a JSON object or array (it is then read as ``reply.text`` only)."""
    try:
        parsed = nesting.loads(text)
    except (ValueError, RecursionError):
        return None
    return parsed if isinstance(parsed, (dict, list)) else None
