"""The browser and local server shared by the browser tests (tests/browser) and `make bench`."""

from __future__ import annotations

import functools
import gzip
import io
import os
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

# Debian's Chromium (.ci/run installs it); QA_CHROMIUM names another Chromium-based
# browser (the GitHub workflow
# uses the runner's preinstalled Chrome, as Ubuntu's chromium package is a snap
# wrapper).
CHROMIUM = Path(os.environ.get("QA_CHROMIUM", "/usr/bin/chromium"))
# Headless, and nothing that would reach out to Google's servers on its own.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class Gzipped(SimpleHTTPRequestHandler):
    """Serves the built site as GitHub Pages does: text compressed with gzip when the browser accepts it."""

    COMPRESSIBLE = {
        ".html",
        ".css",
        ".js",
        ".json",
        ".svg",
        ".xml",
        ".txt",
        ".ipynb",
        ".py",
    }

    def log_message(self, *args):
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.suffix not in self.COMPRESSIBLE or "gzip" not in self.headers.get(
            "Accept-Encoding", ""
        ):
            return super().send_head()
        if not path.is_file():
            return super().send_head()  # redirects and 404s as usual
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Gzipped, directory=str(site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"
