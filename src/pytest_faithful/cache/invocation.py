"""Where pytest was run, so that a command printed for the user works from there.

pytest names a test relative to its rootdir, while the shell resolves a command's arguments
from the directory the user is in; the two differ whenever pytest runs from a subdirectory (and
a test may change the current directory while it runs). Light to import: the plugin builds one
at start-up.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Invocation:
    directory: Path  # where the user ran pytest
    rootdir: Path  # what pytest's node ids are relative to
    # The run's own arguments that decide which calls its checks make (its judge, their
    # settings, its ini file), as typed: a command that records a missed call repeats them.
    options: tuple[str, ...] = ()

    @classmethod
    def here(cls) -> Invocation:
        """Outside pytest: the current directory is both."""
        cwd = Path.cwd()
        return cls(cwd, cwd)

    def path(self, path: Path) -> str:
        """``path`` as an argument typed in ``directory``."""
        try:
            relative = os.path.relpath(path, self.directory)
        except ValueError:  # on another drive (Windows): only the absolute path reaches it
            return str(path)
        return Path(relative).as_posix()

    def test(self, nodeid: str) -> str:
        """The test ``nodeid`` names, as an argument typed in ``directory``."""
        file, separator, rest = nodeid.partition("::")
        return f"{self.path(self.rootdir / file)}{separator}{rest}"
