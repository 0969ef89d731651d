"""Builds the extension grundy._grundy with CMake (the same build as `make`), then packages it
with the pure-Python files of src/python/grundy/.

    python3 -m venv --system-site-packages .venv
    .venv/bin/pip install --no-build-isolation .

GRUNDY_BUILD_DIR=DIR reuses an existing CMake build directory (e.g. `build`, after `make`): only
the module's target is brought up to date there. Otherwise build-python/ is configured with
GRUNDY_PYTHON_ONLY (the library and the module, nothing else).
"""

import glob
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = os.environ.get("GRUNDY_BUILD_DIR")
        if build_dir:
            build_dir = os.path.abspath(build_dir)
            if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
                sys.exit("GRUNDY_BUILD_DIR={}: not a configured CMake build".format(build_dir))
        else:
            build_dir = os.path.join(ROOT, "build-python")
            generator = ["-G", "Ninja"] if shutil.which("ninja") else []
            subprocess.check_call(["cmake", "-S", ROOT, "-B", build_dir, *generator,
                                   "-DCMAKE_BUILD_TYPE=Release", "-DGRUNDY_PYTHON_ONLY=ON",
                                   "-DPython_EXECUTABLE=" + sys.executable])
        jobs = str(os.cpu_count() or 2)
        subprocess.check_call(["cmake", "--build", build_dir, "--target", "grundy_python",
                               "-j", jobs])
        built = glob.glob(os.path.join(build_dir, "python", "grundy", "_grundy*.so"))
        if len(built) != 1:
            sys.exit("the build made {} extension files: {}".format(len(built), built))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    packages=["grundy"],
    package_dir={"grundy": "src/python/grundy"},
    ext_modules=[CMakeExtension("grundy._grundy")],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-python/setuptools"},
             "egg_info": {"egg_base": "build-python"}},
    zip_safe=False,
)
