# Every ```python fence under docs/ is collected as a test by this plugin (see tests/codeblocks.py).
pytest_plugins = ["tests.codeblocks"]
