"""The key-value reader shared by both author formats: practice hands and quiz questions.

Authors write one ``clave: valor`` per line. ``#`` starts a comment (at the start of a line, or
after a space). A text value may be written between quotes (``"…"``, ``'…'`` or ``«…»``); the
quotes are dropped by :func:`unquote`. Every node keeps its 1-based source line, so each format
can report ``file:line: message``.

Two shapes, one reader:

- ``nested=True`` (practice hands): an indented line belongs to the nearest less indented key
  above it, so ``clave:`` with nothing after it opens a block::

      reparto 1:
        Tú: As Kc Ah 7c Kd

- ``nested=False`` (quiz questions): the fields are flat and an indented line continues the
  value of the field above it (a long statement wrapped over several lines).

The reader never stops at the first problem: :func:`read` returns the nodes it could build and
every ``(line, message)`` problem, in Spanish.

>>> found = read([(1, "botón: Beto  # quien reparte"), (2, "reparto 1:"), (3, "  Tú: As Kd")])
>>> [(n.key, n.value, n.line, [(c.key, c.value) for c in n.children]) for n in found.nodes], found.problems
([('botón', 'Beto', 1, []), ('reparto 1', '', 2, [('Tú', 'As Kd')])], [])
>>> found = read([(4, "enunciado: Una frase"), (5, "  que sigue."), (6, "respuesta: 3")], nested=False)
>>> [(n.key, n.value, n.line) for n in found.nodes]
[('enunciado', 'Una frase que sigue.', 4), ('respuesta', '3', 6)]
>>> normalise("Botón-Ante"), unquote("«Una sola ayuda»")
('boton ante', 'Una sola ayuda')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

from .cards import Card
from .errors import InvalidCardError
from .spanish import fold
from .table.words import say

__all__ = ["FENCE_RE", "MAX_DIGITS", "Collector", "Fence", "Node", "Problem", "Reading", "clean", "fences",
           "name_value_pairs", "normalise", "read", "read_cards", "read_int", "read_source", "split_list", "unquote"]

_COMMENT_RE = re.compile(r"(^|\s)#.*$")
#: The most digits a number in an author's file may have (a bigger one is refused at its line).
MAX_DIGITS = 12
_LONG_NUMBER_RE = re.compile(r"\d(?:\.?\d){%d,}" % MAX_DIGITS)
#: Spaces an editor may slip in that look like a plain space (no-break, narrow, figure, thin...).
_ODD_SPACES = str.maketrans({c: " " for c in "\u00a0\u2007\u2009\u202f\u200a\u3000"})
FENCE_RE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in an author's file, at a line (1-based): ``str()`` is ``file:line: message``."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


def clean(text: str) -> str:
    """An author's text as the formats read it: Windows (CRLF) and old Mac (CR) line ends as
    ``\\n``, no byte order mark, no-break and other look-alike spaces as plain spaces. All harmless:
    an author cannot see the difference in an editor.

    >>> clean("\\ufeffa:\\u00a01\\r\\nb: 2\\rc: 3")
    'a: 1\\nb: 2\\nc: 3'
    """
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").translate(_ODD_SPACES)


def read_source(path, shown: str) -> tuple[str | None, Problem | None]:
    """The text of an author's file (:func:`clean`), or the Spanish problem that prevents reading
    it: a file that is not UTF-8 is reported at the line of its first undecodable byte."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        reason = "no existe" if isinstance(exc, FileNotFoundError) else "no se puede abrir"
        return None, Problem(shown, 1, f"El archivo {reason}.")
    try:
        return clean(data.decode("utf-8-sig")), None
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return None, Problem(shown, line, f"El archivo no está guardado como UTF-8: el byte 0x{data[exc.start]:02X} de "
                                          "esta línea no es texto UTF-8 (suele ser una letra con tilde o una «ñ» de "
                                          "un archivo en Latin-1/Windows-1252). Guárdalo como UTF-8.")


def normalise(text: str) -> str:
    """A key as authors may spell it: lower case, no accents, ``-``/``_`` as spaces, no ``¿?¡!.()``,
    single spaces: ``"Botón-Ante"`` -> ``"boton ante"``, ``"3ª carta"`` -> ``"3a carta"``."""
    return fold(text, punctuation=True)


def unquote(text: str) -> str:
    """Texts may be written between quotes (a habit from other formats); the quotes are dropped."""
    if len(text) >= 2 and ((text[0] == text[-1] and text[0] in "\"'") or (text[0] == "«" and text[-1] == "»")):
        return text[1:-1].strip()
    return text


@dataclass
class Node:
    """One ``clave: valor`` line and, with ``nested=True``, the lines indented below it."""

    key: str
    value: str
    line: int
    indent: int = 0
    children: list["Node"] = field(default_factory=list)

    @property
    def norm(self) -> str:
        """The key, normalised (see :func:`normalise`)."""
        return normalise(self.key)


