"""Writing a file whole or not at all (``files.write_text``), from many threads at once."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from pytest_faithful.files import write_text


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002, 0o027], ids=oct)
def test_a_file_gets_0666_less_the_umask_and_the_umask_is_never_set(
    umask: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Setting the umask, even to read it back at once, is process-wide: another thread writing
    # at that moment reads the wrong one and may put it back for good.
    before = os.umask(umask)
    try:

        def refuse(mask: int) -> int:
            raise AssertionError(f"os.umask({oct(mask)}) called while writing")

        monkeypatch.setattr(os, "umask", refuse)
        written = [tmp_path / "shard" / f"{n}.json" for n in range(3)]
        for n, path in enumerate(written):
            write_text(path, f"{n}\n")
        threads = [threading.Thread(target=write_text, args=(p, "again\n")) for p in written]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        monkeypatch.undo()
        os.umask(before)
    for path in written:
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
        assert path.read_text() == "again\n"
    assert sorted(p.name for p in written[0].parent.iterdir()) == ["0.json", "1.json", "2.json"]
