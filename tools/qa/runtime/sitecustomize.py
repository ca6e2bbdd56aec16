# Imported at start-up by every interpreter a snippet starts (tools/qa/runner.py puts this
# folder on PYTHONPATH).
import qa_runtime

qa_runtime.install_from_environment()