@dataclass
class Reading:
    """What :func:`read` found: the top-level nodes, every problem, and the normalised text of each
    line that could not be read (so a format does not report a derived «missing key» as well)."""

    nodes: list[Node]
    problems: list[tuple[int, str]]
    unread: list[str]


def read(lines: Iterable[tuple[int, str]], *, nested: bool = True, example: str = "clave: valor") -> Reading:
    """Read ``(line number, text)`` pairs into nodes, collecting every ``(line, message)`` problem.

    ``example`` is a well-formed line of the format, quoted in the message for a line without «:».
    """
    roots: list[Node] = []
    stack: list[Node] = []
    problems: list[tuple[int, str]] = []
    unread: list[str] = []
    unit = 0  # the file's indentation step (its first indented line's), for a tab that slipped in
    skipped: int | None = None  # the indentation of a line refused whole: the lines below it go with it
    for number, raw in lines:
        raw = raw.translate(_ODD_SPACES)
        lead = raw[: len(raw) - len(raw.lstrip(" \t"))]
        if nested and "\t" in lead:
            problems.append((number, "La sangría de esta línea lleva un tabulador: usa espacios (un tabulador no "
                                     "tiene un ancho fijo y la línea podría quedar en otro bloque)."))
        text = _COMMENT_RE.sub("", lead.expandtabs(unit or 2) + raw[len(lead):].expandtabs(4)).rstrip()
        if not text.strip():
            continue
        indent = len(text) - len(text.lstrip(" "))
        unit = unit or indent
        body = text.strip()
        if skipped is not None and nested and indent > skipped:
            continue
        skipped = None
        if (long := _LONG_NUMBER_RE.search(body)) is not None:
            unread.append(normalise(body))
            problems.append((number, f"El número «{_short(long.group(), 16)}» tiene demasiadas cifras: como mucho "
                                     f"{MAX_DIGITS}."))
            skipped = indent
            continue
        if not nested and indent > 0:
            if roots:
                roots[-1].value = f"{roots[-1].value} {body}".strip()
            else:
                problems.append((number, f"La línea «{_short(body)}» tiene sangría, pero no hay ningún campo encima "
                                         "al que continuar: quita los espacios del principio."))
            continue
        if ":" not in body:
            unread.append(normalise(body))
            problems.append((number, f"Falta «:» en «{_short(body)}»: cada línea es «clave: valor» "
                                     f"(por ejemplo «{example}»)."))
            continue
        key, value = body.split(":", 1)
        node = Node(key.strip(), value.strip(), number, indent)
        if not nested:
            roots.append(node)
            continue
        while stack and stack[-1].indent >= indent:
            stack.pop()
        siblings = stack[-1].children if stack else roots
        if not stack and indent > 0:
            problems.append((number, f"«{node.key}» tiene sangría pero no hay ninguna clave con «:» al final encima "
                                     "de la que dependa: quita los espacios del principio."))
            continue
        if siblings and siblings[-1].indent != indent:
            problems.append((number, f"La sangría de «{node.key}» no coincide con la de «{siblings[-1].key}» "
                                     f"(línea {siblings[-1].line}): alinea las dos líneas."))
            continue
        siblings.append(node)
        stack.append(node)
    return Reading(roots, problems, unread)


def _short(text: str, limit: int = 50) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------------------------
# Fenced code in markdown (quiz questions live in ```pregunta blocks of ordinary pages). This is
# the one fence scanner: the MkDocs hooks use it too (site_hooks.markers).

@dataclass(frozen=True)
class Fence:
    """A fenced code block: where it opens and closes (1-based lines), its indentation and info."""

    line: int
    end: int  # the closing fence's line; one past the last line when the block is never closed
    indent: str
    fence: str
    info: str
    closed: bool

    def body(self, lines: list[str]) -> list[str]:
        """The lines between the fences (``lines`` is the page split on newlines)."""
        return lines[self.line:self.end - 1]

    def numbered(self, lines: list[str]) -> list[tuple[int, str]]:
        """``(line number, text)`` of each line between the fences, without the fence's indentation."""
        indent = self.indent
        return [(n, raw[len(indent):] if raw.startswith(indent) else raw.lstrip())
                for n, raw in enumerate(self.body(lines), start=self.line + 1)]


