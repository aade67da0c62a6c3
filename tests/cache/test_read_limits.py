"""Reading a stored reply costs what the reply weighs, not what the limit allows.

Both stores read a file with ``read(max_bytes + 1)`` to tell one over the 512 MiB limit: Python
allocates that whole buffer before reading, so every replayed recording, however small, took
512 MiB of address space for a moment (about 50 µs a read; a ``MemoryError`` under ``ulimit -v``
or strict overcommit). ``limits.read_within`` reads the size the file has, and what it gained
since in chunks.
"""

from __future__ import annotations

import io
import os
import tracemalloc
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful.cache.disk import read_legacy_value_file
from pytest_faithful.cache.limits import MAX_RESPONSE_BYTES, read_within
from pytest_faithful.cache.recordings import RecordingStore
from pytest_faithful.providers.base import JudgeResponse

KEY = "ab" + "0" * 62


@given(
    data=st.binary(max_size=300),
    size=st.integers(min_value=0, max_value=400),
    max_bytes=st.integers(min_value=0, max_value=350),
)
def test_read_within_reads_what_a_whole_read_would_whatever_the_stale_size(
    data: bytes, size: int, max_bytes: int
) -> None:
    # ``size`` is the file's size when it was looked at: smaller (it grew), equal or larger.
    assert read_within(io.BytesIO(data), size, max_bytes) == data[: max_bytes + 1]


def _peak_bytes_of(read: object) -> int:
    assert callable(read)
    tracemalloc.start()
    try:
        read()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_small_recording_or_cache_value_is_read_without_allocating_the_limit(
    tmp_path: Path,
) -> None:
    store = RecordingStore(tmp_path / "recordings")
    assert store.put(KEY, JudgeResponse(text='{"claims": []}', model="m"))
    legacy = tmp_path / "cache" / "ab" / "cd" / ("0" * 28 + ".val")
    legacy.parent.mkdir(parents=True)
    legacy.write_bytes(b"x" * 2000)
    assert store.get(KEY) is not None  # once first: imports and caches are not the read's
    reads = {
        "recording": lambda: store.get(KEY),
        "diskcache value file": lambda: read_legacy_value_file(
            os.fspath(tmp_path / "cache"), "ab/cd/" + "0" * 28 + ".val", MAX_RESPONSE_BYTES
        ),
    }
    peaks = {name: _peak_bytes_of(read) for name, read in reads.items()}
    assert all(peak < 1024 * 1024 for peak in peaks.values()), peaks
