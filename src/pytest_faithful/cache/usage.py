"""What a run did with a recordings directory: plain data, light to import.

The pytest plugin holds one :class:`RecordingsUse` per process from start-up, and xdist workers
send theirs to the controller, so this module imports nothing heavier than the standard library
(and :mod:`pytest_faithful.redaction`, which imports only that).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pytest_faithful.redaction import MASK, masked_from


@dataclass
class RecordingsUse:
    """What a run (or one process of it) did with a recordings directory, in plain data that
    an xdist worker can send to the controller.

    ``used`` holds every key a check asked for whose file was there, read or refused, and every
    key recorded: after a run that asked for everything, the files of the other keys are the
    unused recordings. ``refused`` says why the file of a key asked for could not be read (and
    was not recorded again since). ``written`` holds the keys recorded, and ``askers`` the
    smallest id of the tests that asked for each key: the test a recording names once its run
    is over, whichever test, worker or order happened to write it last. ``recorders`` holds
    the judge kind and model (``"openai:gpt-4o-mini"``, :func:`recorder`) of every request
    asked: only a recording one of them made can be unused by this run; one another judge
    made is kept whatever this run did.
    """

    used: set[str] = field(default_factory=set)
    refused: dict[str, str] = field(default_factory=dict)
    written: set[str] = field(default_factory=set)
    askers: dict[str, str] = field(default_factory=dict)
    recorders: set[str] = field(default_factory=set)

    def ask(self, key: str, test: str | None, recorder: str | None = None) -> None:
        if test is not None:
            self.askers[key] = min(test, self.askers.get(key, test))
        if recorder is not None:
            self.recorders.add(recorder)

    def read(self, key: str) -> None:
        self.used.add(key)
        self.refused.pop(key, None)

    def refuse(self, key: str, reason: str) -> None:
        # A check asked for this recording: it is used even though it could not be read, so
        # that nothing deletes the one copy of what someone has to mend.
        self.used.add(key)
        self.refused[key] = reason

    def wrote(self, key: str) -> None:
        self.read(key)
        self.written.add(key)

    def merge(self, other: RecordingsUse) -> None:
        self.used |= other.used
        self.refused.update(other.refused)
        self.written |= other.written
        for key, test in other.askers.items():
            self.ask(key, test)
        self.recorders |= other.recorders

    def to_data(self) -> dict[str, Any]:
        return {
            "used": sorted(self.used),
            "refused": dict(sorted(self.refused.items())),
            "written": sorted(self.written),
            "askers": dict(sorted(self.askers.items())),
            "recorders": sorted(self.recorders),
        }

    @classmethod
    def from_data(cls, data: object) -> RecordingsUse:
        """What :meth:`to_data` gave; anything else (a worker that sent nothing) is empty."""
        if not isinstance(data, dict):
            return cls()
        return cls(
            used=_strings(data.get("used")),
            refused=_mapping(data.get("refused")),
            written=_strings(data.get("written")),
            askers=_mapping(data.get("askers")),
            recorders=_strings(data.get("recorders")),
        )


def recorder(kind: str, model: str) -> str:
    """How a run and a recording name the judge that made a request: its kind and model."""
    return f"{kind}:{model}"


def records_for(judge_id: str, recorder: str) -> bool:
    """Whether a judge with ``judge_id`` (``"openai:gpt-4o-mini/p4"``) makes requests that
    ``recorder`` (``"openai:gpt-4o-mini"``) names: its id is the recorder, or starts with it
    and a slash (the prompt version and any variant follow).

    A recorder whose model its key masked (``"openai:<redacted>/llama3"``) names the judges
    whose id, up to a slash, it could have been. Only for saying which judge recorded what:
    pruning asks for the recorder exactly, since a masked one could be another judge's.
    """
    if judge_id == recorder or judge_id.startswith(f"{recorder}/"):
        return True
    if MASK not in recorder:
        return False
    ends = [at for at, char in enumerate(judge_id) if char == "/"] + [len(judge_id)]
    return any(masked_from(recorder, judge_id[:end]) for end in ends)


def _strings(data: object) -> set[str]:
    return {str(item) for item in data} if isinstance(data, list) else set()


def _mapping(data: object) -> dict[str, str]:
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
