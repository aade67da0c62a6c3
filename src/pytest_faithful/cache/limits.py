"""How large a recorded judge response may be: one limit, the same in every store.

DESIGN: every recording replays, whatever its size, in every store. So both stores (the
diskcache and the directory of JSON files) measure a response the same way, refuse to record
one over the limit (with a warning, as for any response they cannot keep) and read back
everything within it; ``python -m pytest_faithful.cache`` can then move every entry either
store holds into the other.
"""

from __future__ import annotations

import json
from typing import Any, Final

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
