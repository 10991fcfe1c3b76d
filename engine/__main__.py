"""Command line: ``python -m engine COMMAND`` answers JSON Lines requests on stdin, one reply per line."""

from __future__ import annotations

import codecs
import os
import sys
from typing import Iterator

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
    from .authoring.files import main as check_main  # lazy: only this command needs it

    return check_main(argv)


_EXTRA_COMMANDS["check"] = ("comprueba las manos de práctica y las preguntas (scenarios/ y docs/, o las rutas "
                             "dadas): archivo:línea: problema")
_EXTRA_MAINS["check"] = _check


def main(argv: list[str] | None = None) -> int:
    """Run the command line; a reader that stops early (``… | head -1``) ends it quietly."""
    try:
        return _main(sys.argv[1:] if argv is None else argv)
    except BrokenPipeError:
        # Nobody reads any more: write nothing else (not even Python's flush at exit) and stop.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: list[str]) -> int:
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
    for line in _lines(sys.stdin.buffer):
        text = protocol.dumps(protocol.too_large_reply(line)) if isinstance(line, int) else answer_bytes(name, line)
        failed |= text.startswith('{"error":')
        sys.stdout.buffer.write(text.encode("utf-8") + b"\n")
        sys.stdout.buffer.flush()
    return 1 if failed else 0


def _lines(stream) -> Iterator[bytes | int]:
    """Each non-blank line of ``stream``; a line longer than the protocol's limit is not kept: its
    length in characters (counted as it is skipped, so memory stays bounded) comes instead."""
    limit = protocol.MAX_REQUEST_CHARS * 4 + 2  # UTF-8: at most 4 bytes a character
    while True:
        line = stream.readline(limit)
        if not line:
            return
        if len(line) == limit and not line.endswith(b"\n"):
            yield _skipped_length(line, stream, limit)
            continue
        if line.strip():
            yield line


def _skipped_length(start: bytes, stream, limit: int) -> int:
    r"""The length in characters of the line that begins with ``start`` (its first ``limit`` bytes),
    without its line end, reading the rest of it from ``stream`` a piece at a time; a byte that is
    not UTF-8 counts as one character.

    >>> import io
    >>> _skipped_length("ññ".encode(), io.BytesIO(("ñ" * 5 + "x\r\nnext\n").encode()), 4)
    8
    """
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    length = len(decoder.decode(start))
    tail = piece = start
    while not piece.endswith(b"\n") and (piece := stream.readline(limit)):
        length += len(decoder.decode(piece))
        tail = tail[-1:] + piece
    length += len(decoder.decode(b"", final=True))
    return length - (2 if tail.endswith(b"\r\n") else 1 if tail.endswith(b"\n") else 0)


def answer_bytes(name: str, line: bytes) -> str:
    """The reply (one line of JSON) to one raw line, whatever its bytes: never raises."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        reply = {"error": f"La línea no es texto UTF-8 válido (byte 0x{line[exc.start]:02X} en la posición "
                          f"{exc.start + 1}). Guarda las peticiones en UTF-8.", "code": "encoding"}
        return protocol.dumps(reply)
    return protocol.answer_json(name, text.rstrip("\r\n"))


if __name__ == "__main__":
    sys.exit(main())
