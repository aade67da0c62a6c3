"""The model part of a ``local:PATH.gguf[#sha256=HEX]`` spec: its path, its pin, its file.

Light on purpose (no judge, no model): the plugin reads ``--faith-judge`` and ``faith_judge``
with it at start-up, so that a model file that cannot be one is a usage error before any test
runs, and a relative path means the same in every test, whatever directory a test moves to.
"""

from __future__ import annotations

from pathlib import Path

from pytest_faithful.files import gguf_problem, home_expanded, shown_path

# ``local:PATH.gguf#sha256=HEX``: the model file's sha256, pinned in the spec.
PIN_MARK = "#sha256="
_HEX_DIGITS = frozenset("0123456789abcdef")


def split_pin(model: str) -> tuple[str, str | None]:
    """A local spec's model part as its path and the sha256 it pins (lower-case), if any;
    ``ValueError`` for a pin that is not 64 hexadecimal digits."""
    path, mark, pin = model.rpartition(PIN_MARK)
    if not mark:
        return model, None
    pin = pin.strip().lower()
    if len(pin) != 64 or not _HEX_DIGITS.issuperset(pin):
        raise ValueError(
            f"the local judge's sha256 pin must be 64 hexadecimal digits "
            f"('local:PATH.gguf#sha256=HEX'), got {pin[:80]!r}"
        )
    return path.strip(), pin


def check_model(model: str, base: Path | None = None) -> tuple[Path, str | None]:
    """A local spec's model part read: its file's absolute path (``~`` expanded, a relative
    path under ``base``, by default the current directory) and the sha256 it pins.

    ``ValueError`` naming the path when the name is not a ``.gguf``, when it is a directory or,
    without a pin, when the file cannot be a GGUF model.
    """
    location, pinned = split_pin(model)
    if not location:
        raise ValueError("the local judge needs a model file: 'local:/path/to/model.gguf'")
    path = Path(home_expanded(location, "the local judge's model file"))
    if path.suffix.lower() != ".gguf":
        raise ValueError(f"the local judge reads GGUF model files; {location!r} is not a .gguf")
    path = ((base or Path.cwd()) / path).resolve()
    # A pinned file may be absent, or not the model (a Git LFS pointer in a checkout without
    # LFS): its recordings replay, and a reading not recorded says so. A directory never is.
    if pinned is None or path.is_dir():
        problem = gguf_problem(path)
        if problem == "does not exist":
            problem += (
                f" (to replay its recordings without it, pin its sha256: "
                f"'local:{location}#sha256=HEX')"
            )
        if problem is not None:
            raise ValueError(f"the local judge's model file {shown_path(path)} {problem}")
    return path, pinned


def located(model: str, base: Path) -> str:
    """The model part of a local spec with its path made absolute under ``base`` (and its pin
    kept): what the plugin hands the judge factory, so that no test's working directory
    changes which file it means. ``ValueError`` as :func:`check_model`."""
    path, pinned = check_model(model, base)
    return str(path) if pinned is None else f"{path}{PIN_MARK}{pinned}"
