"""Executes a notebook headless (nbclient + ipykernel, Debian's packages) with this interpreter
and the module under test, and fails on any cell's error."""

import json
import os
import sys
import tempfile

import nbclient
import nbformat


def main(path):
    with tempfile.TemporaryDirectory() as jupyter_path:
        # A kernel that runs this very interpreter (the system kernelspec says "python3", which
        # may be another python first on PATH, without NumPy or grundy).
        spec = os.path.join(jupyter_path, "kernels", "grundy-test")
        os.makedirs(spec)
        with open(os.path.join(spec, "kernel.json"), "w") as f:
            json.dump({"argv": [sys.executable, "-Xfrozen_modules=off", "-m", "ipykernel_launcher", "-f",
                                "{connection_file}"],
                       "display_name": "grundy test", "language": "python"}, f)
        os.environ["JUPYTER_PATH"] = jupyter_path
        os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
        nb = nbformat.read(path, as_version=4)
        client = nbclient.NotebookClient(nb, kernel_name="grundy-test", timeout=300,
                                         resources={"metadata": {"path": os.getcwd()}})
        client.execute()
    errors = [o for cell in nb.cells if cell.cell_type == "code"
              for o in cell.get("outputs", []) if o.get("output_type") == "error"]
    if errors:
        sys.exit("notebook error: {}".format(errors[0]))
    cells = sum(1 for c in nb.cells if c.cell_type == "code")
    print("{}: {} code cells ran without error".format(path, cells))


if __name__ == "__main__":
    main(sys.argv[1])
