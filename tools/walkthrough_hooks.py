"""MkDocs hooks for the walkthrough notebooks (docs/walkthroughs/*.py, rendered by mkdocs-jupyter).

mkdocs-jupyter executes each notebook (cached in .cache/mkdocs-jupyter by file hash) and returns nbconvert's
HTML: about 600 KB of inlined JupyterLab CSS and scripts, then the cells. For each walkthrough page this hook

- keeps only the cells, shows code cells as Material code blocks (its highlighting, copy button, dark mode),
  left out of the search index as question pages' code is, joins a cell's printed output into one block,
  and leaves the rest to docs/assets/walkthroughs.css;
- fails the build on any stderr output in the page (a warning printed by a cell is a bug to fix);
- gives each plot the alt text of its cell's `alt` metadata (`# %% alt="..."`), and fails on a plot without;
- rewrites the Markdown cells' links to other pages (`../training/index.md#overfitting`) into site URLs, and
  has MkDocs validate them like any other page's links;
- keys mkdocs-jupyter's execution cache on requirements.txt as well as on the notebook, so that a new torch pin
  re-executes every walkthrough (the footer says which torch the outputs came from);
- writes the notebook as .ipynb next to the page (mkdocs-jupyter's `include_source` copies the .py), for the
  download buttons of overrides/main.html.
"""

from __future__ import annotations

import hashlib
import logging
import os
import posixpath
import re
from html import escape, unescape
from pathlib import Path
from urllib.parse import urlsplit

import jupytext
from mkdocs.exceptions import PluginError

from tools.qa.rules import violation

log = logging.getLogger("mkdocs.hooks.walkthroughs")

WALKTHROUGHS = "walkthroughs/"
CHANGED = "mkdocs-jupyter's HTML is not what tools/walkthrough_hooks.py expects (update the hook)"

# Tiny models: one thread is faster than several on a shared machine. Kernels inherit
# this; tests do the same.
os.environ.setdefault("OMP_NUM_THREADS", "1")


def on_config(config):
    root = Path(config.config_file_path).parent
    pins = hashlib.sha256((root / "requirements.txt").read_bytes()).hexdigest()[:16]
    config.plugins["mkdocs-jupyter"].config["cache_dir"] = str(
        root / ".cache" / "mkdocs-jupyter" / pins
    )
    return config


def is_walkthrough(page) -> bool:
    return page.file.src_uri.startswith(WALKTHROUGHS) and page.file.src_uri.endswith(
        ".py"
    )


CLIPBOARD = re.compile(
    r'<div class="zeroclipboard-container">.*?</clipboard-copy>\s*</div>\s*', re.S
)
CLIPBOARD_TEXT = re.compile(
    r'<div class="clipboard-copy-txt" id="cell-\d+">.*?</div>\s*', re.S
)
CODE = re.compile(
    r'<div class="highlight-ipynb hl-(?P<lang>\w+)\s*"><pre><span></span>(?P<code>.*?)</pre></div>',
    re.S,
)
STDERR = re.compile(
    r'data-mime-type="application/vnd\.jupyter\.stderr"[^>]*>\s*<pre>(?P<text>.*?)</pre>',
    re.S,
)
# stdout arrives in chunks, one output block each: join consecutive blocks of plain text
# into one.
STREAM_SPLIT = re.compile(
    r'</pre>\s*</div>\s*</div>\s*<div class="jp-OutputArea-child">\s*'
    r'<div class="jp-RenderedText jp-OutputArea-output" data-mime-type="text/plain"[^>]*>\s*<pre>'
)
CODE_CELL = re.compile(
    r'(?=<div class="jp-Cell jp-CodeCell jp-Notebook-cell[^"]*" id=")'
)
NO_ALT = 'alt="No description has been provided for this image"'
# A rendered output: plain text (stdout, or a cell's value); an object repr with an
# address in it.
OUTPUT_TEXT = re.compile(
    r'data-mime-type="(?:text/plain|application/vnd\.jupyter\.stdout)"[^>]*>\s*<pre>(?P<text>.*?)</pre>',
    re.S,
)
ADDRESS = re.compile(r"<[^<>\n]* at 0x[0-9a-fA-F]+>")
HREF = re.compile(r'<a href="(?P<url>[^"]+)"')
ID = re.compile(r'\bid="([^"]+)"')


