"""Writing a file whole or not at all: report files, the baseline, recordings; and whether a
path given for one can be used at all. No pytest here."""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

# A temporary file is opened as the file it becomes would be: 0666 less the umask, which the
# system applies. Reading the umask would mean setting it (os.umask), process-wide state that
# another thread writing at the same moment would read back and keep.
_CREATE_FLAGS = (
    os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
)


def _temporary(path: Path) -> tuple[int, Path]:
    """A new file next to ``path``, hidden (a dot name, which a recordings directory skips)."""
    for _ in range(100):
        tmp = path.with_name(f".{path.name}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(tmp, _CREATE_FLAGS, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary file name", str(path.parent))


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file, then a rename),
    creating missing parent directories. The file gets the usual permissions (0666 less the
    umask), not the 0600 of ``tempfile``'s files, so a CI artifact step or a web server can
    read it; the process's umask is never changed, not even for a moment (threads write at once)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _temporary(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


# When the file system cannot say (no pathconf): the usual limits of Linux and macOS.
_NAME_MAX = 255
_PATH_MAX = 4096


def shown_path(path: str | os.PathLike[str], width: int = 100) -> str:
    """A path quoted for a message, its middle cut out when it is longer than ``width``."""
    text = os.fspath(path)
    if len(text) > width:
        text = f"{text[: width * 2 // 3]}...{text[-(width // 3) :]}"
    return repr(text)


def _limit(path: Path, name: str, default: int) -> int:
    """``os.pathconf`` of the nearest existing folder above ``path`` (``default`` if none)."""
    for folder in path.parents:
        try:
            return os.pathconf(folder, name)
        except (OSError, ValueError, AttributeError):  # no such folder; no pathconf (Windows)
            continue
    return default


def _too_long(path: Path) -> str:
    name_max = _limit(path, "PC_NAME_MAX", _NAME_MAX)
    longest = max(path.parts, key=lambda part: len(os.fsencode(part)))
    size = len(os.fsencode(longest))
    if size > name_max:
        return (
            f"the name {shown_path(longest, 40)} in it is {size} bytes long; the file system "
            f"allows {name_max}"
        )
    path_max = _limit(path, "PC_PATH_MAX", _PATH_MAX)
    return f"it is {len(os.fsencode(path))} bytes long; the file system allows {path_max}"


def path_problem(path: Path, *, directory: bool) -> str | None:
    """Why ``path`` cannot be used as a file (or, with ``directory``, a directory) that is
    read or made there, in a few words; None when it can. A path that does not exist yet can,
    if its name is one the file system takes. Whether it can be written is known only when
    it is (a report that cannot be written is reported then)."""
    try:
        found = path.stat()
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return "a folder in it is a file"
    except UnicodeEncodeError:
        return "it cannot be encoded as a file name (a lone surrogate character)"
    except ValueError:  # an embedded NUL character
        return "it holds a NUL character"
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return _too_long(path)
        return exc.strerror or str(exc)
    if directory and not stat.S_ISDIR(found.st_mode):
        return "is a file, not a directory"
    if not directory and stat.S_ISDIR(found.st_mode):
        return "is a directory, not a file"
    return None


def home_expanded(text: str, name: str) -> str:
    """``text`` with a leading ``~`` or ``~user`` expanded, as a shell would; ValueError naming
    ``name`` when it names no home directory (a folder called ``~`` is never what was meant)."""
    if not text.startswith("~"):
        return text
    expanded = os.path.expanduser(text)
    if expanded.startswith("~"):  # os.path.expanduser leaves what it cannot expand
        head = re.split(r"[\\/]", text, maxsplit=1)[0]
        raise ValueError(
            f"{name} {shown_path(text)}: {head!r} names no home directory on this machine"
        )
    return expanded


def usable_directory(value: str | os.PathLike[str], name: str) -> Path:
    """The directory argument ``name`` of a library call, ``~`` expanded; ValueError naming
    the argument when it cannot be used."""
    text = home_expanded(os.fspath(value), name)
    path = Path(text)
    problem = path_problem(path, directory=True)
    if problem is not None:
        raise ValueError(f"{name} {shown_path(text)}: {problem}")
    return path


GGUF_MAGIC = b"GGUF"
_LFS_POINTER = b"version https://git-lfs"


def gguf_problem(path: Path) -> str | None:
    """Why ``path`` cannot be a GGUF model file, in a few words; None when it can be one
    (it exists, is a file, can be read and starts as a GGUF file does)."""
    try:
        if not path.exists():
            return "does not exist"
        if path.is_dir():
            return "is a directory, not a model file"
        with path.open("rb") as handle:
            head = handle.read(len(_LFS_POINTER))
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        return f"cannot be read ({exc})"
    if head.startswith(GGUF_MAGIC):
        return None
    if head.startswith(_LFS_POINTER):
        return "is a Git LFS pointer, not the model: fetch the file itself (git lfs pull)"
    if not head:
        return "is empty, not a GGUF model file"
    return f"is not a GGUF model file (it starts with {head[:8]!r}, not {GGUF_MAGIC!r})"
