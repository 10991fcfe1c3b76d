"""Command line: ``python -m engine COMMAND`` answers JSON Lines requests on stdin, one reply per line."""

from __future__ import annotations

import sys

from . import protocol
from .errors import UnknownCommandError

USAGE = """Uso: python -m engine ORDEN < peticiones.jsonl

Lee una petición JSON por línea en la entrada estándar y escribe una respuesta JSON por línea, en
el mismo orden. Una línea que no se puede responder recibe {"error": "..."} y las siguientes se
siguen respondiendo. Código de salida: 0 si todas las líneas se respondieron, 1 si alguna falló,
2 si la orden no existe.

Órdenes:
"""


def usage() -> str:
    listing = protocol.commands()
    width = max(len(name) for name in listing)
    lines = [f"  {name.ljust(width)}  {cmd.summary}" for name, cmd in listing.items()]
    extra = ["", "  --help   muestra esta ayuda"]
    extra += [f"  {name.ljust(width)}  {summary}" for name, summary in _EXTRA_COMMANDS.items()]
    return USAGE + "\n".join(lines + extra) + "\n"


#: Commands of the command line that are not protocol commands (name -> summary), with their entry points.
_EXTRA_COMMANDS: dict[str, str] = {}
_EXTRA_MAINS: dict = {}


def _check(argv: list[str]) -> int:
    from .check import main as check_main  # lazy: only this command needs it

    return check_main(argv)


_EXTRA_COMMANDS["check"] = ("comprueba las manos de práctica y las preguntas (scenarios/ y docs/, o las rutas "
                             "dadas): archivo:línea: problema")
_EXTRA_MAINS["check"] = _check


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help", "help"):
        sys.stdout.write(usage())
        return 0 if argv else 2
    name = argv[0]
    if name in _EXTRA_MAINS:
        return _EXTRA_MAINS[name](argv[1:])
    try:
        protocol.get_command(name)
    except UnknownCommandError as exc:
        sys.stderr.write(f"{exc}\n\n{usage()}")
        return 2
    failed = False
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = protocol.answer_line(name, line)
        failed |= "error" in reply
        sys.stdout.write(protocol.dumps(reply) + "\n")
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
