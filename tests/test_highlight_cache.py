"""The highlighting cache (tools/highlight_cache.py) returns what Pygments writes, and a change to
anything the output depends on is a new entry."""

from __future__ import annotations

from pygments import highlight
from pygments.lexers import get_lexer_by_name
from pymdownx.highlight import BlockHtmlFormatter

from tools import highlight_cache

SRC = "import torch\nx = torch.ones(2)  # a comment\nprint(x)\n"


def formatter(**options):
    return BlockHtmlFormatter(cssclass="highlight", wrapcode=True, **options)


def test_a_cached_block_is_what_pygments_writes(tmp_path):
    lexer = get_lexer_by_name("python")
    want = highlight(SRC, lexer, formatter())
    first = highlight_cache.cached_highlight(SRC, lexer, formatter(), folder=tmp_path)
    assert len(list(tmp_path.glob("*.html"))) == 1
    second = highlight_cache.cached_highlight(SRC, lexer, formatter(), folder=tmp_path)
    assert first == second == want
    assert not list(tmp_path.glob("*.partial"))


def test_a_changed_source_or_option_is_a_new_entry(tmp_path):
    lexer = get_lexer_by_name("python")
    base = highlight_cache.key(SRC, lexer, formatter())
    assert base == highlight_cache.key(SRC, get_lexer_by_name("python"), formatter())
    assert base != highlight_cache.key(SRC + "y = 1\n", lexer, formatter())
    assert base != highlight_cache.key(SRC, lexer, formatter(lineanchors="a-1"))
    assert base != highlight_cache.key(SRC, get_lexer_by_name("text"), formatter())
    # the same source and options in a second block get its own anchors, so its own entry
    got = highlight_cache.cached_highlight(
        SRC, lexer, formatter(lineanchors="b-2"), folder=tmp_path
    )
    assert got == highlight(SRC, lexer, formatter(lineanchors="b-2"))


def test_a_build_keeps_only_the_entries_it_used(tmp_path):
    lexer = get_lexer_by_name("python")
    highlight_cache.cached_highlight(SRC, lexer, formatter(), folder=tmp_path)
    highlight_cache._used.clear()  # a new build
    changed = SRC + "y = 1\n"
    highlight_cache.cached_highlight(changed, lexer, formatter(), folder=tmp_path)
    assert len(list(tmp_path.glob("*.html"))) == 2
    highlight_cache.prune(tmp_path)
    kept = [p.name for p in tmp_path.glob("*.html")]
    assert kept == [f"{highlight_cache.key(changed, lexer, formatter())}.html"]