def slim(content: str) -> str:
    start = content.find('<div class="jupyter-wrapper">')
    if start < 0:
        raise PluginError(f"{CHANGED}: no jupyter-wrapper div")
    content = content[start:]
    content = CLIPBOARD_TEXT.sub("", CLIPBOARD.sub("", content))
    content = STREAM_SPLIT.sub("", content)
    content = CODE.sub(
        lambda m: (
            f'<div class="language-{m["lang"]} highlight" data-search-exclude>'
            f"<pre><span></span><code>{m['code']}</code></pre></div>"
        ),
        content,
    )
    if "highlight-ipynb" in content or "clipboard-copy" in content:
        raise PluginError(f"{CHANGED}: a code cell was left in its notebook markup")
    return content.replace('class="anchor-link"', 'class="headerlink"')


def add_alt_text(html: str, page) -> str:
    alts = [
        c.metadata.get("alt")
        for c in jupytext.read(page.file.abs_src_path).cells
        if c.cell_type == "code"
    ]
    before, *cells = CODE_CELL.split(html)
    if len(cells) != len(alts):
        raise PluginError(
            f"{CHANGED}: {len(cells)} code cells in the HTML, {len(alts)} in the notebook"
        )
    for i, (cell, alt) in enumerate(zip(cells, alts, strict=True)):
        if NO_ALT in cell and not alt:
            where = f"docs/{page.file.src_uri}"
            message = f"code cell {i + 1} shows a plot without alt text"
            raise PluginError(str(violation("walkthrough-alt", where, message)))
        cells[i] = (
            cell.replace(NO_ALT, f'alt="{escape(alt, quote=True)}"') if alt else cell
        )
    return before + "".join(cells)


def on_page_content(html, page, config, files):
    if not is_walkthrough(page):
        return html
    where = f"docs/{page.file.src_uri}"
    m = STDERR.search(html)
    if m:
        cells = CODE.findall(html, 0, m.start())
        start = re.sub(r"<[^>]+>", "", cells[-1][1]).splitlines()[0] if cells else ""
        message = (
            f"code cell {len(cells)} (starting `{unescape(start)}`) wrote to stderr"
        )
        raise PluginError(
            str(violation("walkthrough-stderr", where, message))
            + "\n"
            + unescape(m["text"])
        )
    for m in OUTPUT_TEXT.finditer(html):
        if address := ADDRESS.search(unescape(m["text"])):
            cells = CODE.findall(html, 0, m.start())
            message = f"code cell {len(cells)} shows {address.group(0)}"
            raise PluginError(str(violation("output-address", where, message)))
    html = add_alt_text(html, page)
    html = slim(html)
    page.present_anchor_ids = set(ID.findall(html))
    page.links_to_anchors = {}

    def rewrite(m: re.Match) -> str:
        url = m["url"]
        scheme, netloc, path, _, anchor = urlsplit(url)
        if scheme or netloc or not path.endswith(".md"):
            return m.group(0)
        target = posixpath.normpath(
            posixpath.join(posixpath.dirname(page.file.src_uri), path)
        )
        target_file = files.get_file_from_path(target)
        if target_file is None:
            log.warning(
                f"Doc file '{page.file.src_uri}' contains a link '{url}', but '{target}' is not found"
            )
            return m.group(0)
        if anchor:
            page.links_to_anchors.setdefault(target_file, {})[anchor] = url
        new = target_file.url_relative_to(page.file) + (f"#{anchor}" if anchor else "")
        return f'<a href="{new}"'

    return HREF.sub(rewrite, html)


def on_post_page(output, page, config):
    if not is_walkthrough(page):
        return output
    notebook = jupytext.read(page.file.abs_src_path)
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    notebook.metadata.pop("jupytext", None)
    target = Path(page.file.abs_dest_path).parent / (
        Path(page.file.src_uri).stem + ".ipynb"
    )
    target.parent.mkdir(parents=True, exist_ok=True)
    jupytext.write(notebook, target, fmt="ipynb")
    return output
