"""Runs INSIDE Pyodide under Node at build time (site_hooks/make_runtime.mjs), never in CPython.

Python in Pyodide imports its standard library from ``python_stdlib.zip``, which holds only ``.py``
sources: every start compiles the ~130 modules Pyodide itself imports (about two thirds of a plain
``loadPyodide`` under Node). The engine wheel holds sources too. This module writes, with the
bytecode of Pyodide's own Python (the right magic number, which ``pyodide py-compile`` does not give):

- a trimmed standard library: every stdlib module imported by Pyodide's start, by installing the
  engine wheel as the browser does (on ``sys.path`` as it is) and by importing every engine module and
  every module the engine's sources name in an ``import``, lazy ones included (make_runtime.mjs lists
  them), as sourceless unchecked-hash ``.pyc``,
  plus a ``sitecustomize`` safety net: a meta-path finder that, on the first import of a stdlib
  module left out, loads the full zip (the file named by ``ENGINE_FULL_STDLIB``: a path in Pyodide's
  file system, or a URL fetched with a synchronous request, allowed in a worker) and imports from it.
  ``sitecustomize.MISSES`` lists what it had to fetch (tests assert it stays empty);
- the engine wheel with a sourceless unchecked-hash ``.pyc`` in place of each ``.py`` (measured: the
  engine's modules import in less than half the time; beside the sources the wheel would grow from
  0.21 MB to 0.62 MB, sourceless to 0.40 MB). Tracebacks keep file, line and function, not the
  source text; the engine's "internal" replies never carried a traceback anyway.

The docstrings of modules and functions are left out of the bytecode (``python -OO`` drops them too;
asserts stay): the engine reads none at run time, and the standard library supports running without
them.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import importlib.util
import json
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STDLIB_ZIP = "/lib/python314.zip"

FALLBACK = '''\
"""Trimmed standard library of the site (site_hooks/lean_runtime.py): a stdlib module left out of
this zip is imported from the full one, loaded once on the first miss."""
import sys

MISSING = frozenset(%(missing)r)
MISSES = []
FULL = "/lib/python_stdlib_full.zip"


class FullStdlibFinder:
    loaded = False

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname not in MISSING:
            return None
        MISSES.append(fullname)
        if not cls.loaded:
            cls.load(fullname)
        import zipimport
        return zipimport.zipimporter("/".join([FULL] + fullname.split(".")[:-1])).find_spec(fullname)

    @classmethod
    def load(cls, fullname):
        import os
        source = os.environ.get("ENGINE_FULL_STDLIB", "")
        sys.stderr.write(f"biblioteca estándar recortada: falta {fullname}, se carga la completa ({source})\\n")
        if source.startswith("/"):
            with open(source, "rb") as handle:
                data = handle.read()
        elif source:
            from js import XMLHttpRequest
            request = XMLHttpRequest.new()
            request.open("GET", source, False)
            request.responseType = "arraybuffer"
            request.send(None)
            if request.status != 200:
                raise ImportError(f"no se pudo descargar la biblioteca estándar completa ({request.status})")
            data = request.response.to_bytes()
        else:
            raise ImportError(f"{fullname} no está en la biblioteca estándar recortada")
        with open(FULL, "wb") as handle:
            handle.write(data)
        sys.path.append(FULL)
        cls.loaded = True


sys.meta_path.append(FullStdlibFinder)
'''


def without_docstrings(tree: ast.Module) -> ast.Module:
    """The tree without the docstrings of modules and functions (asserts kept, line numbers unchanged).
    Classes keep theirs: ``@dataclass`` writes a missing class docstring from ``inspect.signature``,
    which cost more time at import (≈ 0.27 s in Node for the simulator's modules) than it saved."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body.pop(0)
                if not node.body:
                    node.body.append(ast.Pass(lineno=first.lineno, col_offset=first.col_offset,
                                              end_lineno=first.end_lineno, end_col_offset=first.end_col_offset))
    return tree


def pyc(source: bytes, filename: str) -> bytes:
    code = compile(without_docstrings(ast.parse(source, filename)), filename, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)


def write_stdlib(out: str, origins) -> str:
    """The trimmed zip: the modules at ``origins`` (paths inside the stdlib zip) plus the safety net."""
    full = zipfile.ZipFile(STDLIB_ZIP)
    prefix = STDLIB_ZIP + "/"
    used = sorted({origin[len(prefix):] for origin in origins})
    every = {name[:-3].removesuffix("/__init__").replace("/", ".")
             for name in full.namelist() if name.endswith(".py") and not name.startswith("site-packages/")}
    kept = {name[:-3].removesuffix("/__init__").replace("/", ".") for name in used}
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in used:
            zf.writestr(name[:-3] + ".pyc", pyc(full.read(name), prefix + name))
        zf.writestr("sitecustomize.pyc", pyc((FALLBACK % {"missing": sorted(every - kept)}).encode(),
                                             prefix + "sitecustomize.py"))
    return json.dumps({"kept": len(kept), "left_out": len(every - kept)})


def write_wheel(wheel_in: str, wheel_out: str) -> str:
    """The same wheel with sourceless unchecked-hash .pyc in place of every .py, RECORD updated."""
    written: dict[str, bytes] = {}
    with zipfile.ZipFile(wheel_in) as src:
        record_name = next(n for n in src.namelist() if n.endswith(".dist-info/RECORD"))
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith(".py"):
                written[info.filename + "c"] = pyc(data, info.filename)
            elif info.filename != record_name:
                written[info.filename] = data
    lines = [f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},"
             f"{len(data)}" for name, data in written.items()]
    written[record_name] = ("\n".join(lines + [f"{record_name},,"]) + "\n").encode()
    with zipfile.ZipFile(wheel_out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for name, data in written.items():
            dst.writestr(name, data)
    return json.dumps({"compiled": sum(name.endswith(".pyc") for name in written)})
