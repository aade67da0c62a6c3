"""How large a recorded judge response may be: one limit, the same in every store.

DESIGN: every recording replays, whatever its size, in every store. So both stores (the
diskcache and the directory of JSON files) measure a response the same way, refuse to record
one over the limit (with a warning, as for any response they cannot keep) and read back
everything within it; ``python -m pytest_faithful.cache`` can then move every entry either
store holds into the other.
"""

from __future__ import annotations

import json
from typing import Any, BinaryIO, Final

MAX_RESPONSE_BYTES: Final = 512 * 1024 * 1024
"""The largest response any store records and replays, as :func:`response_size` measures it.

512 MiB is what the directory store already read (its file limit), so every recording that
replayed before still does, and now in the diskcache too, which used to stop at 64 MiB. It is
far above any real judge reply (a model's output limit, some 128k tokens, is under 1 MB): it
is there to bound the memory a damaged or hostile entry can take (reading an entry takes about
five times its size at its peak), not to cut replies. It also stays well below SQLite's largest
value (1,000,000,000 bytes) with the zlib frame around it.
"""


def response_size(reply: dict[str, Any]) -> int:
    """The size of a response (``JudgeResponse.model_dump(mode="json")``) as the limit
    measures it: its compact JSON with non-ASCII characters escaped, which is how the diskcache
    stores it and never smaller than the UTF-8 JSON a recording file holds it in."""
    return len(json.dumps(reply))


_CHUNK: Final = 1024 * 1024


def read_within(file: BinaryIO, size: int, max_bytes: int) -> bytes:
    """At most ``max_bytes + 1`` bytes of ``file`` (so a caller can tell it was over), with
    ``size`` (its ``fstat`` size) bytes read at once and anything written since read in 1 MiB
    chunks. ``file.read(max_bytes + 1)`` would allocate the whole limit, 512 MiB, for every
    recording it read, however small: some 50 µs a read, and a ``MemoryError`` where the
    address space is limited (``ulimit -v``, strict overcommit)."""
    first = min(size, max_bytes) + 1
    parts = [file.read(first)]
    total = len(parts[0])
    if total == first:  # it grew since: a read returns less only at the end of a file
        while total <= max_bytes and (chunk := file.read(min(_CHUNK, max_bytes + 1 - total))):
            parts.append(chunk)
            total += len(chunk)
    return b"".join(parts)