def fences(text: str | list[str]) -> list[Fence]:
    r"""Every top-level fenced code block of ``text``, in order (fences inside one are its content).

    CommonMark rules: a fence of three or more backticks or tildes (indented fences inside lists
    and admonitions count), closed by the same character at least as many times. A block that is
    never closed runs to the end of the page.

    >>> [(f.info, f.line, f.end, f.closed) for f in fences("Texto\n```pregunta\njuego: holdem\n```\n")]
    [('pregunta', 2, 4, True)]
    >>> [f.info for f in fences("````markdown\n```pregunta\n```\n````\n")]
    ['markdown']
    """
    lines = text.split("\n") if isinstance(text, str) else text
    found: list[Fence] = []
    i = 0
    while i < len(lines):
        match = FENCE_RE.match(lines[i])
        if not match or (match["fence"][0] == "`" and "`" in match["info"]):
            i += 1
            continue
        fence = match["fence"]
        closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = i + 1
        while end < len(lines) and not closing.match(lines[end]):
            end += 1
        found.append(Fence(i + 1, end + 1, match["indent"], fence, match["info"].strip(), end < len(lines)))
        i = end + 1
    return found


# ---------------------------------------------------------------------------------------------
# Values of an author's file, each read with its own problem (None when it cannot be read): the
# practice-hand format's common keys and every game's own (engine/games/*/authoring.py) use them.

class Collector:
    """Every problem found in one file (``add(line, message)``), and the normalised text of the lines
    that could not be read at all (``broken``: a second, derived problem about them is not told)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []
        self.broken: list[str] = []

    def add(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.path, line, message))


def split_list(text: str) -> list[str]:
    """``"a, b; c"`` -> ``["a", "b", "c"]`` (empty parts dropped)."""
    return [part.strip() for part in re.split(r"[,;]", text) if part.strip()]


def read_int(node: Node, out: Collector, what: str, *, minimum: int = 0) -> int | None:
    """A whole number (thousands may be written with dots: «1.000»), at least ``minimum``."""
    text = node.value.replace(".", "").replace(" ", "")
    if not re.fullmatch(r"\d+", text):
        out.add(node.line, f"{what} debe ser un número entero (se leyó «{node.value}»).")
        return None
    number = int(text)
    if number < minimum:
        out.add(node.line, f"{what} debe ser al menos {minimum} (se leyó {number}).")
        return None
    return number


def repeated_card(card: Card, owner: str, line: int, *, of: str = "", within: str = "") -> str:
    """That ``card`` is written twice: ``owner`` (a seat, «Tú» for the reader) has it at ``line``; ``of``
    («de la mesa») says where the second one is, ``within`` («en el reparto 1») in which block.

    >>> from engine.cards import Card
    >>> repeated_card(Card.parse("As"), "Tú", 14, within=" en el reparto 1")
    'La carta «As» (As de picas) está repetida en el reparto 1: ya la tienes tú en la línea 14.'
    >>> repeated_card(Card.parse("Qh"), "Ana", 12, of=" de la mesa")
    'La carta «Qh» (Reina de corazones) de la mesa está repetida: ya la tiene Ana en la línea 12.'
    """
    holder = say(owner, "ya la tienes tú", "ya la tiene {p}")
    return f"La carta «{card}» ({card.name_es}){of} está repetida{within}: {holder} en la línea {line}."


def read_cards(text: str, line: int, out: Collector, owner: str) -> list[Card] | None:
    """Cards separated by spaces or commas («As Kd», «10d, 9c»); ``owner`` says whose, in messages."""
    parsed = []
    ok = True
    for token in text.replace(",", " ").split():
        try:
            parsed.append(Card.parse(token))
        except InvalidCardError:
            out.add(line, f"Carta no válida: «{token}» ({owner}). Escribe el valor (2-9, T o 10, J, Q, K, A) "
                          "y el palo (s picas, h corazones, d diamantes, c tréboles), por ejemplo «As» o «10d».")
            ok = False
    return parsed if ok else None


def name_value_pairs(node: Node, out: Collector, what: str) -> list[tuple[str, int, int]] | None:
    """``"Tú 1000, Ana 1000"`` (or one ``nombre: número`` per indented line) -> (name, number, line)."""
    pairs: list[tuple[str, int, int]] = []
    items: list[tuple[str, int]] = []
    if node.value:
        items += [(part, node.line) for part in split_list(node.value)]
    for child in node.children:
        items.append((f"{child.key} {child.value}", child.line))
        if child.children:
            out.add(child.children[0].line, f"«{child.key}» no lleva líneas debajo.")
    if not items:
        out.add(node.line, f"Faltan {what}: escribe «nombre número», separados por comas (por ejemplo «Tú 1000, Ana 1000»).")
        return None
    ok = True
    for item, line in items:
        match = re.fullmatch(r"(.+?)\s+(\d[\d.]*)", item.strip())
        if not match:
            out.add(line, f"No entiendo «{item}»: escribe un nombre y un número, por ejemplo «Ana 1000».")
            ok = False
            continue
        pairs.append((match.group(1).strip(), int(match.group(2).replace(".", "")), line))
    return pairs if ok else None
