#!/usr/bin/env bash
# Prepares a fresh clone: a .venv with Python >= 3.12 and the pinned tools, the engine installed in
# editable mode, and node_modules (the Pyodide runtime) from package-lock.json.
# Idempotent and quick when nothing changed (stamps in .venv/ and node_modules/).
# Options: --browser  also install Debian's Chromium when missing (needs root and apt-get).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
die() { printf '\033[1;31m[setup] Error:\033[0m %s\n' "$*" >&2; exit 1; }

python_ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; }

python_version() { "$1" -c 'import sys; print("%d %d" % sys.version_info[:2])' 2>/dev/null; }

# The newest Python >= 3.12 that really runs (pyenv shims may exist and still refuse): Pyodide runs
# 3.14, so the closer the better.
find_python() {
  if [ -n "${PYTHON:-}" ]; then
    python_ok "$PYTHON" && { echo "$PYTHON"; return; }
    die "PYTHON=$PYTHON no es un Python >= 3.12."
  fi
  local candidates=() best="" best_key=0 c v key
  for c in python3.14 python3.13 python3.12 python3; do
    command -v "$c" >/dev/null 2>&1 && candidates+=("$(command -v "$c")")
  done
  if command -v pyenv >/dev/null 2>&1; then
    for v in $(pyenv versions --bare 2>/dev/null | grep -E '^3\.[0-9]+(\.[0-9]+)?$'); do
      candidates+=("$(pyenv prefix "$v" 2>/dev/null)/bin/python3")
    done
  fi
  for c in "${candidates[@]}"; do
    [ -x "$c" ] && python_ok "$c" || continue
    read -r major minor <<<"$(python_version "$c")"
    key=$((major * 100 + minor))
    if [ "$key" -gt "$best_key" ]; then best="$c"; best_key=$key; fi
  done
  [ -n "$best" ] && { echo "$best"; return; }
  die "hace falta Python 3.12 o posterior (se probaron python3.14, python3.13, python3.12, python3 y pyenv). Instálalo o indica su ruta con PYTHON=/ruta/python3.12."
}

# --- Python ---------------------------------------------------------------------------------
if [ ! -x .venv/bin/python ] || ! python_ok .venv/bin/python; then
  PY="$(find_python)"
  say "Creando .venv con $("$PY" --version 2>&1) ($PY)"
  rm -rf .venv
  "$PY" -m venv .venv
fi
stamp=".venv/.setup-stamp"
want="$(cat requirements-dev.txt pyproject.toml | sha256sum | cut -c1-16)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  say "Instalando las herramientas fijadas en requirements-dev.txt"
  .venv/bin/python -m pip install -q --disable-pip-version-check "pip==26.3"
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e . 2>&1 | grep -vE "BuildBackendWarning|^ *(!!|\*+|Please be careful|name as your package|with strategy)|^ *$" || true
  echo "$want" > "$stamp"
fi

# --- Node (Pyodide runtime) -----------------------------------------------------------------
command -v node >/dev/null 2>&1 || die "hace falta Node.js (>= 18) y npm: apt-get install -y nodejs npm"
nstamp="node_modules/.setup-stamp"
nwant="$(sha256sum package-lock.json | cut -c1-16)"
if [ "$(cat "$nstamp" 2>/dev/null)" != "$nwant" ]; then
  say "Instalando node_modules con npm ci (Pyodide $(node -p 'require("./package.json").dependencies.pyodide'))"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$nwant" > "$nstamp"
fi

# --- Chromium (browser tests) ---------------------------------------------------------------
if [ "${1:-}" = "--browser" ] && ! [ -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "Instalando Chromium de Debian para las pruebas de navegador"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    say "Aviso: falta Chromium (/usr/bin/chromium); las pruebas de navegador se saltarán. Instálalo con: sudo apt-get install -y chromium"
  fi
fi
say "Listo."
